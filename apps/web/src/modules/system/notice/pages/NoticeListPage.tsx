import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Segmented, Space, Tag, Typography, type ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { NoticeCreate, NoticeUpdate, systemPermissions as P, type NoticeRow } from '@breedwise/contracts/system';
import { DataTable } from '../../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { platformApi } from '../../../../lib/platform-api';
import { StatusField } from '../../components/fields';
import '../../system.css';

const rules = fieldRules(NoticeCreate);
const LEVEL_COLOR: Record<NoticeRow['level'], string> = { info: 'blue', warning: 'orange', important: 'red' };
const ALERT_TYPE: Record<NoticeRow['level'], 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', important: 'error' };
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** Whether a notice is shown now: enabled and not expired. */
export function inForce(n: Pick<NoticeRow, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  return n.status === 'enabled' && (!n.expiresAt || new Date(n.expiresAt).getTime() > now);
}

/** Notices of the organisation: each one in force is shown to every member as a banner until they dismiss it. */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePermission(P.noticeEdit);
  const [editing, setEditing] = useState<NoticeRow | null | undefined>(undefined);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: api.system.notice.$key });
    // The workspace shows the notices in force as banners (the message module's open-notices query).
    await queryClient.invalidateQueries({ queryKey: platformApi.message.notice.$key });
  };

  const columns = useMemo<ColumnsType<NoticeRow>>(
    () => [
      {
        title: t('system.notice.titleCol'),
        dataIndex: 'title',
        key: 'title',
        width: 260,
        render: (v: string, n) => (
          <Space size={6}>
            <Tag color={LEVEL_COLOR[n.level]}>{t(`system.notice.levels.${n.level}`)}</Tag>
            <span>{v}</span>
          </Space>
        ),
      },
      { title: t('system.notice.content'), dataIndex: 'content', key: 'content', ellipsis: true },
      { title: t('system.notice.published'), dataIndex: 'publishedAt', key: 'publishedAt', width: 150, render: time },
      { title: t('system.notice.expires'), dataIndex: 'expiresAt', key: 'expiresAt', width: 150, render: time },
      {
        title: t('common.status'),
        key: 'status',
        width: 110,
        render: (_, n) =>
          inForce(n) ? (
            <Tag color="success">{t('system.notice.inForce')}</Tag>
          ) : (
            <Tag>{t(n.status === 'disabled' ? 'common.disabled' : 'system.notice.expired')}</Tag>
          ),
      },
      { title: t('common.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110, render: (v: string | null) => v ?? '—' },
      ...(canEdit
        ? [
            {
              title: t('common.actions'),
              key: 'actions',
              width: 130,
              fixed: 'right' as const,
              render: (_: unknown, n: NoticeRow) => (
                <Space size={2}>
                  <Button type="link" size="small" onClick={() => setEditing(n)}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm
                    title={t('common.deleteConfirm', { name: n.title })}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                    onConfirm={async () => {
                      await api.system.notice.remove({ id: n.id });
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
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit],
  );

  return (
    <div className="bw-page">
      <Card title={t('system.notice.title')} variant="borderless">
        <DataTable<NoticeRow>
          testId="notice-table"
          endpoint={api.system.notice.page}
          columns={columns}
          rowKey="id"
          scrollX={1100}
          toolbar={
            <>
              <Typography.Text type="secondary">{t('system.notice.intro')}</Typography.Text>
              {canEdit && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="notice-add">
                  {t('system.notice.add')}
                </Button>
              )}
            </>
          }
        />
      </Card>
      {editing !== undefined && (
        <NoticeFormModal
          notice={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            void message.success(t('common.success'));
            await refresh();
          }}
        />
      )}
    </div>
  );
}

function NoticeFormModal({ notice, onClose, onSaved }: { notice: NoticeRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const level: NoticeRow['level'] = Form.useWatch('level', form) ?? 'info';
  const title: string = Form.useWatch('title', form) ?? '';
  const content: string = Form.useWatch('content', form) ?? '';
  return (
    <Modal
      open={notice !== undefined}
      width={720}
      title={t(notice ? 'system.notice.edit' : 'system.notice.add')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'notice-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const expires = values.expiresAt as Dayjs | undefined | null;
        const data = { ...values, expiresAt: expires ? expires.format('YYYY-MM-DD HH:mm:ss') : null };
        const update = notice ? validateForm(form, NoticeUpdate, { ...data, id: notice.id }) : null;
        const create = notice ? null : validateForm(form, NoticeCreate, data);
        if (!update && !create) return;
        setSaving(true);
        try {
          if (update) await api.system.notice.update(update, { errorMode: 'silent' });
          else if (create) await api.system.notice.create(create, { errorMode: 'silent' });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="notice-form"
        initialValues={notice ? { ...notice, expiresAt: notice.expiresAt ? dayjs(notice.expiresAt) : undefined } : { level: 'info', status: 'enabled' }}
      >
        <Form.Item name="level" label={t('system.notice.level')} rules={rules.level}>
          <Segmented options={(['info', 'warning', 'important'] as const).map((l) => ({ value: l, label: t(`system.notice.levels.${l}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('system.notice.titleCol')} required rules={rules.title}>
          <Input maxLength={100} showCount data-testid="notice-form-title" />
        </Form.Item>
        <Form.Item name="content" label={t('system.notice.content')} required rules={rules.content}>
          <Input.TextArea rows={5} maxLength={5000} showCount data-testid="notice-form-content" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="expiresAt" label={t('system.notice.expires')} extra={t('system.notice.expiresHelp')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
          <StatusField rules={rules.status} />
        </Space>
        <Typography.Text type="secondary">{t('system.notice.preview')}</Typography.Text>
        <Alert type={ALERT_TYPE[level]} showIcon title={title || t('system.notice.titleCol')} description={content || '…'} className="bw-notice-preview" />
      </Form>
    </Modal>
  );
}
