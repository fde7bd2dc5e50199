import { useMemo, useState } from 'react';
import { App, Button, Card, Col, List, Popconfirm, Progress, Row, Space, Statistic, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@breedwise/contracts/common';
import { DataTable } from '../../../components/data-table/DataTable';
import { RelativeTime } from '../../../components/common';
import { platformApi } from '../../../lib/platform-api';
import { queryClient } from '../../../lib/query';
import { useLoginInfo } from '../../../lib/login-info';

const { file, space: storage } = platformApi.common;

const human = (n: number) =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** Storage space of the organisation: used and total, by business type, and the files themselves. */
export default function StorageSpacePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: info } = useLoginInfo();
  const orgId = info?.orgInfo?.orgId;
  const [type, setType] = useState<string | undefined>();
  const space = useQuery({ queryKey: [...storage.info.key, orgId], queryFn: () => storage.info({ id: orgId! }), enabled: !!orgId });
  const menu = useQuery({ queryKey: file.menu.key, queryFn: () => file.menu() });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: file.$key }), queryClient.invalidateQueries({ queryKey: storage.$key })]);
  const columns = useMemo<ColumnsType<FileRow>>(
    () => [
      {
        title: t('home.storage.fileName'),
        dataIndex: 'fileName',
        key: 'fileName',
        render: (v: string, r) => (
          <a href={r.fileUrl} target="_blank" rel="noreferrer">
            {v}
          </a>
        ),
      },
      { title: t('home.storage.type'), dataIndex: 'businessType', key: 'businessType', width: 120 },
      { title: t('home.storage.size'), dataIndex: 'size', key: 'size', width: 110, render: (v: number) => human(v) },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110 },
      { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 130, render: (v: string) => <RelativeTime at={v} /> },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 150,
        render: (_, r) => (
          <Space size={4}>
            <Button type="link" size="small" icon={<DownloadOutlined />} href={r.fileUrl} download={r.fileName} />
            <Popconfirm
              title={t('common.deleteConfirm', { name: r.fileName })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await file.remove({ id: r.fileId });
                void message.success(t('common.success'));
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
  const params = useMemo(() => ({ businessType: type }), [type]);
  const s = space.data;
  return (
    <div className="bw-page" data-testid="storage-space">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('home.storage.title')} variant="borderless">
            <div className="bw-space-gauge">
              <Progress type="dashboard" percent={s?.percent ?? 0} status={s && s.percent >= 90 ? 'exception' : 'normal'} />
              <Statistic title={t('home.storage.used')} value={s ? `${s.used} / ${s.total}` : '—'} />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('home.storage.byType')} variant="borderless">
            <List
              dataSource={menu.data ?? []}
              locale={{ emptyText: t('common.noData') }}
              renderItem={(m) => (
                <List.Item className="bw-todo-item" onClick={() => setType(type === m.businessType ? undefined : m.businessType)}>
                  <Typography.Text strong={type === m.businessType}>{m.businessType}</Typography.Text>
                  <span>
                    {t('home.storage.files', { count: m.files })} · {human(m.bytes)}
                  </span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={type ? `${t('home.storage.library')} · ${type}` : t('home.storage.library')} variant="borderless">
            <DataTable<FileRow> testId="file-table" endpoint={file.list} params={params} columns={columns} rowKey="fileId" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
