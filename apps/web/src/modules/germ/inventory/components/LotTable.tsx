import { useMemo, useState, type Key } from 'react';
import { App, Button, Drawer, Dropdown, Input, Select, Space, Tooltip, Typography } from 'antd';
import { DownOutlined, PlusOutlined, PrinterOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FilterItem } from '@breedwise/contracts';
import { LOT_UNITS, germPermissions as P, type LotRow } from '@breedwise/contracts/germ';
import { DataTable } from '../../../../components/data-table/DataTable';
import { actionsWidth } from '../../../../components/data-table/RowActions';
import { FilterButton, fieldsFromSpec } from '../../../../components/filter-drawer';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { LabelPrintModal } from '../../labels/components/LabelPrintModal';
import { LedgerTable } from './LedgerTable';
import { LotOperationModal, type LotOperation } from './LotOperationModal';
import { Qty } from '../../components/StockText';

const lots = api.germ.lot;

interface Props {
  germplasmId?: number;
  placeId?: number;
  /** Adds a lot to the outbound cart. */
  onCart?(lot: LotRow, quantity: number): Promise<void>;
  extraToolbar?: React.ReactNode;
}

/**
 * Seed lots with their operations. The search box takes a scanned label: when the code is exactly one
 * lot's number, that lot's ledger opens.
 */
export function LotTable({ germplasmId, placeId, onCart, extraToolbar }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [inStock, setInStock] = useState<'true' | 'false' | undefined>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [op, setOp] = useState<{ op: LotOperation | 'create'; lot: LotRow | null } | null>(null);
  const [history, setHistory] = useState<LotRow | null>(null);
  const navigate = useNavigate();
  // A D1 lot made by a nursery DH batch (its seed source `DH <batch> (<task>)`) links to the batch's event chain.
  const canSeeDh = usePermission('nursery:dhEntry:list');
  const dhChain = !!history && canSeeDh && history.generation === 'D1' && !!history.seedSource?.startsWith('DH ');
  const [labels, setLabels] = useState<number[] | null>(null);
  const canEdit = usePermission(P.inventoryEdit);
  const canCart = usePermission(P.outboundAdd) && !!onCart;
  const canPrint = usePermission(P.labelPrint);
  // Lots and their ledger, the records' stock and the places' lot counts.
  const refresh = () => Promise.all([lots.$key, api.germ.germplasm.$key, api.germ.place.$key].map((k) => queryClient.invalidateQueries({ queryKey: k })));

  const scan = async (value: string) => {
    const code = value.trim();
    setKeyword(code);
    if (!code) return;
    const hit = await lots.page({ keyword: code, pageSize: 2 }, { errorMode: 'silent' });
    const exact = hit.rows.find((r) => r.lotNo.toLowerCase() === code.toLowerCase());
    if (exact) {
      setHistory(exact);
      void message.info(t('germ.lot.scanned', { lotNo: exact.lotNo }));
    }
  };

  const ops: LotOperation[] = ['deposit', 'withdraw', 'discard', 'adjust', 'transfer', 'split', 'merge'];
  const columns = useMemo<ColumnsType<LotRow>>(
    () => [
      {
        title: t('germ.lot.lotNo'),
        dataIndex: 'lotNo',
        key: 'lotNo',
        sorter: true,
        fixed: 'left',
        width: 130,
        render: (v: string, r) => (
          <Typography.Link onClick={() => setHistory(r)} data-testid="lot-link">
            {v}
          </Typography.Link>
        ),
      },
      ...(germplasmId
        ? []
        : [
            { title: t('germ.germplasm.accessionNo'), dataIndex: 'accessionNo', key: 'accessionNo', sorter: true, width: 100 },
            { title: t('germ.germplasm.name'), dataIndex: 'germplasmName', key: 'germplasmName', sorter: true, width: 160, ellipsis: true },
          ]),
      {
        title: t('germ.lot.balance'),
        dataIndex: 'quantity',
        key: 'quantity',
        sorter: true,
        width: 110,
        align: 'right',
        render: (v: number, r) => (
          <Typography.Text strong type={v === 0 ? 'secondary' : undefined} data-testid="lot-quantity">
            <Qty value={v} unit={r.unit} />
          </Typography.Text>
        ),
      },
      { title: t('germ.lot.place'), dataIndex: 'placePath', key: 'placePath', width: 180, ellipsis: true },
      // Pedigree and generation after balance and place: those two must stay in view at 1280 x 720.
      ...(germplasmId
        ? []
        : [
            { title: t('germ.germplasm.pedigree'), dataIndex: 'pedigree', key: 'pedigree', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
            { title: t('germ.germplasm.generation'), dataIndex: 'generation', key: 'generation', width: 80, render: (v: string | null) => v ?? '—' },
          ]),
      { title: t('germ.lot.harvestYear'), dataIndex: 'harvestYear', key: 'harvestYear', sorter: true, width: 90 },
      { title: t('germ.lot.seedSource'), dataIndex: 'seedSource', key: 'seedSource', width: 160, ellipsis: true },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        // Compact: the lot's history sits in the operations menu (and behind the lot number), the cart is an icon.
        width: actionsWidth([
          ...(canEdit ? [{ label: t('germ.lot.operate'), icon: true }] : [{ label: t('germ.lot.history') }]),
          ...(canCart ? [{ label: t('germ.cart.add'), iconOnly: true }] : []),
        ]),
        render: (_, r) => (
          <Space size={0}>
            {!canEdit && (
              <Button type="link" size="small" onClick={() => setHistory(r)} data-testid="lot-history">
                {t('germ.lot.history')}
              </Button>
            )}
            {canEdit && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'history', label: t('germ.lot.history') },
                    { type: 'divider' as const },
                    ...ops.map((o) => ({ key: o, label: t(`germ.lotOps.${o}`), disabled: r.quantity === 0 && ['withdraw', 'discard', 'split'].includes(o) })),
                  ],
                  onClick: ({ key }) => (key === 'history' ? setHistory(r) : setOp({ op: key as LotOperation, lot: r })),
                }}
              >
                <Button type="link" size="small" data-testid="lot-ops">
                  {t('germ.lot.operate')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
            {canCart && r.quantity > 0 && (
              <Tooltip title={t('germ.cart.add')}>
                <Button
                  type="link"
                  size="small"
                  icon={<ShoppingCartOutlined />}
                  aria-label={t('germ.cart.add')}
                  onClick={() => setOp({ op: 'cart', lot: r })}
                  data-testid="lot-cart"
                />
              </Tooltip>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canCart, germplasmId],
  );

  const filterFields = useMemo(
    () =>
      fieldsFromSpec(
        lots.page.endpoint.list,
        {
          lotNo: t('germ.lot.lotNo'),
          accessionNo: t('germ.germplasm.accessionNo'),
          germplasmName: t('germ.germplasm.name'),
          unit: t('germ.lot.unit'),
          quantity: t('germ.lot.balance'),
          harvestYear: t('germ.lot.harvestYear'),
          seedSource: t('germ.lot.seedSource'),
          remark: t('germ.germplasm.remark'),
          updatedAt: t('common.updatedAt'),
        },
        { unit: LOT_UNITS.map((u) => ({ value: u, label: t(`germ.units.${u}`) })) },
      ),
    [t],
  );
  const params = useMemo(
    () => ({ keyword: keyword || undefined, germplasmId, placeId, inStock, filters: filters.length ? filters : undefined }),
    [keyword, germplasmId, placeId, inStock, filters],
  );

  return (
    <>
      <DataTable<LotRow>
        testId="lot-table"
        tableName={germplasmId ? 'germ.lots.ofGermplasm' : 'germ.lots'}
        params={params}
        endpoint={lots.page}
        columns={columns}
        rowKey="id"
        selectable={canPrint}
        selectedKeys={selected}
        onSelectionChange={(keys) => setSelected(keys)}
        toolbar={
          <>
            <Input.Search allowClear placeholder={t('germ.lot.scanPlaceholder')} style={{ width: 220 }} onSearch={scan} data-testid="lot-search" />
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder={t('germ.lot.stockFilter')}
              value={inStock}
              onChange={setInStock}
              options={[
                { value: 'true', label: t('germ.lot.withStock') },
                { value: 'false', label: t('germ.lot.empty') },
              ]}
            />
            <FilterButton name="germ.lots" fields={filterFields} value={filters} onChange={setFilters} />
            {canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => setOp({ op: 'create', lot: null })} data-testid="lot-add">
                {t('germ.lot.add')}
              </Button>
            )}
            {canPrint && (
              <Button icon={<PrinterOutlined />} disabled={!selected.length} onClick={() => setLabels(selected.map(Number))} data-testid="lot-print">
                {t('germ.label.printSelected')}
              </Button>
            )}
            {extraToolbar}
          </>
        }
      />
      <LotOperationModal
        op={op?.op ?? null}
        lot={op?.lot ?? null}
        germplasmId={germplasmId}
        onCart={onCart}
        onClose={() => setOp(null)}
        onDone={() => {
          setOp(null);
          void refresh();
        }}
      />
      <Drawer
        open={!!history}
        onClose={() => setHistory(null)}
        size={1000}
        title={history ? t('germ.lot.historyOf', { lotNo: history.lotNo, name: history.germplasmName }) : ''}
        extra={
          dhChain && (
            <Button
              type="link"
              onClick={() => {
                setHistory(null);
                navigate(`/nursery/dh/entry/lotChain/${history.id}`);
              }}
              data-testid="lot-dh-chain"
            >
              {t('germ.lot.dhChain')}
            </Button>
          )
        }
        destroyOnHidden
      >
        {history && <LedgerTable lotId={history.id} />}
      </Drawer>
      <LabelPrintModal open={!!labels} target="lot" ids={labels ?? []} onClose={() => setLabels(null)} />
    </>
  );
}
