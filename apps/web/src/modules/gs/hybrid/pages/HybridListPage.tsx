import { useMemo, useState } from 'react';
import { App, Button, Input, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type GcaRow } from '@breedwise/contracts/gs';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, deleteAction, type RowActionItem } from '../../../../components/data-table/RowActions';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermissionChecker } from '../../../../lib/permissions';
import { api } from '../../api';
import { gsPaths } from '../../paths';
import { StateTag } from '../../components/StateTag';
import { useUnfinishedRefresh } from '../../components/useUnfinishedRefresh';
import { GcaModal } from '../components/GcaModal';

const hybrid = api.gs.hybrid;

const unfinished = async () => {
  const page = await hybrid.gcaPage({ pageSize: 50 });
  return page.rows.filter((r) => r.status === 'queued' || r.status === 'creating').length;
};

/** Hybrid prediction (/gs/prediction/hybrid): GCA tasks on hybrid datasets, their state and the pools they cover. */
export default function HybridListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermissionChecker();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  useUnfinishedRefresh(['gs', 'unfinished', 'gca'], unfinished, hybrid.gcaPage.key);

  const columns = useMemo<ColumnsType<GcaRow>>(() => {
    const actions = (r: GcaRow): RowActionItem[] => [
      { key: 'view', label: t('common.view'), onClick: () => navigate(gsPaths.hybridDetail(r.id)) },
      ...(can(P.predictAdd) && (r.status === 'finished' || r.status === 'failed')
        ? [
            {
              key: 'reset',
              label: t('gs.hybrid.reset'),
              onClick: async () => {
                await hybrid.resetGcaTask({ id: r.id });
                message.success(t('gs.model.queued'));
                await qc.invalidateQueries({ queryKey: hybrid.$key });
              },
            },
          ]
        : []),
      ...(can(P.predictRemove)
        ? [
            deleteAction(t('common.delete'), t('common.deleteConfirm', { name: r.name }), async () => {
              await hybrid.removeGcaTask({ id: r.id });
              message.success(t('common.success'));
              await qc.invalidateQueries({ queryKey: hybrid.$key });
            }),
          ]
        : []),
    ];
    const count = (v: number | null) => (v === null ? '—' : v);
    return [
      {
        title: t('gs.hybrid.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 180,
        fixed: 'left',
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => navigate(gsPaths.hybridDetail(r.id))} data-testid="gca-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('gs.hybrid.dataset'), dataIndex: 'datasetName', key: 'datasetName', width: 160, ellipsis: true },
      { title: t('gs.model.trait'), dataIndex: 'traitCode', key: 'traitCode', width: 100 },
      {
        title: t('gs.hybrid.model'),
        key: 'model',
        width: 190,
        render: (_: unknown, r) => `GCA${r.sca ? ' + SCA' : ''}${r.fixedEffects.map((f) => ` + ${f}`).join('')} · ${t(`gs.hybrid.methods.${r.method}`)}`,
      },
      { title: t('gs.hybrid.pool1'), dataIndex: 'pool1Count', key: 'pool1Count', width: 90, align: 'right', render: count },
      { title: t('gs.hybrid.pool2'), dataIndex: 'pool2Count', key: 'pool2Count', width: 90, align: 'right', render: count },
      { title: t('gs.hybrid.untested'), dataIndex: 'untestedCount', key: 'untestedCount', width: 110, align: 'right', render: count },
      { title: t('common.status'), dataIndex: 'status', key: 'status', width: 110, render: (v: GcaRow['status']) => <StateTag state={v} /> },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
      actionsColumn(t('common.actions'), actions({ id: 0, name: '', status: 'finished' } as GcaRow), (r: GcaRow) => <RowActions items={actions(r)} />),
    ];
  }, [t, navigate, can, message, qc]);

  return (
    <div className="bw-page">
      <DataTable<GcaRow>
        endpoint={hybrid.gcaPage}
        params={{ keyword: keyword || undefined }}
        columns={columns}
        rowKey="id"
        tableName="gs.hybrid"
        testId="gca-table"
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={t('gs.hybrid.keyword')} onSearch={setKeyword} style={{ width: 200 }} />
            {can(P.predictAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="gca-add">
                {t('gs.hybrid.add')}
              </Button>
            )}
          </Space>
        }
      />
      <GcaModal open={adding} onClose={() => setAdding(false)} onCreated={(id) => navigate(gsPaths.hybridDetail(id))} />
    </div>
  );
}
