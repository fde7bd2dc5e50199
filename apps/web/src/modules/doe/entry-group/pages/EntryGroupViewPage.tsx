import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, EntryGroupMember, type EntryGroupMemberInput, type EntryGroupMemberRow } from '@breedwise/contracts/doe';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { fieldRules } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { doePaths } from '../../paths';

const rules = fieldRules(EntryGroupMember);
const entryGroup = api.doe.entryGroup;

/** /doe/nursery/entries/viewGroup/:id and viewExpGroup/:id: a group's members; a group becomes a nursery planting list. */
export default function EntryGroupViewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const canEdit = usePermission(P.entriesEdit);
  const canList = usePermission(P.germListAdd);
  const { data, isError } = useQuery({ queryKey: [...entryGroup.detail.key, id], queryFn: () => entryGroup.detail({ id }) });
  useRecordTitle(data?.type === 'experiment' ? 'doe.entryGroup.viewExpTitle' : 'doe.entryGroup.viewTitle', data?.name);
  const [adding, setAdding] = useState(false);
  if (!data) return <DetailState failed={isError} />;
  const members: EntryGroupMemberInput[] = data.members.map(({ materialName, generation, pedigree, source, remark }) => ({
    materialName,
    generation,
    pedigree,
    source,
    remark,
  }));
  const saveMembers = async (next: EntryGroupMemberInput[]) => {
    await entryGroup.update({ id, name: data.name, year: data.year, season: data.season, remark: data.remark, members: next }, { errorMode: 'silent' });
    await queryClient.invalidateQueries({ queryKey: entryGroup.$key });
  };
  const toList = async () => {
    // Spec section 8: a refusal (an empty group, a name taken) shows in a modal.
    const list = await entryGroup.toList({ id, name: `${data.name} ${t('doe.entryGroup.listSuffix')}` }, { errorMode: 'modal' });
    void message.success(t('doe.entryGroup.listCreated', { name: list.name }));
    navigate(doePaths.germLists);
  };
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={
          <Space>
            {data.name}
            <Tag>{t(`doe.entryGroup.types.${data.type}`)}</Tag>
          </Space>
        }
        extra={
          <Space>
            {canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('doe.entryGroup.addMember')}
              </Button>
            )}
            {canEdit && canList && (
              <Button type="primary" onClick={toList} disabled={!data.members.length}>
                {t('doe.entryGroup.toList')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 4 }}
          style={{ marginBottom: 12 }}
          items={[
            {
              key: 'e',
              label: t('doe.harvest.experiment'),
              children: data.experimentId ? <a onClick={() => navigate(doePaths.experimentView(data.experimentId!))}>{data.experimentName}</a> : '—',
            },
            { key: 'y', label: t('doe.common.year'), children: data.year ?? '—' },
            { key: 'm', label: t('doe.entryGroup.members'), children: data.memberCount },
            { key: 'r', label: t('doe.common.remark'), children: data.remark ?? '—' },
          ]}
        />
        <Table<EntryGroupMemberRow>
          size="small"
          rowKey="id"
          dataSource={data.members}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: '#', dataIndex: 'seq', width: 60 },
            { title: t('doe.germList.material'), dataIndex: 'materialName' },
            { title: t('doe.entries.generation'), dataIndex: 'generation', width: 100 },
            { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', ellipsis: true },
            { title: t('doe.entryGroup.source'), dataIndex: 'source', width: 160 },
            ...(canEdit
              ? [
                  {
                    title: t('common.actions'),
                    key: 'a',
                    width: 90,
                    render: (_: unknown, r: EntryGroupMemberRow) => (
                      <Popconfirm
                        title={t('common.deleteConfirm', { name: r.materialName })}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => saveMembers(members.filter((_m, i) => i !== r.seq - 1))}
                      >
                        <Button type="link" size="small" danger>
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ContractFormModal
        open={adding}
        title={t('doe.entryGroup.addMember')}
        schema={EntryGroupMember}
        onClose={() => setAdding(false)}
        onSubmit={(member) => saveMembers([...members, member])}
      >
        {() => (
          <>
            <Form.Item name="materialName" label={t('doe.germList.material')} rules={rules.materialName} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="generation" label={t('doe.entries.generation')} rules={rules.generation} extra={t('doe.germList.generationHelp')}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="pedigree" label={t('doe.entries.pedigree')} rules={rules.pedigree}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="source" label={t('doe.entryGroup.source')} rules={rules.source}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        )}
      </ContractFormModal>
    </div>
  );
}
