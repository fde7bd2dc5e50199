import { useMemo, useState } from 'react';
import {
  Alert, App, Button, Card, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Tag, Typography, type ButtonProps,
} from 'antd';
import { DownloadOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { LicenseSave, LicenseSubjectCreate, LicenseSubjectUpdate, Permissions, type LicenseRow, type LicenseSubjectRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules, validateForm } from '../../../components/form/zod-form';
import { downloadBlob } from '../../../lib/download';
import { queryClient } from '../../../lib/query';
import { useLoginInfo } from '../../../shell/auth-api';
import { usePermission } from '../../../shell/permissions';
import { systemApi, systemKeys } from '../api';
import '../system.css';

const subjectRules = fieldRules(LicenseSubjectCreate);
const licenseRules = fieldRules(LicenseSave);

/** Days from today to a licence's expiry (negative once expired). */
export function daysLeft(expiryDate: string, today = dayjs()): number {
  return dayjs(expiryDate).startOf('day').diff(today.startOf('day'), 'day');
}

/**
 * Licence subjects of the issuing installation (gateway licence calls): who is licensed, and each
 * subject's licence (name, activation and expiry dates, consumer type and amount), exported as a file
 * signed with Ed25519 for the licensee to install.
 */
export default function LicenseSubjectPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useLoginInfo();
  const canEdit = usePermission(Permissions.system.licenseEdit) && !!me?.userInfo.platformAdmin;
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<LicenseSubjectRow | null | undefined>(undefined);
  const [licensing, setLicensing] = useState<LicenseSubjectRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: systemKeys.licenses });
  const columns = useMemo<ColumnsType<LicenseSubjectRow>>(() => [
    { title: t('system.license.code'), dataIndex: 'code', key: 'code', width: 140, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('system.license.subject'), dataIndex: 'name', key: 'name', width: 220 },
    { title: t('system.license.contact'), dataIndex: 'contact', key: 'contact', width: 180, render: (v: string | null) => v ?? '—' },
    { title: t('system.license.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('system.license.licenses'), dataIndex: 'licenses', key: 'licenses', width: 100, render: (v: number) => (v ? <Tag color="green">{t('system.license.issued')}</Tag> : <Tag>{t('system.license.none')}</Tag>) },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 120, render: (v: string) => dayjs(v).format('YYYY-MM-DD') },
    {
      title: t('common.actions'), key: 'actions', width: 210, fixed: 'right',
      render: (_, s) => (
        <Space size={2}>
          <Button type="link" size="small" icon={<SafetyCertificateOutlined />} onClick={() => setLicensing(s)} data-testid={`license-open-${s.code}`}>{t('system.license.licence')}</Button>
          <Button type="link" size="small" onClick={() => setEditing(s)}>{t('common.edit')}</Button>
          <Popconfirm title={t('common.deleteConfirm', { name: s.name })} okText={t('common.ok')} cancelText={t('common.cancel')}
            onConfirm={async () => { await systemApi.removeSubject(s.id); void message.success(t('common.success')); await refresh(); }}>
            <Button type="link" size="small" danger disabled={s.licenses > 0}>{t('common.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t]);
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  if (!canEdit) return <div className="bw-page"><Card title={t('system.license.title')} variant="borderless"><Alert type="info" showIcon title={t('system.license.platformOnly')} /></Card></div>;
  return (
    <div className="bw-page">
      <Card title={t('system.license.title')} variant="borderless">
        <DataTable<LicenseSubjectRow>
          testId="license-subject-table" queryKey={systemKeys.licenses} params={params} fetch={systemApi.subjects} columns={columns} rowKey="id" scrollX={1100}
          toolbar={<>
            <Input.Search allowClear placeholder={t('common.keywordPlaceholder')} style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="license-subject-add">{t('system.license.add')}</Button>
          </>}
        />
      </Card>
      {editing !== undefined && <SubjectFormModal subject={editing} onClose={() => setEditing(undefined)} onSaved={async () => { setEditing(undefined); void message.success(t('common.success')); await refresh(); }} />}
      <LicenseDrawer subject={licensing} onClose={() => setLicensing(null)} onSaved={refresh} />
    </div>
  );
}

function SubjectFormModal({ subject, onClose, onSaved }: { subject: LicenseSubjectRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={subject !== undefined} title={t(subject ? 'system.license.edit' : 'system.license.add')} destroyOnHidden okText={t('common.save')} cancelText={t('common.cancel')}
      confirmLoading={saving} onCancel={onClose} okButtonProps={{ 'data-testid': 'license-subject-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const body = validateForm(form, subject ? LicenseSubjectUpdate : LicenseSubjectCreate, subject ? { id: subject.id, name: values.name, contact: values.contact, description: values.description } : values);
        if (!body) return;
        setSaving(true);
        try {
          if (subject) await systemApi.updateSubject(body as LicenseSubjectUpdate);
          else await systemApi.createSubject(body as LicenseSubjectCreate);
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="license-subject-form"
        initialValues={subject ? { ...subject, contact: subject.contact ?? undefined, description: subject.description ?? undefined } : undefined}>
        <div className="bw-form-pair">
          <Form.Item name="code" label={t('system.license.code')} required rules={subjectRules.code}><Input disabled={!!subject} placeholder="seedco-2026" /></Form.Item>
          <Form.Item name="name" label={t('system.license.subject')} required rules={subjectRules.name}><Input /></Form.Item>
        </div>
        <Form.Item name="contact" label={t('system.license.contact')} rules={subjectRules.contact}><Input /></Form.Item>
        <Form.Item name="description" label={t('system.license.description')} rules={subjectRules.description}><Input.TextArea rows={3} maxLength={500} showCount /></Form.Item>
      </Form>
    </Modal>
  );
}

function LicenseDrawer({ subject, onClose, onSaved }: { subject: LicenseSubjectRow | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const license = useQuery({ queryKey: [...systemKeys.licenses, 'license', subject?.id], queryFn: () => systemApi.license(subject!.id), enabled: !!subject });
  const l: LicenseRow | null | undefined = license.data;
  return (
    <Drawer
      open={!!subject} width={560} destroyOnHidden onClose={onClose} title={subject ? t('system.license.licenceOf', { name: subject.name }) : ''}
      extra={l && (
        <Button icon={<DownloadOutlined />} data-testid="license-export" onClick={async () => {
          try {
            await downloadBlob(`/gateway/license/export/${subject!.id}`, {}, `${subject!.code}.lic`);
          } catch (err) {
            void message.error((err as Error).message);
          }
        }}>{t('system.license.export')}</Button>
      )}
    >
      {license.isLoading ? <Skeleton active /> : (
        <>
          {l ? (
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }} data-testid="license-current">
              <Descriptions.Item label={t('system.license.name')} span={2}>{l.name}</Descriptions.Item>
              <Descriptions.Item label={t('system.license.activation')}>{l.activationDate}</Descriptions.Item>
              <Descriptions.Item label={t('system.license.expiry')}>
                {l.expiryDate} {daysLeft(l.expiryDate) < 0 ? <Tag color="red">{t('system.license.expired')}</Tag> : <Typography.Text type="secondary">· {t('system.license.daysLeft', { count: daysLeft(l.expiryDate) })}</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.license.consumer')} span={2}>{t(`system.license.consumerTypes.${l.consumerType}`)} · {l.consumerAmount}</Descriptions.Item>
            </Descriptions>
          ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.license.notIssued')} style={{ marginBottom: 20 }} />}
          <Typography.Title level={5}>{t(l ? 'system.license.change' : 'system.license.issue')}</Typography.Title>
          <Form form={form} layout="vertical" data-testid="license-form" onFinish={async () => {
            const values = form.getFieldsValue(true);
            const body = validateForm(form, LicenseSave, {
              ...values, subjectId: subject!.id,
              activationDate: (values.activationDate as Dayjs | undefined)?.format('YYYY-MM-DD'),
              expiryDate: (values.expiryDate as Dayjs | undefined)?.format('YYYY-MM-DD'),
            });
            if (!body) return;
            setSaving(true);
            try {
              const saved = await systemApi.saveLicense(body);
              queryClient.setQueryData([...systemKeys.licenses, 'license', subject!.id], saved);
              void message.success(t('system.license.saved'));
              onSaved();
            } catch (err) {
              if (!applyServerErrors(form, err)) void message.error((err as Error).message);
            } finally {
              setSaving(false);
            }
          }} key={`${subject?.id}-${l?.updatedAt ?? 'new'}`}
          >
            <Form.Item name="name" label={t('system.license.name')} required rules={licenseRules.name} initialValue={l?.name}><Input data-testid="license-form-name" /></Form.Item>
            <div className="bw-form-pair">
              <Form.Item name="activationDate" label={t('system.license.activation')} rules={[{ required: true, message: t('system.form.required') }]} initialValue={l ? dayjs(l.activationDate) : dayjs()}><DatePicker style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="expiryDate" label={t('system.license.expiry')} rules={[{ required: true, message: t('system.form.required') }]} initialValue={l ? dayjs(l.expiryDate) : dayjs().add(1, 'year')}><DatePicker style={{ width: '100%' }} /></Form.Item>
            </div>
            <div className="bw-form-pair">
              <Form.Item name="consumerType" label={t('system.license.consumer')} initialValue={l?.consumerType ?? 'user'}>
                <Select options={(['user', 'organisation'] as const).map((c) => ({ value: c, label: t(`system.license.consumerTypes.${c}`) }))} />
              </Form.Item>
              <Form.Item name="consumerAmount" label={t('system.license.amount')} required rules={licenseRules.consumerAmount} initialValue={l?.consumerAmount ?? 50}>
                <InputNumber min={1} max={1_000_000} style={{ width: '100%' }} />
              </Form.Item>
            </div>
            <Form.Item name="description" label={t('system.license.description')} rules={licenseRules.description} initialValue={l?.description ?? undefined}><Input.TextArea rows={3} maxLength={500} showCount /></Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="license-save">{t(l ? 'system.license.change' : 'system.license.issue')}</Button>
          </Form>
        </>
      )}
    </Drawer>
  );
}
