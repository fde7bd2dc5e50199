import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MessageRow } from '@breedwise/contracts/message';
import './auth.css';
import { queryClient } from '../../lib/query';
import { platformApi } from '../../lib/platform-api';

const { message: messages } = platformApi.message;
/** The bell's reads are silent (spec section 8): a failing count must not interrupt the work. */
const silent = { errorMode: 'silent' } as const;

/** The header bell: unread count badge and the latest messages (notices are banners in the workspace: NoticeBanner). */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useQuery({ queryKey: messages.noReadCount.key, queryFn: () => messages.noReadCount(undefined, silent), refetchInterval: 60_000 });
  const latest = useQuery({ queryKey: [...messages.list.key, 'latest'], queryFn: () => messages.list({ pageNum: 1, pageSize: 5 }, silent) });

  const open = async (m: MessageRow) => {
    if (!m.read) await messages.setRead({ id: m.id });
    await queryClient.invalidateQueries({ queryKey: messages.$key });
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
              <List.Item.Meta
                title={m.title}
                description={
                  <>
                    <Typography.Text type="secondary" ellipsis>
                      {m.content}
                    </Typography.Text>
                    <div className="bw-bell-time">{dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.empty')} />
      )}
      <div className="bw-bell-actions">
        <Button
          type="link"
          size="small"
          onClick={async () => {
            await messages.setReadAll();
            await queryClient.invalidateQueries({ queryKey: messages.$key });
          }}
          data-testid="bell-read-all"
        >
          {t('message.readAll')}
        </Button>
        <Button type="link" size="small" onClick={() => navigate('/system/message')} data-testid="bell-all">
          {t('message.viewAll')}
        </Button>
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
