import { useMemo, useState } from 'react';
import { App, Button, Dropdown, Input, Space, Typography } from 'antd';
import { DatabaseOutlined, DownOutlined, MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type DatasetRow } from '@breedwise/contracts/gs';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, deleteAction, type RowActionItem } from '../../../../components/data-table/RowActions';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { usePermissionChecker } from '../../../../lib/permissions';
import { api } from '../../api';
import { gsPaths } from '../../paths';
import { download } from '../../components/transfer';
import { UploadDatasetModal } from '../components/UploadDatasetModal';
import { ComposeDatasetModal, type ComposeMode } from '../components/ComposeDatasetModal';

const ds = api.gs.dataset;

/** Genomic-selection datasets: upload, open, export, delete. */
export default function DatasetListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = usePermissionChecker();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [composing, setComposing] = useState<ComposeMode | null>(null);

  const columns = useMemo<ColumnsType<DatasetRow>>(() => {
    const actions = (r: DatasetRow): RowActionItem[] => [
      { key: 'view', label: t('common.view'), onClick: () => navigate(gsPaths.datasetDetail(r.id)) },
      ...(can(P.datasetExport)
        ? [
            {
              key: 'export',
              label: t('gs.dataset.export'),
              onClick: () => download(ds.exportFile.url({ id: r.id }), 'POST', `${r.name}.zip`).catch((e: Error) => message.error(e.message)),
            },
          ]
        : []),
      ...(can(P.datasetRemove)
        ? [
            deleteAction(t('common.delete'), t('common.deleteConfirm', { name: r.name }), async () => {
              await ds.remove({ id: r.id });
              message.success(t('common.success'));
              await qc.invalidateQueries({ queryKey: ds.$key });
            }),
          ]
        : []),
    ];
    const sample = actions({ id: 0, name: '' } as DatasetRow);
    return [
      {
        title: t('gs.dataset.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 200,
        fixed: 'left',
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => navigate(gsPaths.datasetDetail(r.id))} data-testid="dataset-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('gs.dataset.samples'), dataIndex: 'sampleCount', key: 'sampleCount', sorter: true, width: 100, align: 'right' },
      { title: t('gs.dataset.traits'), dataIndex: 'traitCodes', key: 'traitCodes', width: 160, render: (v: string[]) => v.join(', ') },
      { title: t('gs.dataset.snps'), dataIndex: 'snpCount', key: 'snpCount', sorter: true, width: 110, align: 'right' },
      { title: t('gs.dataset.models'), dataIndex: 'modelCount', key: 'modelCount', width: 90, align: 'right' },
      { title: t('gs.dataset.description'), dataIndex: 'description', key: 'description', ellipsis: true },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      dateTimeColumn(t('common.createdAt'), 'createdAt'),
      actionsColumn(t('common.actions'), sample, (r: DatasetRow) => <RowActions items={actions(r)} />),
    ];
  }, [t, navigate, can, message, qc]);

  return (
    <div className="bw-page">
      <DataTable<DatasetRow>
        endpoint={ds.page}
        params={{ keyword: keyword || undefined }}
        columns={columns}
        rowKey="id"
        tableName="gs.dataset"
        testId="dataset-table"
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={t('gs.dataset.keyword')} onSearch={setKeyword} style={{ width: 220 }} data-testid="dataset-keyword" />
            {can(P.datasetAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="dataset-add">
                {t('gs.dataset.add')}
              </Button>
            )}
            {can(P.datasetAdd) && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'system', icon: <DatabaseOutlined />, label: <span data-testid="dataset-add-system">{t('gs.compose.systemButton')}</span> },
                    { key: 'merge', icon: <MergeCellsOutlined />, label: <span data-testid="dataset-add-merge">{t('gs.compose.mergeButton')}</span> },
                  ],
                  onClick: ({ key }) => setComposing(key as ComposeMode),
                }}
              >
                <Button data-testid="dataset-add-more">
                  {t('gs.compose.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        }
      />
      <ComposeDatasetModal
        mode={composing}
        onClose={() => setComposing(null)}
        onCreated={(row) => {
          void qc.invalidateQueries({ queryKey: ds.$key });
          navigate(gsPaths.datasetDetail(row.id));
        }}
      />
      <UploadDatasetModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(row) => {
          void qc.invalidateQueries({ queryKey: ds.$key });
          navigate(gsPaths.datasetDetail(row.id));
        }}
      />
    </div>
  );
}
