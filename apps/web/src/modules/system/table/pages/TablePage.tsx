import { useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, Drawer, Input, Skeleton, Table, Tag, Typography } from 'antd';
import { BarChartOutlined, KeyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableInfoData, TableMetaRow } from '@breedwise/contracts/system';
import { DataTable } from '../../../../components/data-table/DataTable';
import { localPage } from '../../../../components/crud/CrudPage';
import { api } from '../../api';
import '../../system.css';

type Column = TableInfoData['columns'][number];

/** The module a table belongs to, from its name prefix (sys_, doe_, germ_ ...). */
export const tableModule = (name: string) => name.split('_')[0];

/** Table metadata (table/list, table/info): this product's tables from the database catalogue. */
export default function TablePage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [gathering, setGathering] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const gather = async () => {
    setGathering(true);
    try {
      const tables = await api.system.table.list({ refresh: 'true' });
      await queryClient.invalidateQueries({ queryKey: api.system.table.list.key });
      void message.success(t('system.table.statsRefreshed', { n: tables.length }));
    } finally {
      setGathering(false);
    }
  };
  const fetch = useMemo(
    () =>
      localPage(
        () => api.system.table.list(),
        (r, k) => r.tableName.includes(k) || (r.comment ?? '').toLowerCase().includes(k),
      ),
    [],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  const columns = useMemo<ColumnsType<TableMetaRow>>(
    () => [
      {
        title: t('system.table.name'),
        dataIndex: 'tableName',
        key: 'tableName',
        sorter: true,
        width: 280,
        render: (v: string) => (
          <>
            <Tag className="bw-tag-s">{tableModule(v)}</Tag>
            <Typography.Link onClick={() => setOpen(v)} data-testid={`table-open-${v}`}>
              {v}
            </Typography.Link>
          </>
        ),
      },
      {
        title: t('system.table.comment'),
        dataIndex: 'comment',
        key: 'comment',
        ellipsis: true,
        render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
      },
      { title: t('system.table.columns'), dataIndex: 'columns', key: 'columns', sorter: true, width: 100, align: 'right' },
      {
        title: t('system.table.rows'),
        dataIndex: 'rowEstimate',
        key: 'rowEstimate',
        sorter: true,
        width: 130,
        align: 'right',
        render: (v: number) => <span data-testid="table-row-estimate">{v.toLocaleString()}</span>,
      },
      {
        title: t('system.table.analyzedAt'),
        dataIndex: 'analyzedAt',
        key: 'analyzedAt',
        width: 150,
        render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
    ],
    [t],
  );
  return (
    <div className="bw-page">
      <Card title={t('system.table.title')} variant="borderless">
        <DataTable<TableMetaRow>
          testId="table-meta"
          queryKey={api.system.table.list.key}
          params={params}
          fetch={fetch}
          columns={columns}
          rowKey="tableName"
          onRowClick={(r) => setOpen(r.tableName)}
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('system.table.search')} style={{ width: 260 }} onSearch={(v) => setKeyword(v.trim().toLowerCase())} />
              <Button icon={<BarChartOutlined />} loading={gathering} onClick={() => void gather()} data-testid="table-refresh-stats">
                {t('system.table.refreshStats')}
              </Button>
              <Typography.Text type="secondary">{t('system.table.rowsHelp')}</Typography.Text>
            </>
          }
        />
      </Card>
      <TableDrawer tableName={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function TableDrawer({ tableName, onClose }: { tableName: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: [...api.system.table.info.key, tableName],
    queryFn: () => api.system.table.info({ tableName: tableName! }),
    enabled: !!tableName,
  });
  const d = info.data;
  const primary = useMemo(() => {
    const pk = d?.indexes.find((i) => /_pkey$/.test(i.name));
    return new Set(pk ? (/\(([^)]+)\)/.exec(pk.definition)?.[1] ?? '').split(',').map((c) => c.trim().replace(/"/g, '')) : []);
  }, [d]);
  const columns: ColumnsType<Column> = [
    {
      title: t('system.table.column'),
      dataIndex: 'name',
      key: 'name',
      width: 200,
      render: (v: string) => (
        <span>
          {primary.has(v) && <KeyOutlined className="bw-pk" title={t('system.table.primaryKey')} />}
          <Typography.Text code>{v}</Typography.Text>
        </span>
      ),
    },
    { title: t('system.table.type'), dataIndex: 'type', key: 'type', width: 200 },
    {
      title: t('system.table.nullable'),
      dataIndex: 'nullable',
      key: 'nullable',
      width: 90,
      render: (v: boolean) => (v ? t('common.yes') : <Tag color="blue">{t('system.table.required')}</Tag>),
    },
    {
      title: t('system.table.default'),
      dataIndex: 'defaultValue',
      key: 'defaultValue',
      ellipsis: true,
      render: (v: string | null) =>
        v ? (
          <Typography.Text type="secondary" className="bw-small">
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Drawer open={!!tableName} width={880} onClose={onClose} title={tableName} destroyOnHidden data-testid="table-drawer">
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('system.table.comment')}>{d.comment ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system.table.columns')}>{d.columns.length}</Descriptions.Item>
          </Descriptions>
          <Table<Column> size="small" rowKey="name" pagination={false} columns={columns} dataSource={d.columns} data-testid="table-columns" />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('system.table.indexes', { count: d.indexes.length })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={d.indexes}
            columns={[
              { title: t('system.table.indexName'), dataIndex: 'name', key: 'name', width: 260 },
              {
                title: t('system.table.definition'),
                dataIndex: 'definition',
                key: 'definition',
                render: (v: string) => (
                  <Typography.Text code className="bw-small bw-wrap">
                    {v}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
