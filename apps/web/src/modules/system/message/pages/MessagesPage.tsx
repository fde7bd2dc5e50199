import { useMemo, useState } from 'react';
import { Button, Card, Segmented, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MessageRow } from '@breedwise/contracts/message';
import { DataTable } from '../../../../components/data-table/DataTable';
import { platformApi } from '../../../../lib/platform-api';
import { queryClient } from '../../../../lib/query';

const messages = platformApi.message.message;

/** All my messages, with unread ones first to the eye. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [read, setRead] = useState<'all' | 'false' | 'true'>('all');
  const refresh = () => queryClient.invalidateQueries({ queryKey: messages.$key });
  const columns = useMemo<ColumnsType<MessageRow>>(
    () => [
      { title: t('system.message.time'), dataIndex: 'createdAt', key: 'createdAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
      {
        title: t('system.message.titleCol'),
        dataIndex: 'title',
        key: 'title',
        width: 240,
        render: (v: string, r) => <Typography.Text strong={!r.read}>{v}</Typography.Text>,
      },
      { title: t('system.message.content'), dataIndex: 'content', key: 'content' },
      {
        title: t('common.status'),
        dataIndex: 'read',
        key: 'read',
        width: 90,
        render: (v: boolean) => <Tag color={v ? 'default' : 'blue'}>{t(v ? 'system.message.read' : 'system.message.unread')}</Tag>,
      },
      {
        title: t('common.actions'),
        key: 'a',
        width: 160,
        render: (_, m) => (
          <>
            {!m.read && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await messages.setRead({ id: m.id });
                  await refresh();
                }}
              >
                {t('system.message.markRead')}
              </Button>
            )}
            {m.link && (
              <Button type="link" size="small" onClick={() => navigate(m.link!)}>
                {t('common.view')}
              </Button>
            )}
          </>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  const params = useMemo(() => ({ read: read === 'all' ? undefined : read }), [read]);
  return (
    <div className="bw-page">
      <Card title={t('message.title')} variant="borderless">
        <DataTable<MessageRow>
          testId="message-table"
          endpoint={messages.list}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Segmented
                value={read}
                onChange={(v) => setRead(v as typeof read)}
                options={[
                  { value: 'all', label: t('common.all') },
                  { value: 'false', label: t('system.message.unread') },
                  { value: 'true', label: t('system.message.read') },
                ]}
              />
              <Button
                onClick={async () => {
                  await messages.setReadAll();
                  await refresh();
                }}
              >
                {t('message.readAll')}
              </Button>
            </>
          }
        />
      </Card>
    </div>
  );
}
