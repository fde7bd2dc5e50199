import { useMemo, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Modal, Popconfirm, Row, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Permissions, ProjectFields, type ProjectRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, projectApi, teamApi } from '../api';
import { MembersModal } from '../components/MembersModal';
import { UserSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(ProjectFields);

/** Breeding projects of the current crop: team, leader, dates, members; experiments and lists are filed under them. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [mine, setMine] = useState(false);
  const [editing, setEditing] = useState<ProjectRow | null | undefined>(undefined);
  const [members, setMembers] = useState<ProjectRow | null>(null);
  const [form] = Form.useForm();
  const canAdd = usePermission(P.projectAdd);
  const canEdit = usePermission(P.projectEdit);
  const canRemove = usePermission(P.projectRemove);
  const teams = useQuery({ queryKey: [...doeKeys.team, 'all'], queryFn: () => teamApi.page({ pageSize: 200, status: 'enabled' }), enabled: canAdd || canEdit });
  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.project });

  const columns = useMemo<ColumnsType<ProjectRow>>(() => [
    { title: t('doe.project.code'), dataIndex: 'code', key: 'code', sorter: true, width: 130 },
    { title: t('doe.project.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220 },
    { title: t('doe.project.team'), dataIndex: 'teamName', key: 'teamName', width: 140 },
    { title: t('doe.project.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 120 },
    { title: t('doe.project.period'), key: 'startDate', sorter: true, width: 200, render: (_, r) => [r.startDate, r.endDate].filter(Boolean).join(' ~ ') || '—' },
    { title: t('doe.project.members'), dataIndex: 'memberCount', key: 'memberCount', width: 80 },
    { title: t('doe.project.experiments'), dataIndex: 'experimentCount', key: 'experimentCount', width: 80 },
    { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right', width: 260,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setMembers(r)}>{t('doe.project.members')}</Button>
          {canEdit && <Button type="link" size="small" onClick={() => { setEditing(r); form.setFieldsValue({ ...r, startDate: r.startDate ? dayjs(r.startDate) : null, endDate: r.endDate ? dayjs(r.endDate) : null }); }}>{t('common.edit')}</Button>}
          {canEdit && <Button type="link" size="small" onClick={async () => { await projectApi.setStatus([r.id], r.status === 'enabled' ? 'disabled' : 'enabled'); void refresh(); }}>{r.status === 'enabled' ? t('common.disable') : t('common.enable')}</Button>}
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await projectApi.remove(r.id); void refresh(); }}>
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
    const body = { ...v, startDate: v.startDate ? v.startDate.format('YYYY-MM-DD') : null, endDate: v.endDate ? v.endDate.format('YYYY-MM-DD') : null };
    try {
      if (editing) await projectApi.update({ ...body, id: editing.id });
      else await projectApi.create(body);
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  const params = useMemo(() => ({ keyword: keyword || undefined, mine: mine ? 'true' : undefined }), [keyword, mine]);
  return (
    <div className="bw-page">
      <Card title={t('doe.project.title')} variant="borderless">
        <DataTable<ProjectRow> testId="project-table" queryKey={doeKeys.project} tableName="doe.project" params={params} fetch={projectApi.page} columns={columns} rowKey="id"
          toolbar={<>
            <Input.Search allowClear placeholder={t('doe.project.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
            <Space size={4}><Switch checked={mine} onChange={setMine} size="small" />{t('doe.project.mine')}</Space>
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); }}>{t('doe.project.add')}</Button>}
          </>} />
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.project.editTitle' : 'doe.project.add')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} width={680} maskClosable={false} forceRender>
        <Form form={form} layout="vertical">
          <Row gutter={12}>
            <Col span={14}><Form.Item name="name" label={t('doe.project.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item></Col>
            <Col span={10}><Form.Item name="code" label={t('doe.project.code')} rules={rules.code} required><Input maxLength={50} /></Form.Item></Col>
            <Col span={12}><Form.Item name="teamId" label={t('doe.project.team')}><Select allowClear options={(teams.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }))} /></Form.Item></Col>
            <Col span={12}><Form.Item name="leaderId" label={t('doe.project.leader')}><UserSelect source="project" options={editing?.leaderId ? [{ value: editing.leaderId, label: editing.leaderName }] : undefined} /></Form.Item></Col>
            <Col span={12}><Form.Item name="startDate" label={t('doe.project.startDate')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={12}><Form.Item name="endDate" label={t('doe.project.endDate')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={24}><Form.Item name="description" label={t('doe.common.description')} rules={rules.description}><Input.TextArea rows={3} maxLength={1000} /></Form.Item></Col>
          </Row>
        </Form>
      </Modal>
      <MembersModal open={!!members} title={t('doe.members.titleOf', { name: members?.name })} source="project" editable={canEdit} onClose={() => { setMembers(null); void refresh(); }}
        load={() => projectApi.members(members!.id)} save={(m) => projectApi.setMembers({ id: members!.id, members: m })} />
    </div>
  );
}
