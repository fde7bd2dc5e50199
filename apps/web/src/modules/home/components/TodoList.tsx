import { Empty, List, Tag, Typography } from 'antd';
import { LockOutlined, RightOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@breedwise/contracts';
import { useRegistry } from '../../../lib/registry-context';
import { useLoginInfo } from '../../../lib/login-info';
import { dashboardQueries } from '../dashboard-queries';

/**
 * The dashboard to-do list: one line per source the modules declare, with its count, or "no
 * authority" where the user lacks the permission (spec section 6).
 */
export function TodoList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useLoginInfo();
  const { todos: todoSources } = useRegistry();
  const granted = (p: string) => !!info && hasPermission(info.permissions, p);
  const counts = useQueries({ queries: todoSources.map((s) => dashboardQueries.todo(info, s)) });
  if (todoSources.length === 0) {
    return (
      <Empty
        description={
          <>
            <div>{t('home.dashboard.todoEmpty')}</div>
            <Typography.Text type="secondary">{t('home.dashboard.todoHint')}</Typography.Text>
          </>
        }
      />
    );
  }
  return (
    <List
      data-testid="todo-list"
      dataSource={todoSources.map((s, i) => ({ s, q: counts[i] }))}
      renderItem={({ s, q }) => {
        const allowed = granted(s.permission);
        return (
          <List.Item
            className={allowed ? 'bw-todo-item' : undefined}
            onClick={allowed ? () => navigate(s.path) : undefined}
            actions={allowed ? [<RightOutlined key="go" />] : []}
          >
            <span className="bw-todo-line">
              <span>{t(s.titleKey)}</span>
              {!allowed ? (
                <Tag icon={<LockOutlined />}>{t('home.dashboard.noAuthority')}</Tag>
              ) : q.isError ? (
                <Typography.Text type="danger">{(q.error as Error).message}</Typography.Text>
              ) : (
                <Typography.Text strong className="bw-todo-count">
                  {q.data ?? '…'}
                </Typography.Text>
              )}
            </span>
          </List.Item>
        );
      }}
    />
  );
}
