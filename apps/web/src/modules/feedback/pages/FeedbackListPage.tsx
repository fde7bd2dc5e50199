import { useMemo, useState } from 'react';
import { App, Button, Card, Image, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedbackRow } from '@breedwise/contracts/feedback';
import { DataTable } from '../../../components/data-table/DataTable';
import { RelativeTime } from '../../../components/common';
import { queryClient } from '../../../lib/query';
import { api } from '../api';

const { feedback } = api.feedback;

/** Administrators read, resolve and remove the organisation's feedback. */
export default function FeedbackListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: feedback.$key });
  const columns = useMemo<ColumnsType<FeedbackRow>>(
    () => [
      { title: t('feedback.type'), dataIndex: 'type', key: 'type', width: 100, render: (v: FeedbackRow['type']) => <Tag>{t(`feedback.types.${v}`)}</Tag> },
      { title: t('feedback.fields.title'), dataIndex: 'title', key: 'title', width: 200, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
      { title: t('feedback.fields.description'), dataIndex: 'description', key: 'description', ellipsis: true, width: 280 },
      { title: t('feedback.fields.link'), dataIndex: 'link', key: 'link', width: 180, ellipsis: true },
      {
        title: t('feedback.fields.contact'),
        key: 'contact',
        width: 160,
        render: (_, r) => (
          <span>
            {r.contact}
            {r.phone ? ` · ${r.phone}` : ''}
          </span>
        ),
      },
      {
        title: t('feedback.attachments'),
        key: 'attachments',
        width: 160,
        render: (_, r) => (
          <Image.PreviewGroup>
            <Space size={4} wrap>
              {r.attachments.map((a) =>
                /\.(png|jpe?g|gif)$/i.test(a.fileName) ? (
                  <Image key={a.fileId} src={a.src} width={36} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} />
                ) : (
                  <a key={a.fileId} href={a.src} target="_blank" rel="noreferrer">
                    {a.fileName}
                  </a>
                ),
              )}
            </Space>
          </Image.PreviewGroup>
        ),
      },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: FeedbackRow['status']) => <Tag color={v === 'open' ? 'processing' : 'success'}>{t(`feedback.status.${v}`)}</Tag>,
      },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 100 },
      { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 120, render: (v: string) => <RelativeTime at={v} /> },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 170,
        render: (_, r) => (
          <Space size={4}>
            {r.status === 'open' && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await feedback.resolve({ id: r.id });
                  void message.success(t('feedback.resolved'));
                  await refresh();
                }}
              >
                {t('feedback.resolve')}
              </Button>
            )}
            <Popconfirm
              title={t('common.deleteConfirm', { name: r.title })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await feedback.remove({ id: r.id });
                void message.success(t('feedback.removed'));
                await refresh();
              }}
            >
              <Button type="link" size="small" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    [t, message],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  return (
    <div className="bw-page">
      <Card title={t('feedback.listTitle')} variant="borderless">
        <DataTable<FeedbackRow>
          testId="feedback-table"
          tableName="system.feedback"
          endpoint={feedback.list}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={<Input.Search allowClear placeholder={t('feedback.keyword')} style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} />}
        />
      </Card>
    </div>
  );
}
