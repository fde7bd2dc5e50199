import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Segmented, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EntryGroupFields, Permissions, type EntryGroupRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, groupApi } from '../api';
import { DictSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(EntryGroupFields);
export const groupPath = (g: { id: number; type: string }) => `/doe/nursery/entries/${g.type === 'experiment' ? 'viewExpGroup' : 'viewGroup'}/${g.id}`;

/** Entry groups: nursery groups and groups of entries chosen from experiments. */
export default function EntryGroupListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [type, setType] = useState<'all' | 'nursery' | 'experiment'>('all');
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const canAdd = usePermission(P.entriesAdd);
  const canRemove = usePermission(P.entriesRemove);
  const columns = useMemo<ColumnsType<EntryGroupRow>>(() => [
    { title: t('doe.group.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220, render: (v: string, r) => <a onClick={() => navigate(groupPath(r))}>{v}</a> },
    { title: t('doe.group.type'), dataIndex: 'type', key: 'type', sorter: true, width: 120, render: (v: string) => <Tag>{t(`doe.group.types.${v}`)}</Tag> },
    { title: t('doe.harvest.experiment'), dataIndex: 'experimentName', key: 'experimentName', width: 200 },
    { title: t('doe.common.year'), dataIndex: 'year', key: 'year', sorter: true, width: 80 },
    { title: t('doe.group.members'), dataIndex: 'memberCount', key: 'memberCount', width: 90 },
    { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'a', fixed: 'right', width: 150, render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(groupPath(r))}>{t('common.view')}</Button>
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await groupApi.remove(r.id); void queryClient.invalidateQueries({ queryKey: doeKeys.group }); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canRemove]);
  const params = useMemo(() => ({ keyword: keyword || undefined, type: type === 'all' ? undefined : type }), [keyword, type]);
  return (
    <div className="bw-page">
      <Card title={t('doe.group.title')} variant="borderless">
        <DataTable<EntryGroupRow> testId="group-table" queryKey={doeKeys.group} tableName="doe.entryGroup" params={params} fetch={groupApi.page} columns={columns} rowKey="id"
          toolbar={<>
            <Segmented value={type} onChange={(v) => setType(v as typeof type)} options={(['all', 'nursery', 'experiment'] as const).map((v) => ({ value: v, label: v === 'all' ? t('common.all') : t(`doe.group.types.${v}`) }))} />
            <Input.Search allowClear placeholder={t('doe.group.keyword')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => { form.resetFields(); setAdding(true); }}>{t('doe.group.add')}</Button>}
          </>} />
      </Card>
      <Modal open={adding} title={t('doe.group.add')} onCancel={() => setAdding(false)} okText={t('common.save')} cancelText={t('common.cancel')} forceRender
        onOk={async () => {
          const v = await form.validateFields();
          try {
            const g = await groupApi.create({ ...v, members: [] });
            setAdding(false);
            void message.success(t('doe.common.saved'));
            navigate(groupPath(g));
          } catch (err) {
            applyServerErrors(form, err);
          }
        }}>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('doe.group.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item>
          <Space>
            <Form.Item name="year" label={t('doe.common.year')}><InputNumber /></Form.Item>
            <Form.Item name="season" label={t('doe.common.season')}><DictSelect dictType="doe_season" style={{ width: 160 }} /></Form.Item>
          </Space>
          <Form.Item name="remark" label={t('doe.common.remark')}><Input maxLength={500} /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
