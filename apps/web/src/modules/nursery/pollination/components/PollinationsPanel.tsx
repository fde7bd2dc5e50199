import { useMemo, useState, type Key } from 'react';
import { App, Button, Input, Popconfirm, Segmented, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P, type ActivityRow, type PollinationRow } from '@breedwise/contracts/nursery';
import { DataTable } from '../../../../components/data-table/DataTable';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { nurseryPaths } from '../../paths';
import { CrossListImport } from './CrossListImport';
import { CrossPlanModal, SelfPlanModal } from './PlanModals';
import { RecordModal } from './RecordModal';
import { pollinationTags } from './resultTag';

const STATES = ['all', 'open', 'finished', 'harvestable', 'harvested'] as const;
const pollination = api.nursery.pollination;

/** A nursery's pollinations: plan crosses, selfs and DH inductions; record them; finish them (irreversible). */
export function PollinationsPanel({ activity }: { activity: ActivityRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = activity.status !== 'finished';
  const canPlan = usePermission(P.pollinationPlan) && open;
  const canRecord = usePermission(P.pollinationRecord) && open;
  const canFinish = usePermission(P.pollinationFinish) && open;
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const [planning, setPlanning] = useState<'cross' | 'self' | 'dh' | null>(null);
  const [recording, setRecording] = useState<number[] | null>(null);
  const refresh = async () => {
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: pollination.$key }),
      queryClient.invalidateQueries({ queryKey: api.nursery.entry.$key }),
      queryClient.invalidateQueries({ queryKey: api.nursery.activity.$key }),
    ]);
  };
  const planned = async (count: number) => {
    void message.success(t('nursery.pollination.planned', { count }));
    await refresh();
  };
  const finish = async () => {
    const { updated } = await pollination.finish({ ids: selected.map(Number) }, { errorMode: 'modal' });
    void message.success(t('nursery.pollination.finishDone', { count: updated }));
    await refresh();
  };
  const columns = useMemo<ColumnsType<PollinationRow>>(
    () => [
      {
        title: t('nursery.pollination.code'),
        dataIndex: 'code',
        key: 'code',
        sorter: true,
        width: 130,
        fixed: 'left',
        render: (v: string, r) => <a onClick={() => navigate(nurseryPaths.pollination(r.id))}>{v}</a>,
      },
      {
        title: t('nursery.pollination.type'),
        dataIndex: 'type',
        key: 'type',
        sorter: true,
        width: 100,
        render: (v: string) => t(`nursery.pollination.types.${v}`),
      },
      { title: t('nursery.pollination.female'), dataIndex: 'femaleName', key: 'femaleName', width: 130, ellipsis: true },
      { title: t('nursery.pollination.male'), dataIndex: 'maleName', key: 'maleName', width: 130, ellipsis: true, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.pollination.progeny'), dataIndex: 'progenyName', key: 'progenyName', width: 140, ellipsis: true },
      { title: t('nursery.pollination.progenyPedigree'), dataIndex: 'progenyPedigree', key: 'progenyPedigree', width: 170, ellipsis: true },
      { title: t('nursery.pollination.progenyGeneration'), dataIndex: 'progenyGeneration', key: 'progenyGeneration', width: 90 },
      {
        title: t('nursery.pollination.result'),
        dataIndex: 'result',
        key: 'result',
        sorter: true,
        width: 190,
        render: (_: unknown, r) => pollinationTags(t, r),
      },
      { title: t('nursery.pollination.date'), dataIndex: 'date', key: 'date', sorter: true, width: 110, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.pollination.person'), dataIndex: 'person', key: 'person', width: 100, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.pollination.bags'), dataIndex: 'bags', key: 'bags', width: 70, render: (v: number | null) => v ?? '—' },
      { title: t('nursery.pollination.lotNo'), dataIndex: 'lotNo', key: 'lotNo', width: 130, render: (v: string | null) => v ?? '—' },
    ],
    [t, navigate],
  );
  return (
    <>
      <DataTable<PollinationRow>
        testId="pollination-table"
        tableName="nursery.pollination"
        endpoint={pollination.page}
        params={{ activityId: activity.id, state, keyword: keyword || undefined }}
        columns={columns}
        rowKey="id"
        selectable={canRecord || canFinish}
        selectedKeys={selected}
        onSelectionChange={(keys) => setSelected(keys)}
        toolbar={
          <Space wrap>
            <Segmented
              value={state}
              onChange={(v) => setState(v as (typeof STATES)[number])}
              options={STATES.map((s) => ({ value: s, label: t(`nursery.pollination.states.${s}`) }))}
            />
            <Input.Search allowClear placeholder={t('nursery.entry.name')} style={{ width: 160 }} onSearch={(v) => setKeyword(v.trim())} />
            {canPlan && (
              <>
                <Button type="primary" onClick={() => setPlanning('cross')} data-testid="plan-cross">
                  {t('nursery.pollination.planCross')}
                </Button>
                <Button onClick={() => setPlanning('self')} data-testid="plan-self">
                  {t('nursery.pollination.planSelf')}
                </Button>
                <Button onClick={() => setPlanning('dh')} data-testid="plan-dh">
                  {t('nursery.pollination.planDh')}
                </Button>
                <CrossListImport activityId={activity.id} onPlanned={planned} />
              </>
            )}
            {canRecord && (
              <Button disabled={!selected.length} onClick={() => setRecording(selected.map(Number))} data-testid="pollination-record">
                {t('nursery.pollination.record')}
              </Button>
            )}
            {canFinish && (
              <Popconfirm
                title={t('nursery.pollination.finishConfirm', { count: selected.length })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'pollination-finish-ok' }}
                onConfirm={finish}
                disabled={!selected.length}
              >
                <Button danger disabled={!selected.length} data-testid="pollination-finish">
                  {t('nursery.pollination.finish')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <CrossPlanModal activity={activity} open={planning === 'cross'} onClose={() => setPlanning(null)} onDone={planned} />
      <SelfPlanModal
        activity={activity}
        type={planning === 'dh' ? 'dh' : 'self'}
        open={planning === 'self' || planning === 'dh'}
        onClose={() => setPlanning(null)}
        onDone={planned}
      />
      <RecordModal
        ids={recording}
        onClose={() => setRecording(null)}
        onDone={async (count) => {
          void message.success(t('nursery.pollination.recorded', { count }));
          await refresh();
        }}
      />
    </>
  );
}
