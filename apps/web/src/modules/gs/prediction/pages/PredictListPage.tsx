import { useMemo, useState } from 'react';
import { App, Button, Input, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type PredictRow } from '@breedwise/contracts/gs';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, deleteAction, type RowActionItem } from '../../../../components/data-table/RowActions';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermissionChecker } from '../../../../lib/permissions';
import { api } from '../../api';
import { gsPaths } from '../../paths';
import { StateTag } from '../../components/StateTag';
import { PredictModal } from '../components/PredictModal';

const predict = api.gs.predict;

/** Inbred prediction tasks: GEBVs of a test group from one model per trait. */
export default function PredictListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermissionChecker();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);

  const columns = useMemo<ColumnsType<PredictRow>>(() => {
    const actions = (r: PredictRow): RowActionItem[] => [
      { key: 'view', label: t('common.view'), onClick: () => navigate(gsPaths.inbredDetail(r.id)) },
      ...(can(P.predictRemove)
        ? [
            deleteAction(t('common.delete'), t('common.deleteConfirm', { name: r.name }), async () => {
              await predict.remove({ id: r.id });
              message.success(t('common.success'));
              await qc.invalidateQueries({ queryKey: predict.$key });
            }),
          ]
        : []),
    ];
    return [
      {
        title: t('gs.predict.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 180,
        fixed: 'left',
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => navigate(gsPaths.inbredDetail(r.id))} data-testid="predict-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('gs.model.dataset'), dataIndex: 'datasetName', key: 'datasetName', width: 160, ellipsis: true },
      { title: t('gs.dataset.traits'), dataIndex: 'traits', key: 'traits', width: 140, render: (v: string[]) => v.join(', ') },
      { title: t('gs.predict.samples'), dataIndex: 'sampleCount', key: 'sampleCount', width: 100, align: 'right' },
      { title: t('common.status'), dataIndex: 'status', key: 'status', width: 110, render: (v: PredictRow['status']) => <StateTag state={v} /> },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
      actionsColumn(t('common.actions'), actions({ id: 0, name: '' } as PredictRow), (r: PredictRow) => <RowActions items={actions(r)} />),
    ];
  }, [t, navigate, can, message, qc]);

  return (
    <div className="bw-page">
      <DataTable<PredictRow>
        endpoint={predict.page}
        params={{ keyword: keyword || undefined }}
        columns={columns}
        rowKey="id"
        tableName="gs.predict"
        testId="predict-table"
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={t('gs.predict.keyword')} onSearch={setKeyword} style={{ width: 200 }} />
            {can(P.predictAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="predict-add">
                {t('gs.predict.add')}
              </Button>
            )}
          </Space>
        }
      />
      <PredictModal open={adding} onClose={() => setAdding(false)} onCreated={(id) => navigate(gsPaths.inbredDetail(id))} />
    </div>
  );
}
