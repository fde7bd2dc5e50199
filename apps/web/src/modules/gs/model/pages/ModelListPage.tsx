import { useMemo, useState, type Key } from 'react';
import { App, Button, Input, Progress, Select, Space, Tooltip, Typography } from 'antd';
import { BarChartOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_COMPARE, MODEL_STATES, gsPermissions as P, type ModelRow } from '@breedwise/contracts/gs';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, deleteAction, type RowActionItem } from '../../../../components/data-table/RowActions';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermissionChecker } from '../../../../lib/permissions';
import { api } from '../../api';
import { gsPaths } from '../../paths';
import { StateTag } from '../../components/StateTag';
import { TrainModelModal } from '../components/TrainModelModal';
import { useUnfinishedRefresh } from '../../components/useUnfinishedRefresh';

const unfinished = async () => {
  const [q, c] = await Promise.all([model.page({ status: 'queued', pageSize: 1 }), model.page({ status: 'creating', pageSize: 1 })]);
  return q.total + c.total;
};

const model = api.gs.model;
const num = (v: number | null) => (v === null ? '—' : v.toFixed(4));

/** Models: training state and progress, accuracy, favourites; select two or more to compare. */
export default function ModelListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermissionChecker();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<ModelRow[]>([]);
  const refresh = () => qc.invalidateQueries({ queryKey: model.$key });
  useUnfinishedRefresh(['gs', 'unfinished', 'model'], unfinished, model.page.key);

  const columns = useMemo<ColumnsType<ModelRow>>(() => {
    const actions = (r: ModelRow): RowActionItem[] => [
      { key: 'view', label: t('common.view'), onClick: () => navigate(gsPaths.modelDetail(r.id)) },
      ...(can(P.modelRemove)
        ? [
            deleteAction(t('common.delete'), t('common.deleteConfirm', { name: r.name }), async () => {
              await model.remove({ id: r.id });
              message.success(t('common.success'));
              await refresh();
            }),
          ]
        : []),
    ];
    return [
      {
        title: t('gs.model.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 180,
        fixed: 'left',
        render: (v: string, r) => (
          <Space size={4}>
            <Tooltip title={t('gs.model.favorite')}>
              <Button
                type="text"
                size="small"
                disabled={!can(P.modelEdit)}
                icon={r.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={async () => {
                  await model.favorite({ id: r.id, favorite: !r.favorite });
                  await refresh();
                }}
                data-testid="model-favorite"
              />
            </Tooltip>
            <Typography.Link strong onClick={() => navigate(gsPaths.modelDetail(r.id))} data-testid="model-link">
              {v}
            </Typography.Link>
          </Space>
        ),
      },
      { title: t('gs.model.algorithm'), dataIndex: 'algorithm', key: 'algorithm', sorter: true, width: 110, render: (v: string) => t(`gs.algorithm.${v}`) },
      { title: t('gs.model.dataset'), dataIndex: 'datasetName', key: 'datasetName', width: 150, ellipsis: true },
      { title: t('gs.model.trait'), dataIndex: 'traitCode', key: 'traitCode', width: 80 },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width: 170,
        render: (_: string, r) =>
          r.status === 'creating' || r.status === 'queued' ? (
            <Space size={4}>
              <StateTag state={r.status} />
              <Progress percent={Math.round(r.progress * 100)} size="small" style={{ width: 70, margin: 0 }} />
            </Space>
          ) : (
            <StateTag state={r.status} />
          ),
      },
      { title: t('gs.model.accuracy'), dataIndex: 'accuracy', key: 'accuracy', sorter: true, width: 90, align: 'right', render: num },
      { title: 'RMSE', dataIndex: 'rmse', key: 'rmse', sorter: true, width: 90, align: 'right', render: num },
      { title: 'h²', dataIndex: 'h2', key: 'h2', width: 80, align: 'right', render: num },
      { title: t('gs.model.folds'), dataIndex: 'folds', key: 'folds', width: 70, align: 'right' },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
      actionsColumn(t('common.actions'), actions({ id: 0, name: '' } as ModelRow), (r: ModelRow) => <RowActions items={actions(r)} />),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, navigate, can, message]);

  const comparable = selected.filter((r) => r.status === 'finished');
  return (
    <div className="bw-page">
      <DataTable<ModelRow>
        endpoint={model.page}
        params={{ keyword: keyword || undefined, status }}
        columns={columns}
        rowKey="id"
        tableName="gs.model"
        testId="model-table"
        selectable
        selectedKeys={selected.map((r) => r.id as Key)}
        onSelectionChange={(_, rows) => setSelected(rows)}
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={t('gs.model.keyword')} onSearch={setKeyword} style={{ width: 200 }} />
            <Select
              allowClear
              placeholder={t('common.status')}
              style={{ width: 130 }}
              value={status}
              onChange={setStatus}
              options={MODEL_STATES.map((s) => ({ value: s, label: t(`gs.state.${s}`) }))}
            />
            <Button
              icon={<BarChartOutlined />}
              disabled={comparable.length < 2 || comparable.length > MAX_COMPARE}
              onClick={() => navigate(gsPaths.comparison(comparable.map((r) => r.id)))}
              data-testid="model-compare"
            >
              {t('gs.model.compare')}
            </Button>
            {can(P.modelAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="model-add">
                {t('gs.model.add')}
              </Button>
            )}
          </Space>
        }
      />
      <TrainModelModal open={adding} onClose={() => setAdding(false)} onCreated={() => void refresh()} />
    </div>
  );
}
