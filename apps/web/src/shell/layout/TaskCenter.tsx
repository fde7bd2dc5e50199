import { lazy, Suspense, useState } from 'react';
import { Badge, Drawer, Spin, Tooltip } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { platformApi } from '../../lib/platform-api';

// The list with its live progress parts loads when the drawer first opens.
const TaskList = lazy(() => import('./TaskList'));

/** The user's imports, exports and other long tasks, with live progress (header button). */
export function TaskCenter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tasks = useQuery({
    queryKey: platformApi.common.task.page.key,
    queryFn: () => platformApi.common.task.page({ pageNum: 1, pageSize: 30 }, { errorMode: 'silent' }),
    refetchInterval: open ? 3000 : 30_000,
  });
  const running = tasks.data?.rows.filter((r) => r.status === 'queued' || r.status === 'running' || r.status === 'retrying').length ?? 0;
  return (
    <>
      <Tooltip title={t('task.title')}>
        <span className="bw-header-action" role="button" aria-label={t('task.title')} onClick={() => setOpen(true)} data-testid="task-center">
          <Badge count={running} size="small">
            <CloudSyncOutlined />
          </Badge>
        </span>
      </Tooltip>
      <Drawer title={t('task.title')} open={open} onClose={() => setOpen(false)} size={480}>
        {open && (
          <Suspense fallback={<Spin />}>
            <TaskList rows={tasks.data?.rows ?? []} />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
