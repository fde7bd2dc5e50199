import { useMemo, useState, type Key } from 'react';
import { App, Button, Card, Input, Select, Tag, Typography } from 'antd';
import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FilterItem } from '@breedwise/contracts';
import { GERMPLASM_TYPES, germPermissions as P, type GermplasmDetail, type GermplasmRow, type GermplasmType } from '@breedwise/contracts/germ';
import { DataTable } from '../../../../components/data-table/DataTable';
import { RowActions, actionsColumn, deleteAction, type RowActionItem } from '../../../../components/data-table/RowActions';
import { FilterButton, fieldsFromSpec } from '../../../../components/filter-drawer';
import { ExportButton, ImportButton } from '../../../../components/import-export';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { GermplasmFormModal } from '../components/GermplasmFormModal';
import { LabelPrintModal } from '../../labels/components/LabelPrintModal';
import { StockText } from '../../components/StockText';

const germplasm = api.germ.germplasm;

/** The germplasm bank of the current crop: search, filter drawer, register, import/export, labels. */
export default function GermplasmListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<GermplasmType | undefined>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<GermplasmDetail | null | undefined>(undefined);
  const [labels, setLabels] = useState<number[] | null>(null);
  const canAdd = usePermission(P.germplasmAdd);
  const canEdit = usePermission(P.germplasmEdit);
  const canRemove = usePermission(P.germplasmRemove);
  const canImport = usePermission(P.germplasmImport);
  const canExport = usePermission(P.germplasmExport);
  const canPrint = usePermission(P.labelPrint);
  const refresh = () => queryClient.invalidateQueries({ queryKey: germplasm.$key });
  const view = (r: GermplasmRow) => navigate(`/germ/germplasm/view/${r.id}`);

  /** View, edit, delete (an icon); with no row, the set that sizes the column. */
  const rowActions = (r: GermplasmRow | null): RowActionItem[] => [
    { key: 'view', label: t('common.view'), onClick: () => r && view(r), testId: 'germplasm-row-view' },
    ...(canEdit
      ? [{ key: 'edit', label: t('common.edit'), onClick: async () => r && setEditing(await germplasm.detail({ id: r.id })), testId: 'germplasm-row-edit' }]
      : []),
    ...(canRemove
      ? [
          deleteAction(t('common.delete'), t('common.deleteConfirm', { name: r?.name }), async () => {
            if (!r) return;
            await germplasm.remove({ id: r.id });
            void message.success(t('germ.germplasm.deleted'));
            void refresh();
          }),
        ]
      : []),
  ];
  const columns = useMemo<ColumnsType<GermplasmRow>>(
    () => [
      {
        title: t('germ.germplasm.accessionNo'),
        dataIndex: 'accessionNo',
        key: 'accessionNo',
        sorter: true,
        fixed: 'left',
        width: 120,
        render: (v: string, r) => (
          <Typography.Link strong onClick={() => view(r)} data-testid="germplasm-link">
            {v}
          </Typography.Link>
        ),
      },
      { title: t('germ.germplasm.name'), dataIndex: 'name', key: 'name', sorter: true, width: 170, ellipsis: true },
      {
        title: t('germ.germplasm.type'),
        dataIndex: 'type',
        key: 'type',
        sorter: true,
        width: 110,
        render: (v: GermplasmType) => <Tag>{t(`germ.types.${v}`)}</Tag>,
      },
      { title: t('germ.germplasm.generation'), dataIndex: 'generation', key: 'generation', sorter: true, width: 80 },
      { title: t('germ.germplasm.origin'), dataIndex: 'origin', key: 'origin', sorter: true, width: 120, ellipsis: true },
      { title: t('germ.germplasm.stock'), key: 'stock', width: 150, render: (_, r) => <StockText stock={r.stock} lots={r.lotCount} /> },
      {
        title: t('germ.germplasm.pedigree'),
        dataIndex: 'pedigree',
        key: 'pedigree',
        width: 240,
        ellipsis: true,
        render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
      },
      {
        title: t('germ.germplasm.parents'),
        key: 'parents',
        width: 200,
        ellipsis: true,
        render: (_, r) => (r.femaleParentName || r.maleParentName ? `${r.femaleParentName ?? '?'} × ${r.maleParentName ?? '?'}` : '—'),
      },
      { title: t('germ.germplasm.source'), dataIndex: 'source', key: 'source', sorter: true, width: 150, ellipsis: true },
      { title: t('germ.germplasm.introducedOn'), dataIndex: 'introducedOn', key: 'introducedOn', sorter: true, width: 110 },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      actionsColumn<GermplasmRow>(t('common.actions'), rowActions(null), (r) => <RowActions items={rowActions(r)} />),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canRemove],
  );

  const typeOptions = GERMPLASM_TYPES.map((v) => ({ value: v, label: t(`germ.types.${v}`) }));
  const filterFields = useMemo(
    () =>
      fieldsFromSpec(
        germplasm.page.endpoint.list,
        {
          accessionNo: t('germ.germplasm.accessionNo'),
          name: t('germ.germplasm.name'),
          type: t('germ.germplasm.type'),
          generation: t('germ.germplasm.generation'),
          pedigree: t('germ.germplasm.pedigree'),
          origin: t('germ.germplasm.origin'),
          source: t('germ.germplasm.source'),
          remark: t('germ.germplasm.remark'),
          introducedOn: t('germ.germplasm.introducedOn'),
          createdAt: t('common.createdAt'),
        },
        { type: GERMPLASM_TYPES.map((v) => ({ value: v, label: t(`germ.types.${v}`) })) },
      ),
    [t],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined, type, filters: filters.length ? filters : undefined }), [keyword, type, filters]);

  return (
    <div className="bw-page">
      <Card title={t('germ.germplasm.title')} variant="borderless">
        <DataTable<GermplasmRow>
          testId="germplasm-table"
          tableName="germ.germplasm"
          params={params}
          endpoint={germplasm.page}
          columns={columns}
          rowKey="id"
          selectable={canPrint}
          selectedKeys={selected}
          onSelectionChange={(keys) => setSelected(keys)}
          toolbar={
            <>
              <Input.Search
                allowClear
                placeholder={t('germ.germplasm.keyword')}
                style={{ width: 210 }}
                onSearch={(v) => setKeyword(v.trim())}
                data-testid="germplasm-search"
              />
              <Select allowClear style={{ width: 130 }} placeholder={t('germ.germplasm.type')} value={type} onChange={setType} options={typeOptions} />
              <FilterButton name="germ.germplasm" fields={filterFields} value={filters} onChange={setFilters} />
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="germplasm-add">
                  {t('germ.germplasm.add')}
                </Button>
              )}
              {canImport && <ImportButton resource={germplasm} title={t('germ.germplasm.title')} onImported={() => void refresh()} />}
              {canExport && <ExportButton url={germplasm.export} params={params} fileName={`${t('germ.germplasm.title')}.xlsx`} />}
              {canPrint && (
                <Button icon={<PrinterOutlined />} disabled={!selected.length} onClick={() => setLabels(selected.map(Number))}>
                  {t('germ.label.printSelected')}
                </Button>
              )}
            </>
          }
        />
      </Card>
      <GermplasmFormModal
        open={editing !== undefined}
        record={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(row) => {
          setEditing(undefined);
          void refresh();
          if (editing === null) navigate(`/germ/germplasm/view/${row.id}`);
        }}
      />
      <LabelPrintModal open={!!labels} target="germplasm" ids={labels ?? []} onClose={() => setLabels(null)} />
    </div>
  );
}
