import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Result, Select, Skeleton } from 'antd';
import { MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/form/zod-form';
import { api } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { NewPasswordFields } from './LoginPage';

/** /user_register: self-registration into an organisation that accepts it (optionally approved later). */
export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'enabled' | 'pending' | null>(null);
  const init = useQuery({ queryKey: api.auth.register.init.key, queryFn: () => api.auth.register.init(undefined, { errorMode: 'silent' }) });

  let body: React.ReactNode;
  if (init.isPending) body = <Skeleton active />;
  else if (result) {
    body = (
      <Result
        status="success"
        title={t(result === 'pending' ? 'auth.registerPending' : 'auth.registerDone')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  } else if (!init.data?.enabled) {
    body = (
      <Result
        status="info"
        title={t('auth.registerClosed')}
        extra={
          <Link to="/login">
            <Button>{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  } else {
    const orgs = init.data.orgs;
    body = (
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ orgCode: orgs[0]?.orgCode }}
        data-testid="register-form"
        onFinish={async (v) => {
          setBusy(true);
          try {
            const res = await api.auth.register.submit(
              {
                orgCode: v.orgCode,
                username: v.username,
                nickName: v.nickName,
                password: v.newPassword,
                email: v.email ?? '',
                mobile: v.mobile ?? '',
                ...(init.data.captchaEnabled ? { code: v.code, uuid } : {}),
              },
              { errorMode: 'silent' },
            );
            setResult(res.status);
          } catch (err) {
            if (!applyServerErrors(form, err)) void message.error((err as Error).message);
            setUuid(crypto.randomUUID());
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="orgCode" label={t('auth.org')} rules={[{ required: true }]}>
          <Select options={orgs.map((o) => ({ value: o.orgCode, label: o.approval ? `${o.orgName}（${t('auth.needsApproval')}）` : o.orgName }))} />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[
            { required: true, message: t('login.usernameRequired') },
            { pattern: /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,63}$/, message: t('auth.usernameFormat') },
          ]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" />
        </Form.Item>
        <Form.Item name="nickName" label={t('auth.nickName')} rules={[{ required: true, message: t('auth.nickNameRequired') }]}>
          <Input maxLength={50} />
        </Form.Item>
        <NewPasswordFields />
        <Form.Item name="email" label={t('auth.email')} rules={[{ type: 'email', message: t('auth.emailFormat') }]}>
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <Form.Item name="mobile" label={t('auth.mobile')} rules={[{ pattern: /^\+?[0-9]{6,15}$/, message: t('auth.mobileFormat') }]}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" />
        </Form.Item>
        {init.data.captchaEnabled && (
          <Form.Item label={t('login.captcha')} required>
            <div className="bw-captcha-row">
              <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} maxLength={6} />
              </Form.Item>
              <img className="bw-captcha" src={api.auth.captcha.image.url({ uuid })} alt={t('login.captcha')} onClick={() => setUuid(crypto.randomUUID())} />
            </div>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('auth.registerSubmit')}
        </Button>
        <div className="bw-login-links">
          <Link to="/login">{t('auth.haveAccount')}</Link>
        </div>
      </Form>
    );
  }
  return (
    <div className="bw-fullscreen-center bw-public-page">
      <LanguageSwitch className="bw-login-lang" />
      <Card title={t('auth.registerTitle')} className="bw-public-card">
        {init.isError && <Alert type="error" showIcon title={t('login.initFailed')} />}
        {body}
      </Card>
    </div>
  );
}
