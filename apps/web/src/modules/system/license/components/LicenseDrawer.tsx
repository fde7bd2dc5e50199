import { useState } from 'react';
import { App, Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, Select, Skeleton, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { LicenseSave, type LicenseRow, type LicenseSubjectRow } from '@breedwise/contracts/license';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';

const licenseRules = fieldRules(LicenseSave);

/** Days from today to a licence's expiry (negative once expired). */
export function daysLeft(expiryDate: string, today = dayjs()): number {
  return dayjs(expiryDate).startOf('day').diff(today.startOf('day'), 'day');
}

/** The licence issued to a subject: shown, issued or changed, exported as a signed file. */
export function LicenseDrawer({ subject, onClose, onSaved }: { subject: LicenseSubjectRow | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const licenseKey = [...api.license.issued.get.key, subject?.id];
  const license = useQuery({ queryKey: licenseKey, queryFn: () => api.license.issued.get({ subjectId: subject!.id }), enabled: !!subject });
  const l: LicenseRow | null | undefined = license.data;
  return (
    <Drawer
      open={!!subject}
      width={560}
      destroyOnHidden
      onClose={onClose}
      title={subject ? t('system.license.licenceOf', { name: subject.name }) : ''}
      extra={
        l && (
          <Button
            icon={<DownloadOutlined />}
            data-testid="license-export"
            onClick={async () => {
              try {
                await api.license.issued.export({ subjectId: subject!.id });
              } catch (err) {
                void message.error((err as Error).message);
              }
            }}
          >
            {t('system.license.export')}
          </Button>
        )
      }
    >
      {license.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          {l ? (
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }} data-testid="license-current">
              <Descriptions.Item label={t('system.license.name')} span={2}>
                {l.name}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.license.activation')}>{l.activationDate}</Descriptions.Item>
              <Descriptions.Item label={t('system.license.expiry')}>
                {l.expiryDate}{' '}
                {daysLeft(l.expiryDate) < 0 ? (
                  <Tag color="red">{t('system.license.expired')}</Tag>
                ) : (
                  <Typography.Text type="secondary">· {t('system.license.daysLeft', { count: daysLeft(l.expiryDate) })}</Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('system.license.consumer')} span={2}>
                {t(`system.license.consumerTypes.${l.consumerType}`)} · {l.consumerAmount}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.license.notIssued')} style={{ marginBottom: 20 }} />
          )}
          <Typography.Title level={5}>{t(l ? 'system.license.change' : 'system.license.issue')}</Typography.Title>
          <Form
            form={form}
            layout="vertical"
            data-testid="license-form"
            onFinish={async () => {
              const values = form.getFieldsValue(true);
              const body = validateForm(form, LicenseSave, {
                ...values,
                subjectId: subject!.id,
                activationDate: (values.activationDate as Dayjs | undefined)?.format('YYYY-MM-DD'),
                expiryDate: (values.expiryDate as Dayjs | undefined)?.format('YYYY-MM-DD'),
              });
              if (!body) return;
              setSaving(true);
              try {
                const saved = await api.license.issued.save(body, { errorMode: 'silent' });
                queryClient.setQueryData(licenseKey, saved);
                void message.success(t('system.license.saved'));
                onSaved();
              } catch (err) {
                if (!applyServerErrors(form, err)) void message.error((err as Error).message);
              } finally {
                setSaving(false);
              }
            }}
            key={`${subject?.id}-${l?.updatedAt ?? 'new'}`}
          >
            <Form.Item name="name" label={t('system.license.name')} required rules={licenseRules.name} initialValue={l?.name}>
              <Input data-testid="license-form-name" />
            </Form.Item>
            <div className="bw-form-pair">
              <Form.Item
                name="activationDate"
                label={t('system.license.activation')}
                rules={[{ required: true, message: t('system.form.required') }]}
                initialValue={l ? dayjs(l.activationDate) : dayjs()}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="expiryDate"
                label={t('system.license.expiry')}
                rules={[{ required: true, message: t('system.form.required') }]}
                initialValue={l ? dayjs(l.expiryDate) : dayjs().add(1, 'year')}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </div>
            <div className="bw-form-pair">
              <Form.Item name="consumerType" label={t('system.license.consumer')} initialValue={l?.consumerType ?? 'user'}>
                <Select options={(['user', 'organisation'] as const).map((c) => ({ value: c, label: t(`system.license.consumerTypes.${c}`) }))} />
              </Form.Item>
              <Form.Item
                name="consumerAmount"
                label={t('system.license.amount')}
                required
                rules={licenseRules.consumerAmount}
                initialValue={l?.consumerAmount ?? 50}
              >
                <InputNumber min={1} max={1_000_000} style={{ width: '100%' }} />
              </Form.Item>
            </div>
            <Form.Item name="description" label={t('system.license.description')} rules={licenseRules.description} initialValue={l?.description ?? undefined}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="license-save">
              {t(l ? 'system.license.change' : 'system.license.issue')}
            </Button>
          </Form>
        </>
      )}
    </Drawer>
  );
}
