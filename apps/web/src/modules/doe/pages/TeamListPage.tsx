import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Permissions, TeamFields, type TeamRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, teamApi } from '../api';
import { MembersModal } from '../components/MembersModal';
import { UserSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(TeamFields);

/** Breeding teams: leader, members, enable/disable. */
export default function TeamListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<TeamRow | null | undefined>(undefined);
  const [members, setMembers] = useState<TeamRow | null>(null);
  const [form] = Form.useForm();
  const canAdd = usePermission(P.teamAdd);
  const canEdit = usePermission(P.teamEdit);
  const canRemove = usePermission(P.teamRemove);
  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.team });

  const columns = useMemo<ColumnsType<TeamRow>>(() => [
    { title: t('doe.team.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200 },
    { title: t('doe.team.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 140 },
    { title: t('doe.team.members'), dataIndex: 'memberCount', key: 'memberCount', width: 90 },
    { title: t('doe.team.projects'), dataIndex: 'projectCount', key: 'projectCount', width: 90 },
    { title: t('doe.common.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right', width: 260,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setMembers(r)}>{t('doe.team.members')}</Button>
          {canEdit && <Button type="link" size="small" onClick={() => { setEditing(r); form.setFieldsValue(r); }}>{t('common.edit')}</Button>}
          {canEdit && <Button type="link" size="small" onClick={async () => { await teamApi.setStatus([r.id], r.status === 'enabled' ? 'disabled' : 'enabled'); void refresh(); }}>{r.status === 'enabled' ? t('common.disable') : t('common.enable')}</Button>}
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await teamApi.remove(r.id); void refresh(); }}>
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
    try {
      if (editing) await teamApi.update({ ...v, id: editing.id });
      else await teamApi.create(v);
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  return (
    <div className="bw-page">
      <Card title={t('doe.team.title')} variant="borderless">
        <DataTable<TeamRow> testId="team-table" queryKey={doeKeys.team} tableName="doe.team" params={params} fetch={teamApi.page} columns={columns} rowKey="id"
          toolbar={<>
            <Input.Search allowClear placeholder={t('doe.team.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); }}>{t('doe.team.add')}</Button>}
          </>} />
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.team.editTitle' : 'doe.team.add')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} maskClosable={false} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('doe.team.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item>
          <Form.Item name="leaderId" label={t('doe.team.leader')}><UserSelect source="team" options={editing?.leaderId ? [{ value: editing.leaderId, label: editing.leaderName }] : undefined} /></Form.Item>
          <Form.Item name="description" label={t('doe.common.description')} rules={rules.description}><Input.TextArea rows={3} maxLength={500} /></Form.Item>
        </Form>
      </Modal>
      <MembersModal open={!!members} title={t('doe.members.titleOf', { name: members?.name })} source="team" editable={canEdit} onClose={() => { setMembers(null); void refresh(); }}
        load={() => teamApi.members(members!.id)} save={(m) => teamApi.setMembers({ id: members!.id, members: m })} />
    </div>
  );
}
