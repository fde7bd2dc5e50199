import { Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from '@breedwise/contracts/common';
import { TaskProgress } from '../../components/task';
import { RelativeTime } from '../../components/common';

/** The task centre's list: each task with its live progress. */
export default function TaskList({ rows }: { rows: TaskRow[] }) {
  const { t } = useTranslation();
  if (!rows.length) return <Empty description={t('task.empty')} />;
  return (
    <List
      dataSource={rows}
      renderItem={(task) => (
        <List.Item key={task.id}>
          <div style={{ width: '100%' }}>
            <div className="bw-task-head">
              <strong>{task.title}</strong>
              <RelativeTime at={task.createdAt} />
            </div>
            <TaskProgress taskId={task.id} compact />
          </div>
        </List.Item>
      )}
    />
  );
}
