import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { bpmPermissions, type AutomaticStep, type TaskRow } from '@breedwise/contracts/bpm';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { BpmnViewer } from '../../components/BpmnViewer';
import { InstanceStatusTag, TaskStatusTag, useBusinessTypeLabel } from '../../components/StatusTags';
import { TaskDecisionModal } from '../components/TaskDecisionModal';
import { SubmittedForms } from '../components/SubmittedForms';

const COLORS: Record<TaskRow['status'], string> = { open: 'blue', approved: 'green', rejected: 'red', closed: 'gray' };

/** One process: the diagram with finished and current nodes, the timeline of who did what when. */
export default function InstanceDetailPage() {
  const { t } = useTranslation();
  const { params } = usePage();
  const id = Number(params.id);
  const typeLabel = useBusinessTypeLabel();
  const { data, isLoading } = useQuery({ queryKey: [...api.bpm.instance.get.key, id], queryFn: () => api.bpm.instance.get({ id }) });
  const { data: mine } = useQuery({
    queryKey: [...api.bpm.task.todoPage.key, 'instance', id],
    queryFn: () => api.bpm.task.todoPage({ pageSize: 200 }),
    select: (p) => p.rows.filter((r) => r.instanceId === id),
  });
  const [deciding, setDeciding] = useState<{ task: TaskRow; outcome: 'approve' | 'reject' } | null>(null);
  const { message } = App.useApp();
  const canRetry = usePermission(bpmPermissions.definitionUpdate);
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = async (step: AutomaticStep) => {
    setRetrying(step.id);
    try {
      await api.bpm.instance.retryService({ id, serviceId: step.id });
      void message.success(t('bpm.automatic.retried'));
      await queryClient.invalidateQueries({ queryKey: api.bpm.instance.$key });
    } finally {
      setRetrying(null);
    }
  };
  const strategyLabel = (s: string | null) => (s ? t(`bpm.strategies.${s}`, { defaultValue: s }) : '');
  const automaticText = (a: AutomaticStep) =>
    a.kind === 'timer'
      ? t('bpm.automatic.timer', { at: dayjs(a.dueAt).format('YYYY-MM-DD HH:mm:ss') })
      : a.failed
        ? t('bpm.automatic.incidentText', { strategy: strategyLabel(a.strategy), attempt: a.attempt, error: a.error ?? '' })
        : t('bpm.automatic.service', { strategy: strategyLabel(a.strategy), attempt: a.attempt });
  const incidents = (data?.automatic ?? []).filter((a) => a.failed);
  useRecordTitle('bpm.instance.detailOf', data ? `${data.name} #${data.id}` : undefined);
  if (isLoading || !data) return <Spin style={{ margin: 48 }} />;
  return (
    <div className="bw-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space>
              {data.name}
              <InstanceStatusTag status={data.status} />
            </Space>
          }
          extra={
            <Space>
              {(mine ?? []).map((task) => (
                <Space key={task.id} size={4}>
                  <Button type="primary" onClick={() => setDeciding({ task, outcome: 'approve' })} data-testid="detail-approve">
                    {t('bpm.task.approve')} · {task.name}
                  </Button>
                  <Button danger onClick={() => setDeciding({ task, outcome: 'reject' })} data-testid="detail-reject">
                    {t('bpm.task.reject')}
                  </Button>
                </Space>
              ))}
            </Space>
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label={t('bpm.definition.version')}>v{data.version}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.instance.starter')}>{data.startUserName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.businessType')}>{typeLabel(data.businessType)}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.businessKey')}>{data.businessKey ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.instance.startedAt')}>{dayjs(data.startedAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.instance.endedAt')}>{data.endedAt ? dayjs(data.endedAt).format('YYYY-MM-DD HH:mm') : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.instance.current')}>{data.currentTasks.join(', ') || '—'}</Descriptions.Item>
            {data.cancelReason && <Descriptions.Item label={t('bpm.instance.reason')}>{data.cancelReason}</Descriptions.Item>}
          </Descriptions>
        </Card>
        {incidents.map((a) => (
          <Alert
            key={a.id}
            type="error"
            showIcon
            data-testid="bpm-incident"
            message={`${t('bpm.automatic.incident')} · ${a.name}`}
            description={automaticText(a)}
            action={
              canRetry && data.status === 'running' ? (
                <Button size="small" danger loading={retrying === a.id} onClick={() => void retry(a)} data-testid="bpm-incident-retry">
                  {t('bpm.automatic.retry')}
                </Button>
              ) : undefined
            }
          />
        ))}
        {data.forms.length > 0 && <SubmittedForms forms={data.forms} />}
        <Card variant="borderless" title={t('bpm.instance.diagram')}>
          <BpmnViewer xml={data.bpmnXml} status={data.nodeStatus} />
          <Space style={{ marginTop: 8 }}>
            <Typography.Text type="success">■ {t('bpm.diagram.finished')}</Typography.Text>
            <Typography.Text style={{ color: '#1677ff' }}>■ {t('bpm.diagram.active')}</Typography.Text>
          </Space>
        </Card>
        <Card variant="borderless" title={t('bpm.instance.timeline')}>
          {data.tasks.length === 0 && data.automatic.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              data-testid="bpm-timeline"
              items={[
                ...data.tasks.map((task) => ({
                  color: COLORS[task.status],
                  children: (
                    <div data-testid="bpm-timeline-item">
                      <Space wrap>
                        <Typography.Text strong>
                          {task.multiTotal ? `${task.name} (${(task.multiIndex ?? 0) + 1}/${task.multiTotal})` : task.name}
                        </Typography.Text>
                        <TaskStatusTag status={task.status} />
                        <Typography.Text>{task.assigneeName ?? t('bpm.task.candidates')}</Typography.Text>
                        <Typography.Text type="secondary">
                          {dayjs(task.createdAt).format('MM-DD HH:mm')}
                          {task.endedAt ? ` → ${dayjs(task.endedAt).format('MM-DD HH:mm')}` : ''}
                        </Typography.Text>
                      </Space>
                      {task.comment && <Typography.Paragraph style={{ margin: '4px 0 0' }}>“{task.comment}”</Typography.Paragraph>}
                      {task.closeReason && (
                        <Typography.Text type="secondary">{t(`bpm.closeReasons.${task.closeReason}`, { defaultValue: task.closeReason })}</Typography.Text>
                      )}
                    </div>
                  ),
                })),
                // Timers and service steps waiting now, after the tasks (an incident in red, with its error).
                ...data.automatic.map((a) => ({
                  color: a.failed ? 'red' : 'blue',
                  children: (
                    <div data-testid="bpm-timeline-automatic">
                      <Space wrap>
                        <Typography.Text strong>{a.name}</Typography.Text>
                        {a.failed && <Tag color="error">{t('bpm.automatic.incident')}</Tag>}
                        <Typography.Text type={a.failed ? 'danger' : 'secondary'}>{automaticText(a)}</Typography.Text>
                      </Space>
                    </div>
                  ),
                })),
              ]}
            />
          )}
        </Card>
      </Space>
      <TaskDecisionModal task={deciding?.task ?? null} initial={deciding?.outcome} onClose={() => setDeciding(null)} />
    </div>
  );
}
