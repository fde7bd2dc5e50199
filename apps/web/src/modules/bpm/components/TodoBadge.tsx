import { Badge, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { bpmPaths, todoCountKey } from '../paths';

/** The header's workflow badge: how many tasks wait for the user; opens the to-do list. */
export default function TodoBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: todoCountKey,
    queryFn: () => api.bpm.task.myTodoStatistic(undefined, { errorMode: 'silent' }),
    refetchInterval: 60_000,
  });
  return (
    <Tooltip title={t('bpm.todo.badge')}>
      <span className="bw-header-action" role="button" aria-label={t('bpm.todo.badge')} onClick={() => navigate(bpmPaths.todo)} data-testid="bpm-todo-badge">
        <Badge count={data?.todo ?? 0} size="small" overflowCount={99}>
          <AuditOutlined style={{ fontSize: 17 }} />
        </Badge>
      </span>
    </Tooltip>
  );
}
