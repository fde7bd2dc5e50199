import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { fieldLabels, type Locale } from '@breedwise/contracts';
import { auditActionLabel, auditChanges, auditTargetLabel, type AuditRow } from '@breedwise/contracts/system';

type Values = Record<string, unknown>;
const asRecord = (v: unknown): Values | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : null);

/** Audit columns every record carries, which no payload field label names. */
const recordLabels: Record<string, { 'zh-CN': string; en: string }> = {
  createdAt: { 'zh-CN': '创建时间', en: 'Created at' },
  createdBy: { 'zh-CN': '创建人', en: 'Created by' },
  updatedAt: { 'zh-CN': '修改时间', en: 'Updated at' },
  updatedBy: { 'zh-CN': '修改人', en: 'Updated by' },
};
/** Common state words recorded as keys. */
const stateWords: Record<string, { 'zh-CN': string; en: string }> = {
  enabled: { 'zh-CN': '启用', en: 'Enabled' },
  disabled: { 'zh-CN': '停用', en: 'Disabled' },
};

/** The label of a recorded field: the contracts' field label, else the key. */
export function fieldLabel(key: string, locale: Locale): string {
  return fieldLabels[key]?.[locale] ?? recordLabels[key]?.[locale] ?? key;
}

/** A recorded value as text: lists joined, flags as yes/no, times readable, nothing as a dash. */
export function valueText(v: unknown, yes: string, no: string, locale: Locale = 'zh-CN'): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' && stateWords[v]) return stateWords[v][locale];
  if (typeof v === 'boolean') return v ? yes : no;
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(x, yes, no, locale)).join(', ') : '—';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return dayjs(v).format('YYYY-MM-DD HH:mm:ss');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

interface Line {
  key: string;
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * One operation-log record, readable: the action and its target in words, and the record's fields before
 * and after with their labels, the changed ones highlighted; what was sent for other operations.
 */
export function AuditDetailDrawer({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const yes = t('system.log.yes');
  const no = t('system.log.no');
  const detail = row?.detail ?? {};
  const before = asRecord(detail.before);
  const after = asRecord(detail.after);
  const input = asRecord(detail.input);
  const changed = new Set(auditChanges(before, after).map((c) => c.field));
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: Line[] = keys.map((k) => ({
    key: k,
    field: fieldLabel(k, locale),
    before: valueText(before?.[k], yes, no, locale),
    after: valueText(after?.[k], yes, no, locale),
    changed: !!before && !!after && changed.has(k),
  }));
  // Changed fields first, so an update reads at a glance.
  lines.sort((a, b) => Number(b.changed) - Number(a.changed));
  const rest = Object.entries(detail).filter(([k]) => !['before', 'after', 'input', 'name'].includes(k));
  return (
    <Drawer open={!!row} onClose={onClose} size={720} title={row ? auditActionLabel(row.action, locale) : ''} destroyOnHidden>
      {row && (
        <div data-testid="audit-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('system.log.at')}>{dayjs(row.at).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            <Descriptions.Item label={t('system.log.user')}>{row.username ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system.log.target')}>{auditTargetLabel(row, locale) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system.log.result')}>{t(`system.log.results.${row.result}`)}</Descriptions.Item>
            <Descriptions.Item label={t('system.log.ip')}>{row.ip ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system.log.code')}>
              <Typography.Text type="secondary" copyable>
                {row.action}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {lines.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {before && after ? t('system.log.changes', { count: changed.size }) : after ? t('system.log.created') : t('system.log.deleted')}
              </Typography.Title>
              <Table<Line>
                size="small"
                rowKey="key"
                pagination={false}
                data-testid="audit-changes"
                dataSource={lines}
                rowClassName={(l) => (l.changed ? 'bw-audit-changed' : '')}
                columns={[
                  { title: t('system.log.field'), dataIndex: 'field', key: 'field', width: 180 },
                  ...(before ? [{ title: t('system.log.before'), dataIndex: 'before', key: 'before' }] : []),
                  ...(after
                    ? [
                        {
                          title: t('system.log.after'),
                          dataIndex: 'after',
                          key: 'after',
                          render: (v: string, l: Line) => (l.changed ? <Typography.Text mark>{v}</Typography.Text> : v),
                        },
                      ]
                    : []),
                ]}
              />
            </>
          )}
          {(input || rest.length > 0) && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('system.log.sent')}
              </Typography.Title>
              <Descriptions size="small" column={1} bordered data-testid="audit-input">
                {Object.entries(input ?? {}).map(([k, v]) => (
                  <Descriptions.Item key={k} label={fieldLabel(k, locale)}>
                    {valueText(v, yes, no, locale)}
                  </Descriptions.Item>
                ))}
                {rest.map(([k, v]) => (
                  <Descriptions.Item key={k} label={k === 'taskId' ? t('system.log.task') : fieldLabel(k, locale)}>
                    {valueText(v, yes, no, locale)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </>
          )}
          {!lines.length && !input && !rest.length && <Tag>{t('system.log.noDetail')}</Tag>}
        </div>
      )}
    </Drawer>
  );
}
