import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Result, Skeleton, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntryGroupMember, Permissions, type EntryGroupMemberRow } from '@breedwise/contracts';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { usePage } from '../../../shell/workspace/page-context';
import { doeKeys, groupApi } from '../api';

const rules = fieldRules(EntryGroupMember);

/** /doe/nursery/entries/viewGroup/:id and viewExpGroup/:id: a group's members; a group becomes a nursery planting list. */
export default function EntryGroupViewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(usePage().params.id);
  const canEdit = usePermission(Permissions.doe.entriesEdit);
  const canList = usePermission(Permissions.doe.germListAdd);
  const { data, isError } = useQuery({ queryKey: [...doeKeys.group, id], queryFn: () => groupApi.detail(id) });
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  if (isError) return <Result status="404" title={t('doe.common.notFound')} />;
  if (!data) return <Card><Skeleton active /></Card>;
  const members = data.members.map(({ materialName, generation, pedigree, source, remark }) => ({ materialName, generation, pedigree, source, remark }));
  const saveMembers = async (next: typeof members) => {
    await groupApi.update({ id, name: data.name, year: data.year, season: data.season, remark: data.remark, members: next });
    await queryClient.invalidateQueries({ queryKey: doeKeys.group });
  };
  const toList = async () => {
    const list = await groupApi.toList(id, `${data.name} ${t('doe.group.listSuffix')}`);
    void message.success(t('doe.group.listCreated', { name: list.name }));
    navigate('/doe/exp/germList');
  };
  return (
    <div className="bw-page">
      <Card variant="borderless" title={<Space>{data.name}<Tag>{t(`doe.group.types.${data.type}`)}</Tag></Space>}
        extra={<Space>
          {canEdit && <Button icon={<PlusOutlined />} onClick={() => { form.resetFields(); setAdding(true); }}>{t('doe.group.addMember')}</Button>}
          {canEdit && canList && <Button type="primary" onClick={toList} disabled={!data.members.length}>{t('doe.group.toList')}</Button>}
        </Space>}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 4 }} style={{ marginBottom: 12 }} items={[
          { key: 'e', label: t('doe.harvest.experiment'), children: data.experimentId ? <a onClick={() => navigate(`/doe/exp/design/viewExperiment/${data.experimentId}`)}>{data.experimentName}</a> : '—' },
          { key: 'y', label: t('doe.common.year'), children: data.year ?? '—' },
          { key: 'm', label: t('doe.group.members'), children: data.memberCount },
          { key: 'r', label: t('doe.common.remark'), children: data.remark ?? '—' },
        ]} />
        <Table<EntryGroupMemberRow> size="small" rowKey="id" dataSource={data.members} pagination={{ pageSize: 20 }} columns={[
          { title: '#', dataIndex: 'seq', width: 60 },
          { title: t('doe.germList.material'), dataIndex: 'materialName' },
          { title: t('doe.entries.generation'), dataIndex: 'generation', width: 100 },
          { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
          { title: t('doe.group.source'), dataIndex: 'source', width: 160 },
          ...(canEdit ? [{
            title: t('common.actions'), key: 'a', width: 90, render: (_: unknown, r: EntryGroupMemberRow) => (
              <Popconfirm title={t('common.deleteConfirm', { name: r.materialName })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => saveMembers(members.filter((_m, i) => i !== r.seq - 1))}>
                <Button type="link" size="small" danger>{t('common.delete')}</Button>
              </Popconfirm>
            ),
          }] : []),
        ]} />
      </Card>
      <Modal open={adding} title={t('doe.group.addMember')} onCancel={() => setAdding(false)} okText={t('common.save')} cancelText={t('common.cancel')} forceRender
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await saveMembers([...members, v]);
            setAdding(false);
          } catch (err) {
            applyServerErrors(form, err);
          }
        }}>
        <Form form={form} layout="vertical">
          <Form.Item name="materialName" label={t('doe.germList.material')} rules={rules.materialName} required><Input maxLength={100} /></Form.Item>
          <Form.Item name="generation" label={t('doe.entries.generation')} rules={rules.generation} extra={t('doe.germList.generationHelp')}><Input maxLength={20} /></Form.Item>
          <Form.Item name="pedigree" label={t('doe.entries.pedigree')}><Input maxLength={500} /></Form.Item>
          <Form.Item name="source" label={t('doe.group.source')}><Input maxLength={100} /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
