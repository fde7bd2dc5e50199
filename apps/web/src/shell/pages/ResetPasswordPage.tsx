import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Result, Segmented, Skeleton } from 'antd';
import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SmsCodeInput } from '../../components/auth/SmsCodeInput';
import { api } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { NewPasswordFields } from './LoginPage';

/**
 * /reset_password: ask for a reset e-mail, or a code by SMS (retrievePasswrd); opened from the
 * e-mail's link (?key=), choose the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  return (
    <div className="bw-fullscreen-center bw-public-page">
      <LanguageSwitch className="bw-login-lang" />
      <Card title={t('auth.resetTitle')} className="bw-public-card">
        {key ? <NewPasswordByKey resetKey={key} /> : <RequestReset />}
      </Card>
    </div>
  );
}

function Done({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={title}
      extra={
        <Link to="/login">
          <Button type="primary" data-testid="back-to-login">
            {t('auth.backToLogin')}
          </Button>
        </Link>
      }
    />
  );
}

function RequestReset() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mode, setMode] = useState<'email' | 'sms'>('email');
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState(false);
  const [attemptId, setAttemptId] = useState<string>();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  if (sent)
    return (
      <Result
        status="success"
        title={t('auth.resetMailSent')}
        subTitle={t('auth.resetMailHint')}
        extra={
          <Link to="/login">
            <Button>{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  if (done) return <Done title={t('auth.passwordChanged')} />;
  return (
    <>
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v as 'email' | 'sms')}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'email', label: t('auth.byEmail') },
          { value: 'sms', label: t('auth.bySms') },
        ]}
      />
      {mode === 'email' ? (
        <Form
          layout="vertical"
          onFinish={async (v: { account: string }) => {
            setBusy(true);
            try {
              await api.auth.password.sendResetEmail({ account: v.account }, { errorMode: 'silent' });
              setSent(true);
            } catch (err) {
              void message.error((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item name="account" label={t('auth.account')} rules={[{ required: true, message: t('auth.accountRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="reset-account" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-send">
            {t('auth.sendResetMail')}
          </Button>
        </Form>
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v: { mobile: string; smsCode: string; newPassword: string }) => {
            if (!attemptId) return void message.warning(t('auth.sendFirst'));
            setBusy(true);
            try {
              await api.auth.password.retrieve({ mobile: v.mobile, smsCode: v.smsCode, attemptId, password: v.newPassword }, { errorMode: 'silent' });
              setDone(true);
            } catch (err) {
              void message.error((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item
            name="mobile"
            label={t('auth.mobile')}
            rules={[
              { required: true, message: t('auth.mobileRequired') },
              { pattern: /^\+?[0-9]{6,15}$/, message: t('auth.mobileFormat') },
            ]}
          >
            <Input prefix={<MobileOutlined />} autoComplete="tel" />
          </Form.Item>
          <Form.Item name="smsCode" label={t('auth.smsCode')} rules={[{ required: true, message: t('auth.smsCodeRequired') }]}>
            <SmsCodeInput
              onSend={async () => {
                await form.validateFields(['mobile']);
                try {
                  const res = await api.auth.sms.send({ mobile: form.getFieldValue('mobile'), purpose: 'reset' }, { errorMode: 'silent' });
                  setAttemptId(res.attemptId);
                  void message.success(t('auth.codeSent'));
                  return res.resendAfterSeconds;
                } catch (err) {
                  void message.error((err as Error).message);
                  throw err;
                }
              }}
            />
          </Form.Item>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.changePassword')}
          </Button>
        </Form>
      )}
      <div className="bw-login-links">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </>
  );
}

function NewPasswordByKey({ resetKey }: { resetKey: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const who = useQuery({
    queryKey: [...api.auth.password.expiredKey.key, resetKey],
    queryFn: () => api.auth.password.expiredKey({ userExpiredKey: resetKey }, { errorMode: 'silent' }),
    retry: false,
  });
  if (done) return <Done title={t('auth.passwordChanged')} />;
  if (who.isPending) return <Skeleton active />;
  if (who.isError)
    return (
      <Result
        status="warning"
        title={who.error.message}
        extra={
          <Link to="/reset_password">
            <Button>{t('auth.requestAgain')}</Button>
          </Link>
        }
      />
    );
  return (
    <Form
      layout="vertical"
      onFinish={async (v: { newPassword: string }) => {
        setBusy(true);
        try {
          await api.auth.password.reset({ userExpiredKey: resetKey, password: v.newPassword }, { errorMode: 'silent' });
          setDone(true);
        } catch (err) {
          void message.error((err as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{t('auth.resetFor', { user: who.data.userName })}</p>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
        {t('auth.changePassword')}
      </Button>
    </Form>
  );
}
