import { useEffect } from 'react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { LatestNotice, MessageRow } from '@breedwise/contracts';
import './auth.css';
import { feedback } from '../../lib/feedback';
import { queryClient } from '../../lib/query';
import { api, request, type PageResult } from '../../lib/request';
import { local } from '../../lib/storage';

export const messageKeys = { all: ['auth', 'message'] as const };

export const messageApi = {
  count: () => api.get<{ count: number }>('/auth/api/message/noReadCount', undefined, { errorMode: 'silent' }),
  list: (q: Record<string, unknown>) => request<PageResult<MessageRow>>('/auth/api/message/list', { params: q, errorMode: 'silent' }),
  setRead: (id: number) => api.post<null>(`/auth/api/message/setRead/${id}`),
  setReadAll: () => api.post<{ updated: number }>('/auth/api/message/setReadAll'),
  /** Errors are silent (spec section 8). */
  latestNotice: () => api.get<LatestNotice>('/auth/api/notice/getLatest', undefined, { errorMode: 'silent' }),
};

const SEEN_NOTICE = 'bw-seen-notice';

/** The header bell: unread count badge, the latest messages, and the newest notice shown once. */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useQuery({ queryKey: [...messageKeys.all, 'count'], queryFn: messageApi.count, refetchInterval: 60_000 });
  const latest = useQuery({ queryKey: [...messageKeys.all, 'latest'], queryFn: () => messageApi.list({ pageNum: 1, pageSize: 5 }) });
  const notice = useQuery({ queryKey: ['auth', 'notice', 'latest'], queryFn: messageApi.latestNotice, retry: false });

  useEffect(() => {
    const n = notice.data;
    if (!n || local.get<number | null>(SEEN_NOTICE, null) === n.id) return;
    local.set(SEEN_NOTICE, n.id);
    feedback.current?.notification[n.level === 'info' ? 'info' : 'warning']({ title: n.title, description: n.content, duration: 8 });
  }, [notice.data]);

  const open = async (m: MessageRow) => {
    if (!m.read) await messageApi.setRead(m.id);
    await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    navigate(m.link ?? '/system/message');
  };
  const content = (
    <div className="bw-bell-panel" data-testid="bell-panel">
      {latest.data?.rows.length ? (
        <List
          size="small"
          dataSource={latest.data.rows}
          renderItem={(m) => (
            <List.Item className={m.read ? '' : 'bw-unread'} onClick={() => open(m)}>
              <List.Item.Meta title={m.title} description={<><Typography.Text type="secondary" ellipsis>{m.content}</Typography.Text><div className="bw-bell-time">{dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}</div></>} />
            </List.Item>
          )}
        />
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.empty')} />}
      <div className="bw-bell-actions">
        <Button type="link" size="small" onClick={async () => { await messageApi.setReadAll(); await queryClient.invalidateQueries({ queryKey: messageKeys.all }); }} data-testid="bell-read-all">{t('message.readAll')}</Button>
        <Button type="link" size="small" onClick={() => navigate('/system/message')} data-testid="bell-all">{t('message.viewAll')}</Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} title={t('message.title')} trigger="click" placement="bottomRight">
      <span className="bw-header-action" role="button" aria-label={t('message.title')} data-testid="message-bell">
        <Badge count={count.data?.count ?? 0} size="small" overflowCount={99} data-testid="message-badge">
          <BellOutlined style={{ fontSize: 17 }} />
        </Badge>
      </span>
    </Popover>
  );
}
