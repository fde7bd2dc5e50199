import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TxnRow, TxnType } from '@breedwise/contracts/germ';
import { DataTable } from '../../../../components/data-table/DataTable';
import { api } from '../../api';
import { Qty } from '../../components/StockText';

export const TXN_COLORS: Record<TxnType, string> = {
  deposit: 'green',
  withdrawal: 'orange',
  discard: 'red',
  adjustment: 'purple',
  transfer: 'blue',
  split: 'cyan',
  merge: 'geekblue',
};

/** The ledger of one lot or one germplasm: who changed what, when and why, with the balance after each change. */
export function LedgerTable({ lotId, germplasmId }: { lotId?: number; germplasmId?: number }) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnsType<TxnRow>>(
    () => [
      {
        title: t('germ.txn.at'),
        dataIndex: 'createdAt',
        key: 'createdAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      ...(lotId ? [] : [{ title: t('germ.lot.lotNo'), dataIndex: 'lotNo', key: 'lotNo', width: 130 }]),
      {
        title: t('germ.txn.type'),
        dataIndex: 'type',
        key: 'type',
        sorter: true,
        width: 90,
        render: (v: TxnType) => <Tag color={TXN_COLORS[v]}>{t(`germ.txnTypes.${v}`)}</Tag>,
      },
      {
        title: t('germ.txn.amount'),
        dataIndex: 'amount',
        key: 'amount',
        sorter: true,
        width: 110,
        align: 'right',
        render: (v: number, r) => (
          <Typography.Text type={v < 0 ? 'danger' : v > 0 ? 'success' : undefined}>
            {v > 0 ? '+' : ''}
            <Qty value={v} unit={r.unit} />
          </Typography.Text>
        ),
      },
      {
        title: t('germ.txn.balance'),
        dataIndex: 'balanceAfter',
        key: 'balanceAfter',
        width: 110,
        align: 'right',
        render: (v: number, r) => <Qty value={v} unit={r.unit} />,
      },
      { title: t('germ.txn.reason'), dataIndex: 'reason', key: 'reason', width: 200, ellipsis: true },
      { title: t('germ.txn.document'), dataIndex: 'documentNo', key: 'documentNo', width: 130, render: (v: string | null) => v ?? '—' },
      {
        title: t('germ.txn.detail'),
        key: 'detail',
        width: 220,
        ellipsis: true,
        render: (_, r) => (r.toPlace ? `${r.fromPlace ?? '?'} → ${r.toPlace}` : r.relatedLotNo ? t('germ.txn.related', { lotNo: r.relatedLotNo }) : ''),
      },
      { title: t('germ.txn.by'), dataIndex: 'createdBy', key: 'createdBy', width: 100 },
    ],
    [t, lotId],
  );
  const params = useMemo(() => ({ lotId, germplasmId }), [lotId, germplasmId]);
  return <DataTable<TxnRow> testId="ledger-table" params={params} endpoint={api.germ.lot.transactions} columns={columns} rowKey="id" />;
}
