import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Modal, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  HARVEST_SYNC_MAX,
  HarvestCreate,
  HarvestStart,
  nurseryPermissions as P,
  type ActivityRow,
  type HarvestRow,
  type PollinationRow,
} from '@breedwise/contracts/nursery';
import { DataTable } from '../../../../components/data-table/DataTable';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { Field } from '../../../../components/form/Field';
import { TaskProgress, useTask } from '../../../../components/task';
import { usePermission } from '../../../../lib/permissions';
import { PlaceSelect } from '../../../germ';
import { api } from '../../api';
import { harvestTypeOptions, unitOptions } from '../../components/options';
import { HarvestLabelModal } from './HarvestLabelModal';

/** What the harvest dialog harvests: chosen pollinations, or every one waiting (always a background task). */
type Harvesting = { ids: number[] } | { all: true; count: number };

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
  const [harvesting, setHarvesting] = useState<Harvesting | null>(null);
  const waitingCount = useQuery({
    queryKey: [...api.nursery.pollination.page.key, 'harvestable-count', activity.id],
    queryFn: () => api.nursery.pollination.page({ activityId: activity.id, state: 'harvestable', pageSize: 1 }),
  });
  const waitingTotal = waitingCount.data?.total ?? 0;
  const [taskId, setTaskId] = useState<number | null>(null);
  const [chosenHarvests, setChosenHarvests] = useState<Key[]>([]);
  const [labels, setLabels] = useState(false);
  const task = useTask(taskId);
  const taskStatus = task.data?.status;
  const running = taskId !== null && taskStatus !== 'succeeded' && taskStatus !== 'failed' && taskStatus !== 'cancelled';
  // More than the synchronous harvest takes, or every waiting pollination: a background task with progress.
  const asTask = !!harvesting && ('all' in harvesting || harvesting.ids.length > HARVEST_SYNC_MAX);
  const harvestCount = !harvesting ? 0 : 'all' in harvesting ? harvesting.count : harvesting.ids.length;
  useEffect(() => {
    if (taskStatus === 'succeeded' || taskStatus === 'failed') void queryClient.invalidateQueries({ queryKey: ['nursery'] });
    if (taskStatus === 'succeeded') void message.success(t('nursery.harvest.jobDone'));
  }, [taskStatus, queryClient, message, t]);
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);
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
              <Space wrap>
                <Button type="primary" disabled={!selected.length} onClick={() => setHarvesting({ ids: selected.map(Number) })} data-testid="harvest-open">
                  {t('nursery.harvest.harvest')}
                </Button>
                <Button disabled={!waitingTotal} onClick={() => setHarvesting({ all: true, count: waitingTotal })} data-testid="harvest-all">
                  {t('nursery.harvest.harvestAll', { count: waitingTotal })}
                </Button>
              </Space>
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
          selectable
          selectedKeys={chosenHarvests}
          onSelectionChange={(keys) => setChosenHarvests(keys)}
          toolbar={
            <Button onClick={() => setLabels(true)} data-testid="harvest-labels">
              {chosenHarvests.length ? t('nursery.harvest.labelsChosen', { count: chosenHarvests.length }) : t('nursery.harvest.labelsAll')}
            </Button>
          }
        />
      </Card>
      <HarvestLabelModal
        open={labels}
        activityId={activity.id}
        activityCode={activity.code}
        harvestIds={chosenHarvests.map(Number)}
        onClose={() => setLabels(false)}
      />
      <Modal
        open={taskId !== null}
        title={t('nursery.harvest.jobTitle')}
        closable={!running}
        maskClosable={false}
        onCancel={running ? undefined : () => setTaskId(null)}
        footer={
          <Button type="primary" disabled={running} onClick={() => setTaskId(null)} data-testid="harvest-job-close">
            {t('common.close')}
          </Button>
        }
      >
        {running && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('nursery.harvest.jobRunning')} />}
        {taskId !== null && <TaskProgress taskId={taskId} />}
      </Modal>
      <ContractFormModal
        open={!!harvesting}
        title={t('nursery.harvest.harvestTitle', { count: harvestCount })}
        schema={asTask ? HarvestStart : HarvestCreate}
        initialValues={
          harvesting
            ? { activityId: activity.id, ...('all' in harvesting ? { all: true } : { pollinationIds: harvesting.ids }), harvestType: 'bulk', unit: 'g' }
            : null
        }
        onClose={() => setHarvesting(null)}
        testId="harvest-form"
        onSubmit={async (v) => {
          if (asTask) {
            const started = await api.nursery.harvest.start(v as HarvestStart, { errorMode: 'silent' });
            setSelected([]);
            setTaskId(started.taskId);
            return;
          }
          const { harvested } = await api.nursery.harvest.create(v as HarvestCreate, { errorMode: 'silent' });
          void message.success(t('nursery.harvest.done', { count: harvested }));
          setSelected([]);
          await queryClient.invalidateQueries({ queryKey: ['nursery'] });
        }}
      >
        {() => (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t(asTask ? 'nursery.harvest.harvestJobHelp' : 'nursery.harvest.harvestHelp')} />
            <Form.Item name="activityId" hidden />
            <Form.Item name="pollinationIds" hidden />
            <Form.Item name="all" hidden />
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
