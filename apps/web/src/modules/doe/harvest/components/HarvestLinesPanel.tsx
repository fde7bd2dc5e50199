import { useState } from 'react';
import { App, Button, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HarvestEntryRow, HarvestListRow } from '@breedwise/contracts/doe';
import { DataTable } from '../../../../components/data-table/DataTable';
import { api } from '../../api';

type Change = { weight: number | null; seedCount: number | null; remark: string | null };
const harvest = api.doe.harvest;

/** The lines of a harvest list, one per plot; weights and seed counts are entered in place and saved together. */
export function HarvestLinesPanel({ list, editable }: { list: HarvestListRow; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState<Record<number, Change>>({});
  const base = (r: HarvestEntryRow): Change => ({ weight: r.weight, seedCount: r.seedCount, remark: r.remark });
  const edit = (r: HarvestEntryRow, patch: Partial<Change>) => setChanges((c) => ({ ...c, [r.id]: { ...(c[r.id] ?? base(r)), ...patch } }));
  const columns: ColumnsType<HarvestEntryRow> = [
    { title: t('doe.harvest.number'), dataIndex: 'harvestNumber', key: 'harvestNumber', width: 150 },
    { title: t('doe.map.plot'), dataIndex: 'plotNumber', key: 'plotNumber', sorter: true, width: 80 },
    { title: t('doe.germList.material'), dataIndex: 'materialName', key: 'materialName', sorter: true, width: 150 },
    { title: t('doe.entries.generation'), dataIndex: 'generation', key: 'generation', width: 90 },
    { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', key: 'pedigree', ellipsis: true },
    {
      title: t('doe.harvest.weight'),
      dataIndex: 'weight',
      key: 'weight',
      sorter: true,
      width: 130,
      render: (v: number | null, r) =>
        editable ? <InputNumber size="small" min={0} defaultValue={v ?? undefined} onChange={(w) => edit(r, { weight: w ?? null })} /> : v,
    },
    {
      title: t('doe.harvest.seeds'),
      dataIndex: 'seedCount',
      key: 'seedCount',
      width: 120,
      render: (v: number | null, r) =>
        editable ? <InputNumber size="small" min={0} precision={0} defaultValue={v ?? undefined} onChange={(n) => edit(r, { seedCount: n ?? null })} /> : v,
    },
  ];
  const ids = Object.keys(changes).map(Number);
  return (
    <DataTable<HarvestEntryRow>
      testId="harvest-lines"
      endpoint={harvest.entries}
      params={{ listId: list.id }}
      columns={columns}
      rowKey="id"
      toolbar={
        editable && (
          <Button
            type="primary"
            disabled={!ids.length}
            onClick={async () => {
              await harvest.saveEntries({ id: list.id, entries: ids.map((id) => ({ id, ...changes[id] })) });
              setChanges({});
              void message.success(t('doe.common.saved'));
              void queryClient.invalidateQueries({ queryKey: harvest.entries.key });
            }}
          >
            {t('doe.harvest.saveWeights', { n: ids.length })}
          </Button>
        )
      }
    />
  );
}
