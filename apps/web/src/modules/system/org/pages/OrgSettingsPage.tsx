import { App, Alert, Button, Card, Form, Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemPermissions as P, type OrgUpdate } from '@breedwise/contracts/system';
import { applyServerErrors } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';

/** The organisation's name and policies: password expiry, single-session mode, registration. */
export default function OrgSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OrgUpdate>();
  const canEdit = usePermission(P.orgEdit);
  const org = useQuery({ queryKey: api.system.org.current.key, queryFn: () => api.system.org.current() });
  if (!org.data) return <Skeleton active />;
  return (
    <div className="bw-page">
      <Card title={t('system.org.title')} variant="borderless">
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          disabled={!canEdit}
          initialValues={{ name: org.data.name, settings: org.data.settings }}
          data-testid="org-form"
          onFinish={async (v) => {
            try {
              await api.system.org.updateCurrent(v, { errorMode: 'silent' });
              await queryClient.invalidateQueries({ queryKey: api.system.org.$key });
              void message.success(t('common.success'));
            } catch (err) {
              if (!applyServerErrors(form, err)) void message.error((err as Error).message);
            }
          }}
        >
          <Form.Item name="name" label={t('system.org.name')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name={['settings', 'passwordExpiryDays']} label={t('system.org.passwordExpiry')} extra={t('system.org.passwordExpiryHelp')}>
            <InputNumber min={0} max={3650} addonAfter={t('system.org.days')} />
          </Form.Item>
          <Form.Item
            name={['settings', 'singleSession']}
            label={t('system.org.singleSession')}
            valuePropName="checked"
            extra={t('system.org.singleSessionHelp')}
          >
            <Switch data-testid="org-single-session" />
          </Form.Item>
          <Form.Item name={['settings', 'registration']} label={t('system.org.registration')}>
            <Select options={['off', 'open', 'approval'].map((m) => ({ value: m, label: t(`system.org.registrationMode.${m}`) }))} />
          </Form.Item>
          <Alert type="info" showIcon title={t('system.org.tradeoffs')} style={{ marginBottom: 16 }} />
          {canEdit && (
            <Button type="primary" htmlType="submit" data-testid="org-save">
              {t('common.save')}
            </Button>
          )}
        </Form>
      </Card>
    </div>
  );
}
