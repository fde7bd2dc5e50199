import { useMemo, useState } from 'react';
import { Button, Card, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from '@breedwise/contracts';
import { auditActionLabel, auditTargetLabel, type AuditRow, type LoginLogRow, type OutboxRow } from '@breedwise/contracts/system';
import { AuditDetailDrawer } from '../components/AuditDetail';
import '../../system.css';
import { DataTable } from '../../../../components/data-table/DataTable';
import { api } from '../../api';

const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');

/** Operation log: the audit trail (who, what, when, where, outcome). */
export function OperationLogPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const [action, setAction] = useState('');
  const [result, setResult] = useState<string | undefined>();
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns = useMemo<ColumnsType<AuditRow>>(
    () => [
      { title: t('system.log.at'), dataIndex: 'at', key: 'at', width: 170, sorter: true, render: time },
      { title: t('system.log.user'), dataIndex: 'username', key: 'username', width: 120, render: (v) => v ?? '—' },
      {
        title: t('system.log.action'),
        dataIndex: 'action',
        key: 'action',
        width: 220,
        sorter: true,
        render: (v: string) => <span title={v}>{auditActionLabel(v, locale)}</span>,
      },
      { title: t('system.log.target'), key: 'target', width: 220, ellipsis: true, render: (_, r) => auditTargetLabel(r, locale) || '—' },
      {
        title: t('system.log.result'),
        dataIndex: 'result',
        key: 'result',
        width: 90,
        render: (v: string) => <Tag color={v === 'success' ? 'success' : v === 'denied' ? 'warning' : 'error'}>{t(`system.log.results.${v}`)}</Tag>,
      },
      { title: t('system.log.ip'), dataIndex: 'ip', key: 'ip', width: 130 },
      {
        title: t('system.log.detail'),
        key: 'detail',
        width: 90,
        fixed: 'right',
        render: (_, r) => (
          <Button type="link" size="small" data-testid="audit-view" onClick={() => setOpen(r)}>
            {t('system.log.view')}
          </Button>
        ),
      },
    ],
    [t, locale],
  );
  const params = useMemo(() => ({ action: action || undefined, result }), [action, result]);
  return (
    <div className="bw-page">
      <Card title={t('system.log.operTitle')} variant="borderless">
        <DataTable<AuditRow>
          testId="audit-table"
          endpoint={api.system.log.audit}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('system.log.action')} style={{ width: 220 }} onSearch={(v) => setAction(v.trim())} />
              <Select
                style={{ width: 120 }}
                value={result ?? 'all'}
                onChange={(v) => setResult(v === 'all' ? undefined : v)}
                options={[
                  { value: 'all', label: t('common.all') },
                  ...['success', 'failure', 'denied'].map((r) => ({ value: r, label: t(`system.log.results.${r}`) })),
                ]}
              />
            </>
          }
        />
      </Card>
      <AuditDetailDrawer row={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** Login log: every attempt on the organisation's accounts. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const columns = useMemo<ColumnsType<LoginLogRow>>(
    () => [
      { title: t('system.log.at'), dataIndex: 'createdAt', key: 'createdAt', width: 170, render: time },
      { title: t('login.username'), dataIndex: 'username', key: 'username', width: 160 },
      { title: t('system.log.ip'), dataIndex: 'ip', key: 'ip', width: 140 },
      {
        title: t('system.log.result'),
        dataIndex: 'success',
        key: 'success',
        width: 90,
        render: (v: boolean) => <Tag color={v ? 'success' : 'error'}>{t(v ? 'system.log.results.success' : 'system.log.results.failure')}</Tag>,
      },
      { title: t('system.log.reason'), dataIndex: 'reason', key: 'reason', width: 140, render: (v) => v ?? '—' },
      { title: t('system.log.agent'), dataIndex: 'userAgent', key: 'userAgent', ellipsis: true },
    ],
    [t],
  );
  const params = useMemo(() => ({ username: username || undefined }), [username]);
  return (
    <div className="bw-page">
      <Card title={t('system.log.loginTitle')} variant="borderless">
        <DataTable<LoginLogRow>
          testId="login-log-table"
          endpoint={api.system.log.logins}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={<Input.Search allowClear placeholder={t('login.username')} style={{ width: 220 }} onSearch={(v) => setUsername(v.trim())} />}
        />
      </Card>
    </div>
  );
}

/** The SMS and e-mail outbox: messages kept because no gateway is configured, and the record of sent ones. */
export function OutboxPage() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<string | undefined>();
  const columns = useMemo<ColumnsType<OutboxRow>>(
    () => [
      { title: t('system.log.at'), dataIndex: 'createdAt', key: 'createdAt', width: 170, render: time },
      {
        title: t('system.outbox.channel'),
        dataIndex: 'channel',
        key: 'channel',
        width: 90,
        render: (v: string) => <Tag>{v === 'sms' ? 'SMS' : 'E-mail'}</Tag>,
      },
      { title: t('system.outbox.recipient'), dataIndex: 'recipient', key: 'recipient', width: 200 },
      {
        title: t('system.outbox.body'),
        key: 'body',
        render: (_, r) => (
          <>
            <div>
              <strong>{r.subject}</strong>
            </div>
            <div className="bw-pre" data-testid="outbox-body">
              {r.body}
            </div>
          </>
        ),
      },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: string) => <Tag color={v === 'sent' ? 'success' : v === 'failed' ? 'error' : 'processing'}>{t(`system.outbox.status.${v}`)}</Tag>,
      },
    ],
    [t],
  );
  const params = useMemo(() => ({ channel }), [channel]);
  return (
    <div className="bw-page">
      <Card title={t('system.outbox.title')} variant="borderless">
        <DataTable<OutboxRow>
          testId="outbox-table"
          endpoint={api.system.outbox.page}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <Select
              style={{ width: 140 }}
              value={channel ?? 'all'}
              onChange={(v) => setChannel(v === 'all' ? undefined : v)}
              options={[
                { value: 'all', label: t('common.all') },
                { value: 'sms', label: 'SMS' },
                { value: 'email', label: 'E-mail' },
              ]}
            />
          }
        />
      </Card>
    </div>
  );
}
