import { useMemo, useState } from 'react';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { TaskRow } from '@breedwise/contracts/bpm';
import { DataTable } from '../../../../components/data-table/DataTable';
import { api } from '../../api';
import { bpmPaths } from '../../paths';
import { TaskStatusTag, useBusinessTypeLabel } from '../../components/StatusTags';
import { TaskDecisionModal } from './TaskDecisionModal';
import { HandOverModal } from './HandOverModal';

const BUSINESS_TYPES = ['germ_inbound', 'germ_outbound', 'germ_stocktaking', 'germ_scrap', 'bpm_leave'];

/** The to-do or done list: keyword and business-type filters, open the instance, decide a to-do. */
export function TaskTable({ kind }: { kind: 'todo' | 'done' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typeLabel = useBusinessTypeLabel();
  const [keyword, setKeyword] = useState('');
  const [businessType, setBusinessType] = useState<string | undefined>();
  const [deciding, setDeciding] = useState<{ task: TaskRow; outcome: 'approve' | 'reject' } | null>(null);
  const [handingOver, setHandingOver] = useState<TaskRow | null>(null);
  const columns = useMemo<ColumnsType<TaskRow>>(
    () => [
      {
        title: t('bpm.task.process'),
        dataIndex: 'instanceName',
        key: 'instanceName',
        fixed: 'left',
        width: 200,
        render: (v: string, r) => (
          <Typography.Link onClick={() => navigate(bpmPaths.instance(r.instanceId))} data-testid="task-instance-link">
            {v}
          </Typography.Link>
        ),
      },
      {
        title: t('bpm.task.name'),
        dataIndex: 'name',
        key: 'name',
        width: 140,
        render: (v: string, r) => (r.multiTotal ? `${v} (${(r.multiIndex ?? 0) + 1}/${r.multiTotal})` : v),
      },
      { title: t('bpm.businessType'), dataIndex: 'businessType', key: 'businessType', width: 120, render: (v: string | null) => typeLabel(v) },
      {
        title: t('bpm.businessKey'),
        dataIndex: 'businessKey',
        key: 'businessKey',
        width: 90,
        render: (v: string | null) => <span data-testid="task-business-key">{v ?? '—'}</span>,
      },
      { title: t('bpm.instance.starter'), dataIndex: 'startUserName', key: 'startUserName', width: 110 },
      ...(kind === 'done'
        ? [
            { title: t('common.status'), dataIndex: 'status', key: 'status', width: 90, render: (v: TaskRow['status']) => <TaskStatusTag status={v} /> },
            { title: t('bpm.task.comment'), dataIndex: 'comment', key: 'comment', width: 200, ellipsis: true },
            {
              title: t('bpm.task.endedAt'),
              dataIndex: 'endedAt',
              key: 'endedAt',
              sorter: true,
              width: 140,
              render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
            },
          ]
        : [
            {
              title: t('bpm.task.createdAt'),
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              width: 140,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
          ]),
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: kind === 'todo' ? 250 : 80,
        render: (_, r) => (
          <Space size={0}>
            {kind === 'todo' && (
              <>
                <Button type="link" size="small" onClick={() => setDeciding({ task: r, outcome: 'approve' })} data-testid="task-approve">
                  {t('bpm.task.approve')}
                </Button>
                <Button type="link" size="small" danger onClick={() => setDeciding({ task: r, outcome: 'reject' })} data-testid="task-reject">
                  {t('bpm.task.reject')}
                </Button>
                <Button type="link" size="small" onClick={() => setHandingOver(r)} data-testid="task-hand-over">
                  {t('bpm.task.handOver')}
                </Button>
              </>
            )}
            <Button type="link" size="small" onClick={() => navigate(bpmPaths.instance(r.instanceId))}>
              {t('common.view')}
            </Button>
          </Space>
        ),
      },
    ],
    [t, kind, navigate, typeLabel],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined, businessType }), [keyword, businessType]);
  return (
    <div className="bw-page">
      <Card title={t(`bpm.task.${kind}Title`)} variant="borderless">
        <DataTable<TaskRow>
          testId={`bpm-${kind}-table`}
          tableName={`bpm.${kind}`}
          endpoint={kind === 'todo' ? api.bpm.task.todoPage : api.bpm.task.donePage}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search
                allowClear
                placeholder={t('bpm.task.keyword')}
                style={{ width: 220 }}
                onSearch={(v) => setKeyword(v.trim())}
                data-testid="task-keyword"
              />
              <Select
                allowClear
                style={{ width: 180 }}
                placeholder={t('bpm.businessType')}
                value={businessType}
                onChange={setBusinessType}
                options={BUSINESS_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
              />
            </>
          }
        />
      </Card>
      <TaskDecisionModal task={deciding?.task ?? null} initial={deciding?.outcome} onClose={() => setDeciding(null)} />
      <HandOverModal task={handingOver} onClose={() => setHandingOver(null)} />
    </div>
  );
}
