import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChangePasswordBody } from '@breedwise/contracts/auth';
import { applyServerErrors, fieldRules } from '../../components/form/zod-form';
import { queryClient } from '../../lib/query';
import { logout } from '../../lib/session';
import { api, loginInfoKey } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';

const rules = fieldRules(ChangePasswordBody);

/**
 * The first login of an account whose password an administrator set (created, or reset): the server
 * answers nothing else until the user chose a password of their own (AUTH_PASSWORD_CHANGE_REQUIRED).
 */
export function FirstPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  return (
    <div className="bw-fullscreen-center bw-first-password">
      <LanguageSwitch className="bw-login-lang" />
      <Card title={t('auth.firstPasswordTitle')} style={{ width: 440, maxWidth: 'calc(100vw - 32px)' }} data-testid="first-password">
        <Alert type="info" showIcon title={t('auth.firstPasswordIntro')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          data-testid="first-password-form"
          onFinish={async (v: { oldPassword: string; newPassword: string }) => {
            setBusy(true);
            try {
              await api.auth.profile.password({ oldPassword: v.oldPassword, newPassword: v.newPassword }, { errorMode: 'silent' });
              void message.success(t('auth.firstPasswordDone'));
              await queryClient.invalidateQueries({ queryKey: loginInfoKey });
            } catch (err) {
              if (!applyServerErrors(form, err)) void message.error((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item name="oldPassword" label={t('auth.oldPassword')} rules={[{ required: true, message: t('auth.oldPasswordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" aria-label={t('auth.oldPassword')} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('auth.newPassword')}
            extra={t('auth.passwordRule')}
            rules={[{ required: true, message: t('auth.newPasswordRequired') }, ...rules.newPassword]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" aria-label={t('auth.newPassword')} />
          </Form.Item>
          <Form.Item
            name="newPasswordConfirm"
            label={t('auth.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('auth.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_r, val) =>
                  !val || val === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('auth.confirmMismatch'))),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" aria-label={t('auth.confirmPassword')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="first-password-submit">
            {t('auth.changePassword')}
          </Button>
          <Button type="link" block onClick={() => void logout()} style={{ marginTop: 8 }} data-testid="first-password-logout">
            {t('auth.firstPasswordLogout')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
