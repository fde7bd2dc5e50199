import { useState } from 'react';
import { Button, Progress, Space, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TaskRow } from '@breedwise/contracts/common';
import { platformApi } from '../../lib/platform-api';
import { isFinished, useTask } from './useTask';

const COLOR: Record<TaskRow['status'], string> = {
  queued: 'default',
  running: 'processing',
  retrying: 'orange',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** Status, progress, message and (on demand) the readable log of a task. */
export function TaskProgress({ taskId, compact }: { taskId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const task = useTask(taskId);
  const [showLog, setShowLog] = useState(false);
  const logs = useQuery({
    queryKey: [...platformApi.common.task.logs.key, taskId],
    queryFn: () => platformApi.common.task.logs({ taskId }, { errorMode: 'silent' }),
    enabled: showLog,
    refetchInterval: isFinished(task.data) ? false : 2000,
  });
  const d = task.data;
  if (!d) return <Progress percent={0} size="small" status="active" />;
  return (
    <div className="bw-task" data-testid="task-progress" data-status={d.status}>
      <Space wrap>
        <Tag color={COLOR[d.status]}>{t(`task.${d.status}`)}</Tag>
        {!compact && <Typography.Text strong>{d.title}</Typography.Text>}
      </Space>
      <Progress
        percent={Math.round(d.progress * 100)}
        status={d.status === 'failed' ? 'exception' : d.status === 'succeeded' ? 'success' : d.status === 'retrying' ? 'normal' : 'active'}
      />
      {/* Waiting to retry: why the last attempt failed; failed: why the task ended. */}
      {d.message && <Typography.Text type={d.status === 'failed' ? 'danger' : d.status === 'retrying' ? 'warning' : 'secondary'}>{d.message}</Typography.Text>}
      <Space>
        <Button size="small" type="link" onClick={() => setShowLog((v) => !v)}>
          {t('task.log')}
        </Button>
        {!isFinished(d) && (
          <Button size="small" type="link" danger onClick={() => platformApi.common.task.cancel({ id: taskId }).then(() => task.refetch())}>
            {t('task.cancel')}
          </Button>
        )}
      </Space>
      {showLog && (
        <Timeline
          className="bw-task-log"
          items={(logs.data ?? []).map((l) => ({
            color: l.level === 'error' ? 'red' : l.level === 'warn' ? 'orange' : 'blue',
            children: (
              <span>
                <Typography.Text type="secondary">{dayjs(l.at).format('HH:mm:ss')}</Typography.Text> {l.message}
              </span>
            ),
          }))}
        />
      )}
    </div>
  );
}
