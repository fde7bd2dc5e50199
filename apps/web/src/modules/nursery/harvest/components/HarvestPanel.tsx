import { useMemo, useState, type Key } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HarvestCreate, nurseryPermissions as P, type ActivityRow, type HarvestRow, type PollinationRow } from '@breedwise/contracts/nursery';
import { DataTable } from '../../../../components/data-table/DataTable';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { Field } from '../../../../components/form/Field';
import { usePermission } from '../../../../lib/permissions';
import { PlaceSelect } from '../../../germ';
import { api } from '../../api';
import { harvestTypeOptions, unitOptions } from '../../components/options';

/**
 * The harvest of a nursery: its finished successful pollinations waiting for harvest, harvested into seed
 * lots (each a germplasm record with pedigree and generation, and a lot with its ledger deposit, at once),
 * and the harvests made.
 */
export function HarvestPanel({ activity }: { activity: ActivityRow }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canHarvest = usePermission(P.harvestAdd);
  const [selected, setSelected] = useState<Key[]>([]);
  const [harvesting, setHarvesting] = useState<number[] | null>(null);
  const waiting = useMemo<ColumnsType<PollinationRow>>(
    () => [
      { title: t('nursery.pollination.code'), dataIndex: 'code', key: 'code', width: 130, fixed: 'left' },
      { title: t('nursery.pollination.type'), dataIndex: 'type', key: 'type', width: 100, render: (v: string) => t(`nursery.pollination.types.${v}`) },
      { title: t('nursery.pollination.progeny'), dataIndex: 'progenyName', key: 'progenyName', width: 150 },
      { title: t('nursery.pollination.progenyPedigree'), dataIndex: 'progenyPedigree', key: 'progenyPedigree', width: 180, ellipsis: true },
      { title: t('nursery.pollination.progenyGeneration'), dataIndex: 'progenyGeneration', key: 'progenyGeneration', width: 100 },
      { title: t('nursery.pollination.date'), dataIndex: 'date', key: 'date', width: 110 },
    ],
    [t],
  );
  const done = useMemo<ColumnsType<HarvestRow>>(
    () => [
      { title: t('nursery.harvest.harvestNumber'), dataIndex: 'harvestNumber', key: 'harvestNumber', sorter: true, width: 130, fixed: 'left' },
      { title: t('nursery.pollination.code'), dataIndex: 'pollinationCode', key: 'pollinationCode', width: 130 },
      {
        title: t('nursery.harvest.harvestType'),
        dataIndex: 'harvestType',
        key: 'harvestType',
        width: 100,
        render: (v: string) => t(`nursery.harvest.types.${v}`),
      },
      { title: t('nursery.harvest.accessionNo'), dataIndex: 'accessionNo', key: 'accessionNo', width: 120 },
      { title: t('nursery.harvest.name'), dataIndex: 'name', key: 'name', sorter: true, width: 150 },
      { title: t('nursery.entry.pedigree'), dataIndex: 'pedigree', key: 'pedigree', width: 170, ellipsis: true },
      { title: t('nursery.entry.generation'), dataIndex: 'generation', key: 'generation', width: 90 },
      { title: t('nursery.harvest.lotNo'), dataIndex: 'lotNo', key: 'lotNo', width: 140 },
      {
        title: t('nursery.harvest.quantity'),
        key: 'quantity',
        width: 110,
        render: (_: unknown, r) => `${r.quantity} ${unitOptions(i18n.language).find((u) => u.value === r.unit)?.label ?? r.unit}`,
      },
    ],
    [t, i18n.language],
  );
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={t('nursery.harvest.toHarvest')}>
        <DataTable<PollinationRow>
          testId="harvestable-table"
          endpoint={api.nursery.pollination.page}
          params={{ activityId: activity.id, state: 'harvestable' }}
          columns={waiting}
          rowKey="id"
          selectable={canHarvest}
          selectedKeys={selected}
          onSelectionChange={(keys) => setSelected(keys)}
          toolbar={
            canHarvest && (
              <Button type="primary" disabled={!selected.length} onClick={() => setHarvesting(selected.map(Number))} data-testid="harvest-open">
                {t('nursery.harvest.harvest')}
              </Button>
            )
          }
        />
      </Card>
      <Card size="small" title={t('nursery.harvest.harvests')}>
        <DataTable<HarvestRow>
          testId="harvest-table"
          tableName="nursery.harvest"
          endpoint={api.nursery.harvest.page}
          params={{ activityId: activity.id }}
          columns={done}
          rowKey="id"
        />
      </Card>
      <ContractFormModal
        open={!!harvesting}
        title={t('nursery.harvest.harvestTitle', { count: harvesting?.length ?? 0 })}
        schema={HarvestCreate}
        initialValues={harvesting ? { activityId: activity.id, pollinationIds: harvesting, harvestType: 'bulk', unit: 'g' } : null}
        onClose={() => setHarvesting(null)}
        testId="harvest-form"
        onSubmit={async (v) => {
          const { harvested } = await api.nursery.harvest.create(v, { errorMode: 'silent' });
          void message.success(t('nursery.harvest.done', { count: harvested }));
          setSelected([]);
          await queryClient.invalidateQueries({ queryKey: ['nursery'] });
        }}
      >
        {() => (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('nursery.harvest.harvestHelp')} />
            <Form.Item name="activityId" hidden />
            <Form.Item name="pollinationIds" hidden />
            <Field name="harvestType" label={t('nursery.harvest.harvestType')}>
              <Select options={harvestTypeOptions(t)} />
            </Field>
            <Field name="placeId" label={t('nursery.harvest.place')}>
              <PlaceSelect data-testid="harvest-place" />
            </Field>
            <Field name="quantity" label={t('nursery.harvest.quantity')}>
              <InputNumber min={0} style={{ width: '100%' }} data-testid="harvest-quantity" />
            </Field>
            <Field name="unit" label={t('nursery.harvest.unit')}>
              <Select options={unitOptions(i18n.language)} />
            </Field>
          </>
        )}
      </ContractFormModal>
    </Space>
  );
}
