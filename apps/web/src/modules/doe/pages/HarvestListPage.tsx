import { useMemo, useState } from 'react';
import { App, Button, Card, Drawer, Input, InputNumber, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Permissions, type HarvestEntryRow, type HarvestListRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { downloadBlob } from '../../../lib/download';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, harvestApi } from '../api';

const P = Permissions.doe;

/** Harvest lists of the crop's experiments: lines per plot, weights and seed counts entered as harvested. */
export default function HarvestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<HarvestListRow | null>(null);
  const canRemove = usePermission(P.harvestRemove);
  const canEdit = usePermission(P.harvestEdit);
  const columns = useMemo<ColumnsType<HarvestListRow>>(() => [
    { title: t('doe.harvest.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220, render: (v: string, r) => <a onClick={() => setOpen(r)}>{v}</a> },
    { title: t('doe.harvest.experiment'), key: 'exp', width: 240, render: (_, r) => <a onClick={() => navigate(`/doe/exp/design/viewExperiment/${r.experimentId}`)}>{`${r.experimentName} (${r.experimentCode})`}</a> },
    { title: t('doe.harvest.type'), dataIndex: 'harvestType', key: 'harvestType', width: 110, render: (v: string) => <Tag>{t(`doe.harvest.types.${v}`)}</Tag> },
    { title: t('doe.harvest.date'), dataIndex: 'harvestDate', key: 'harvestDate', sorter: true, width: 120 },
    { title: t('doe.harvest.lines'), dataIndex: 'entryCount', key: 'entryCount', width: 90 },
    { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
    { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'a', fixed: 'right', width: 200, render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r)}>{t('doe.harvest.lines')}</Button>
          <Button type="link" size="small" onClick={() => void downloadBlob(`/doe/api/harvest/export/${r.id}`, {}, `${r.name}.xlsx`)}>{t('doe.harvest.export')}</Button>
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await harvestApi.remove(r.id); void queryClient.invalidateQueries({ queryKey: doeKeys.harvest }); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canRemove]);
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  return (
    <div className="bw-page">
      <Card title={t('doe.harvest.title')} variant="borderless">
        <DataTable<HarvestListRow> testId="harvest-table" queryKey={doeKeys.harvest} tableName="doe.harvest" params={params} fetch={harvestApi.page} columns={columns} rowKey="id"
          toolbar={<Input.Search allowClear placeholder={t('doe.harvest.keyword')} style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} />} />
      </Card>
      <Drawer open={!!open} onClose={() => setOpen(null)} size={1000} title={open?.name} destroyOnHidden>
        {open && <HarvestLines list={open} editable={canEdit} />}
      </Drawer>
    </div>
  );
}

function HarvestLines({ list, editable }: { list: HarvestListRow; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [changes, setChanges] = useState<Record<number, { weight: number | null; seedCount: number | null; remark: string | null }>>({});
  const base = (r: HarvestEntryRow) => ({ weight: r.weight, seedCount: r.seedCount, remark: r.remark });
  const key = [...doeKeys.harvest, 'lines', list.id];
  const columns: ColumnsType<HarvestEntryRow> = [
    { title: t('doe.harvest.number'), dataIndex: 'harvestNumber', key: 'harvestNumber', width: 150 },
    { title: t('doe.map.plot'), dataIndex: 'plotNumber', key: 'plotNumber', sorter: true, width: 80 },
    { title: t('doe.germList.material'), dataIndex: 'materialName', key: 'materialName', sorter: true, width: 150 },
    { title: t('doe.entries.generation'), dataIndex: 'generation', key: 'generation', width: 90 },
    { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', key: 'pedigree', ellipsis: true },
    {
      title: t('doe.harvest.weight'), dataIndex: 'weight', key: 'weight', sorter: true, width: 130,
      render: (v: number | null, r) => (editable ? <InputNumber size="small" min={0} defaultValue={v ?? undefined} onChange={(w) => setChanges((c) => ({ ...c, [r.id]: { ...(c[r.id] ?? base(r)), weight: w ?? null } }))} /> : v),
    },
    {
      title: t('doe.harvest.seeds'), dataIndex: 'seedCount', key: 'seedCount', width: 120,
      render: (v: number | null, r) => (editable ? <InputNumber size="small" min={0} precision={0} defaultValue={v ?? undefined} onChange={(n) => setChanges((c) => ({ ...c, [r.id]: { ...(c[r.id] ?? base(r)), seedCount: n ?? null } }))} /> : v),
    },
  ];
  const ids = Object.keys(changes).map(Number);
  return (
    <DataTable<HarvestEntryRow> testId="harvest-lines" queryKey={key} params={{ listId: list.id }} fetch={(q) => harvestApi.entries({ ...q, listId: list.id })} columns={columns} rowKey="id"
      toolbar={editable && (
        <Button type="primary" disabled={!ids.length} onClick={async () => {
          await harvestApi.saveEntries({ id: list.id, entries: ids.map((id) => ({ id, ...changes[id] })) });
          setChanges({});
          void message.success(t('doe.common.saved'));
          void queryClient.invalidateQueries({ queryKey: key });
        }}>{t('doe.harvest.saveWeights', { n: ids.length })}</Button>
      )} />
  );
}
