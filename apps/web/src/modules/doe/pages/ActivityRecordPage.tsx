import { useMemo, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ActivityRecordFields, Permissions, type ActivityRecordRow, type UploadResult } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { FileUploader } from '../../../components/upload';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { activityApi, doeKeys, experimentApi, fieldApi } from '../api';
import { RemoteSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(ActivityRecordFields);
const key = [...doeKeys.activity, 'record'];

/** Field activities as they happen: category, date, experiment or field, operator, cost, photos. */
export default function ActivityRecordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<ActivityRecordRow | null | undefined>(undefined);
  const [files, setFiles] = useState<UploadResult[]>([]);
  const [form] = Form.useForm();
  const canAdd = usePermission(P.activityAdd);
  const canEdit = usePermission(P.activityEdit);
  const canRemove = usePermission(P.activityRemove);
  const categories = useQuery({ queryKey: [...doeKeys.activity, 'category', 'options'], queryFn: () => activityApi.categories({ pageSize: 200, status: 'enabled' }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.activity });
  const columns = useMemo<ColumnsType<ActivityRecordRow>>(() => [
    { title: t('doe.activity.date'), dataIndex: 'activityDate', key: 'activityDate', sorter: true, width: 110 },
    { title: t('doe.activity.category'), dataIndex: 'categoryName', key: 'categoryName', sorter: true, width: 110, render: (v: string, r) => <Tag color={r.categoryColor ?? undefined}>{v}</Tag> },
    { title: t('doe.activity.titleLabel'), dataIndex: 'title', key: 'title', sorter: true, width: 180 },
    { title: t('doe.harvest.experiment'), dataIndex: 'experimentName', key: 'experimentName', width: 180, ellipsis: true },
    { title: t('doe.experiment.field'), dataIndex: 'fieldName', key: 'fieldName', width: 130 },
    { title: t('doe.activity.operator'), dataIndex: 'operator', key: 'operator', width: 100 },
    { title: t('doe.activity.cost'), dataIndex: 'cost', key: 'cost', sorter: true, width: 90 },
    { title: t('doe.activity.files'), key: 'files', width: 150, render: (_, r) => r.files.map((f) => <a key={f.fileId} href={f.fileUrl} target="_blank" rel="noreferrer" style={{ marginRight: 6 }}>{f.fileName}</a>) },
    { title: t('doe.activity.content'), dataIndex: 'content', key: 'content', ellipsis: true },
    {
      title: t('common.actions'), key: 'a', fixed: 'right', width: 130, render: (_, r) => (
        <Space size={0}>
          {canEdit && <Button type="link" size="small" onClick={() => {
            setEditing(r);
            setFiles(r.files.map((f) => ({ fileId: f.fileId, fileName: f.fileName, src: f.fileUrl, size: 0, contentType: '' })));
            form.setFieldsValue({ ...r, activityDate: dayjs(r.activityDate) });
          }}>{t('common.edit')}</Button>}
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.title })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await activityApi.removeRecord(r.id); void refresh(); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canEdit, canRemove]);
  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, activityDate: v.activityDate.format('YYYY-MM-DD'), fileIds: files.map((f) => f.fileId) };
    try {
      if (editing) await activityApi.updateRecord({ ...body, id: editing.id });
      else await activityApi.createRecord(body);
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  const params = useMemo(() => ({ categoryId, keyword: keyword || undefined }), [categoryId, keyword]);
  return (
    <div className="bw-page">
      <Card title={t('doe.activity.recordTitle')} variant="borderless">
        <DataTable<ActivityRecordRow> testId="activity-record-table" queryKey={key} tableName="doe.activityRecord" params={params} fetch={activityApi.records} columns={columns} rowKey="id"
          toolbar={<>
            <Select allowClear style={{ width: 150 }} placeholder={t('doe.activity.category')} value={categoryId} onChange={setCategoryId} options={(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            <Input.Search allowClear placeholder={t('doe.activity.keyword')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setFiles([]); form.resetFields(); form.setFieldsValue({ activityDate: dayjs() }); }}>{t('doe.activity.addRecord')}</Button>}
          </>} />
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.activity.editRecord' : 'doe.activity.addRecord')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} width={720} forceRender maskClosable={false}>
        <Form form={form} layout="vertical">
          <Row gutter={12}>
            <Col span={8}><Form.Item name="categoryId" label={t('doe.activity.category')} rules={rules.categoryId} required><Select options={(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))} /></Form.Item></Col>
            <Col span={8}><Form.Item name="activityDate" label={t('doe.activity.date')} required><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={8}><Form.Item name="operator" label={t('doe.activity.operator')} rules={rules.operator}><Input maxLength={50} /></Form.Item></Col>
            <Col span={24}><Form.Item name="title" label={t('doe.activity.titleLabel')} rules={rules.title} required><Input maxLength={100} /></Form.Item></Col>
            <Col span={12}>
              <Form.Item name="experimentId" label={t('doe.harvest.experiment')}>
                <RemoteSelect allowClear options={editing?.experimentId ? [{ value: editing.experimentId, label: editing.experimentName }] : undefined} fetch={async (k) => (await experimentApi.options(k)).map((e) => ({ value: e.id, label: `${e.name} (${e.code})` }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="fieldId" label={t('doe.experiment.field')}>
                <RemoteSelect allowClear options={editing?.fieldId ? [{ value: editing.fieldId, label: editing.fieldName }] : undefined} fetch={async (k) => (await fieldApi.page({ keyword: k, pageSize: 50 })).rows.map((f) => ({ value: f.id, label: `${f.name} · ${f.locationName}` }))} />
              </Form.Item>
            </Col>
            <Col span={8}><Form.Item name="cost" label={t('doe.activity.cost')} rules={rules.cost}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={24}><Form.Item name="content" label={t('doe.activity.content')} rules={rules.content}><Input.TextArea rows={3} maxLength={2000} /></Form.Item></Col>
            <Col span={24}><Form.Item label={t('doe.activity.files')}><FileUploader kind="any" businessType="doe.activity" maxCount={20} value={files} onChange={setFiles} /></Form.Item></Col>
          </Row>
        </Form>
      </Modal>
    </div>
  );
}
