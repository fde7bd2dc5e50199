import { useMemo, useState } from 'react';
import { App, Button, Card, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { etlPermissions as P, type BusinessDataRow } from '@breedwise/contracts/etl';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';

const business = api.etl.business;

/** A business data table's rows, with the run that loaded each; filtered to one run when asked. */
export default function BusinessDataPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { params, search } = usePage();
  const businessId = Number(params.id);
  const queryClient = useQueryClient();
  const canEdit = usePermission(P.businessData);
  const [runId, setRunId] = useState<number | null>(search.get('runId') ? Number(search.get('runId')) : null);
  const [pageNum, setPageNum] = useState(1);
  const tables = useQuery({ queryKey: [...business.page.key, 'all'], queryFn: () => business.page({ pageNum: 1, pageSize: 200 }) });
  const table = tables.data?.rows.find((b) => b.id === businessId);
  useRecordTitle('etl.business.dataTitle', table?.name);
  const rows = useQuery({
    queryKey: [...business.businessDataPage.key, businessId, runId, pageNum],
    queryFn: () => business.businessDataPage({ businessId, runId: runId ?? undefined, pageNum, pageSize: 20 }),
  });
  const columns = useMemo(
    () => [
      {
        title: t('etl.business.runId'),
        dataIndex: 'runId',
        key: 'runId',
        width: 80,
        fixed: 'left' as const,
        render: (v: number | null) => v ?? t('etl.business.byHand'),
      },
      ...(table?.columns ?? []).map((c) => ({
        title: c.label,
        key: c.key,
        width: 140,
        render: (_: unknown, r: BusinessDataRow) => {
          const v = r.data[c.key];
          if (v === null || v === undefined) return '';
          if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
          return String(v);
        },
      })),
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 170, render: (v: string) => new Date(v).toLocaleString() },
      ...(canEdit
        ? [
            {
              title: '',
              key: 'actions',
              width: 60,
              render: (_: unknown, r: BusinessDataRow) => (
                <Popconfirm
                  title={t('etl.business.confirmDelete')}
                  onConfirm={async () => {
                    await business.deleteBusinessData({ id: r.id });
                    void message.success(t('etl.business.deleted'));
                    await queryClient.invalidateQueries({ queryKey: business.$key });
                  }}
                >
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              ),
            },
          ]
        : []),
    ],
    [t, table, canEdit, message, queryClient],
  );
  return (
    <Card
      size="small"
      title={table ? `${table.name} (${table.code})` : ''}
      extra={
        <Space>
          <Typography.Text>{t('etl.business.runFilter')}</Typography.Text>
          <InputNumber
            min={1}
            value={runId}
            onChange={(v) => (setRunId(v ?? null), setPageNum(1))}
            placeholder={t('etl.business.allRuns')}
            data-testid="data-run"
          />
        </Space>
      }
    >
      <Table<BusinessDataRow>
        size="small"
        rowKey="id"
        data-testid="business-data-table"
        loading={rows.isLoading}
        dataSource={rows.data?.rows ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: 20,
          total: rows.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          showTotal: (n) => t('etl.business.total', { count: n }),
        }}
      />
    </Card>
  );
}
