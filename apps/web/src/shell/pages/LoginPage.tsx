import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Form, Input, Segmented, Skeleton, Spin } from 'antd';
import { Result } from '../../components/common/LazyResult';
import { LockOutlined, MobileOutlined, QrcodeOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginData, QrGenerateData } from '@breedwise/contracts/auth';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/request';
import { SmsCodeInput } from '../../components/auth/SmsCodeInput';
import '../../components/auth/auth.css';
import { api } from '../auth-api';
import { entryPath } from '../../lib/entry-path';
import { useBrand } from '../brand';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { safeRedirect } from '../redirect';
import { loadMainLayout } from '../layout/load';
import { preload } from '../../lib/preloadable';
import { fetchNewSessionInfo } from '../../lib/login-info';

type Method = 'password' | 'phone' | 'qrcode';
/**
 * The workspace, the home page and its widgets start loading as the login is sent (bench/web: they were
 * fetched one after the other once the login had answered).
 */
function preloadWorkspace() {
  preload(loadMainLayout).catch(() => undefined);
  // Not after the modules' texts (loadMainLayout waits for them): the home page's chunks come meanwhile.
  import('../layout/MainLayout').then((m) => m.preloadDashboard()).catch(() => undefined);
}

/**
 * Where a fresh login lands, once its login/info is in (bench/web): the home page itself rather than `/`
 * (which the workspace would redirect, drawing everything twice), with the landing page's first queries
 * started so that they answer while the workspace is drawn. The guard draws the login info without a
 * spinner in between. When login/info fails, `target` as it is: the guard shows what went wrong (its
 * query holds the error: the first-login password form, a retry).
 */
async function landing(token: string, target: string): Promise<string> {
  try {
    const [info, m] = await Promise.all([fetchNewSessionInfo(token), import('../layout/MainLayout')]);
    return m.prefetchPage(target, info);
  } catch {
    return target;
  }
}

type View = { kind: 'login' } | { kind: 'mfa'; mfaToken: string } | { kind: 'editPassword'; username?: string; reason?: string };

const newUuid = () => crypto.randomUUID();

/** The captcha row shared by the password-like forms. */
function Captcha({ uuid, onRefresh }: { uuid: string; onRefresh(): void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <div className="bw-captcha-row">
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
          <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} maxLength={6} autoComplete="off" aria-label={t('login.captcha')} />
        </Form.Item>
        <img
          className="bw-captcha"
          src={api.auth.captcha.image.url({ uuid })}
          alt={t('login.captcha')}
          title={t('login.refreshCaptcha')}
          onClick={onRefresh}
          data-testid="captcha-image"
        />
      </div>
    </Form.Item>
  );
}

/**
 * The login page and its sub-forms (spec sections 2 and 5): password with captcha, mobile with SMS
 * code, QR-code scan, the authenticator step, and edit password.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setToken = useSession((s) => s.setToken);
  const [form] = Form.useForm();
  const [uuid, setUuid] = useState(newUuid);
  const [captchaForced, setCaptchaForced] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [view, setView] = useState<View>({ kind: 'login' });
  const brand = useBrand();
  const init = useQuery({
    queryKey: api.auth.login.init.key,
    queryFn: () => api.auth.login.init({ path: entryPath() }, { retry: true, errorMode: 'silent' }),
    staleTime: Infinity,
    retry: 2,
    retryDelay: 15_000,
  });

  const showCaptcha = !!init.data?.captchaEnabled || captchaForced;
  const refreshCaptcha = useCallback(() => {
    setUuid(newUuid());
    form.setFieldValue('code', '');
  }, [form]);
  const methods = (init.data?.loginMethods ?? ['password']).filter((m): m is Method => m === 'password' || m === 'phone' || m === 'qrcode');

  /** A token ends the login; an mfaToken asks for the authenticator code first. */
  const finish = async (data: LoginData) => {
    if (data.mfaRequired && data.mfaToken) {
      setView({ kind: 'mfa', mfaToken: data.mfaToken });
      return;
    }
    preloadWorkspace(); // the other ways in (SMS, QR code, authenticator) too
    const path = await landing(data.token!, safeRedirect(params.get('redirect')));
    setToken(data.token!);
    navigate(path, { replace: true });
  };
  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.errorCode === 'AUTH_CAPTCHA_REQUIRED') setCaptchaForced(true);
    if (showCaptcha || (err instanceof ApiError && err.errorCode === 'AUTH_CAPTCHA_REQUIRED')) refreshCaptcha();
    void message.error((err as Error).message);
  };
  const run = async (fn: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await fn();
    } catch (err) {
      fail(err);
    } finally {
      setSubmitting(false);
    }
  };

  const submitPassword = (values: { username: string; password: string; code?: string }) =>
    run(async () => {
      preloadWorkspace();
      try {
        await finish(
          await api.auth.login.login(
            {
              username: values.username,
              password: values.password,
              code: showCaptcha ? values.code : undefined,
              uuid: showCaptcha ? uuid : undefined,
            },
            { errorMode: 'silent' },
          ),
        );
      } catch (err) {
        if (err instanceof ApiError && err.errorCode === 'AUTH_PASSWORD_EXPIRED') {
          setView({ kind: 'editPassword', username: values.username, reason: err.message });
          return;
        }
        throw err;
      }
    });

  const name = brand.nameI18n[i18n.language as 'zh-CN' | 'en'] ?? brand.name;
  let card: React.ReactNode;
  if (view.kind === 'mfa') {
    card = <MfaStep mfaToken={view.mfaToken} onDone={finish} onBack={() => setView({ kind: 'login' })} />;
  } else if (view.kind === 'editPassword') {
    card = <EditPasswordForm username={view.username} reason={view.reason} captcha={showCaptcha} onDone={() => setView({ kind: 'login' })} />;
  } else {
    card = (
      <>
        <h2>{t('login.welcome')}</h2>
        <div className="bw-login-sub">{t('login.title')}</div>
        {init.isError && <Alert type="error" showIcon title={t('login.initFailed')} style={{ marginBottom: 16 }} />}
        {init.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            {methods.length > 1 && (
              <Segmented<Method>
                block
                className="bw-login-methods"
                value={method}
                onChange={setMethod}
                data-testid="login-methods"
                options={methods.map((m) => ({
                  value: m,
                  label: t(`auth.method.${m}`),
                  icon: m === 'password' ? <LockOutlined /> : m === 'phone' ? <MobileOutlined /> : <QrcodeOutlined />,
                }))}
              />
            )}
            {method === 'password' && (
              <Form form={form} size="large" onFinish={submitPassword} autoComplete="on" requiredMark={false}>
                <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
                  <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" aria-label={t('login.username')} />
                </Form.Item>
                <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                  <Input.Password
                    prefix={<LockOutlined />}
                    placeholder={t('login.password')}
                    autoComplete="current-password"
                    aria-label={t('login.password')}
                  />
                </Form.Item>
                {showCaptcha && <Captcha uuid={uuid} onRefresh={refreshCaptcha} />}
                <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                  {submitting ? t('login.submitting') : t('login.submit')}
                </Button>
              </Form>
            )}
            {method === 'phone' && <PhoneForm captcha={showCaptcha} onDone={finish} />}
            {method === 'qrcode' && <QrPanel onDone={finish} />}
            <div className="bw-login-links">
              <Link to="/reset_password" data-testid="link-reset">
                {t('auth.forgot')}
              </Link>
              <a onClick={() => setView({ kind: 'editPassword' })} data-testid="link-edit-password">
                {t('auth.editPassword')}
              </a>
              {init.data?.registerEnabled && (
                <Link to="/user_register" data-testid="link-register">
                  {t('auth.register')}
                </Link>
              )}
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <div className="bw-login" style={{ ['--bw-brand' as string]: brand.primaryColor }}>
      <LanguageSwitch className="bw-login-lang" />
      <section className="bw-login-hero">
        <div className="bw-login-brand">
          <img src={brand.logoUrl ?? '/favicon.svg'} alt="" width={44} height={44} />
          <span data-testid="brand-name">{name}</span>
        </div>
        <h1>{t('app.slogan')}</h1>
        <p>{t('login.intro')}</p>
        {init.data && <div className="bw-login-version">{t('login.version', { version: init.data.version })}</div>}
      </section>
      <section className="bw-login-panel">
        <div className="bw-login-card">{card}</div>
      </section>
    </div>
  );
}

/** Mobile number and SMS code (spec section 5: both required). */
function PhoneForm({ captcha, onDone }: { captcha: boolean; onDone(data: LoginData): Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ mobile: string; smsCode: string; code?: string }>();
  const [uuid, setUuid] = useState(newUuid);
  const [attemptId, setAttemptId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const fields = captcha ? ['mobile', 'code'] : ['mobile'];
    await form.validateFields(fields);
    try {
      const sent = await api.auth.sms.send(
        { mobile: form.getFieldValue('mobile'), purpose: 'login', ...(captcha ? { code: form.getFieldValue('code'), uuid } : {}) },
        { errorMode: 'silent' },
      );
      setAttemptId(sent.attemptId);
      void message.success(t('auth.codeSent'));
      return sent.resendAfterSeconds;
    } catch (err) {
      void message.error((err as Error).message);
      if (captcha) setUuid(newUuid());
      throw err;
    }
  };
  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={async (v) => {
        if (!attemptId) {
          void message.warning(t('auth.sendFirst'));
          return;
        }
        setBusy(true);
        try {
          await onDone(await api.auth.login.mobile({ mobile: v.mobile, smsCode: v.smsCode, attemptId }, { errorMode: 'silent' }));
        } catch (err) {
          void message.error((err as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: t('auth.mobileRequired') },
          { pattern: /^\+?[0-9]{6,15}$/, message: t('auth.mobileFormat') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('auth.mobile')} aria-label={t('auth.mobile')} autoComplete="tel" data-testid="login-mobile" />
      </Form.Item>
      {captcha && <Captcha uuid={uuid} onRefresh={() => setUuid(newUuid())} />}
      <Form.Item
        name="smsCode"
        rules={[
          { required: true, message: t('auth.smsCodeRequired') },
          { pattern: /^\d{6}$/, message: t('auth.smsCodeFormat') },
        ]}
      >
        <SmsCodeInput onSend={send} testId="login-sms-code" />
      </Form.Item>
      <Alert type="info" showIcon className="bw-login-note" title={t('auth.smsRisk')} />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-mobile-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}

/** Shows a login QR code and polls it until a signed-in phone confirms (or it expires). */
function QrPanel({ onDone }: { onDone(data: LoginData): Promise<void> }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<QrGenerateData | null>(null);
  const [status, setStatus] = useState<string>('waiting');
  const done = useRef(onDone);
  done.current = onDone;
  const load = useCallback(async () => {
    setStatus('waiting');
    setQr(await api.auth.qr.generate(undefined, { errorMode: 'silent' }));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!qr || status === 'expired' || status === 'cancelled') return;
    const timer = setInterval(async () => {
      const res = await api.auth.qr.check({ qrId: qr.qrId, pollSecret: qr.pollSecret }, { errorMode: 'silent' }).catch(() => null);
      if (!res) return;
      setStatus(res.status);
      if (res.status === 'confirmed' && res.token) {
        clearInterval(timer);
        void done.current({ token: res.token, expiresAt: res.expiresAt ?? undefined });
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [qr, status]);
  return (
    <div className="bw-qr-panel" data-testid="login-qr">
      {!qr ? (
        <Spin />
      ) : (
        <>
          <div className={`bw-qr-image ${status === 'expired' || status === 'cancelled' ? 'bw-qr-dim' : ''}`}>
            <img src={qr.qrDataUrl} alt={t('auth.qrAlt')} width={200} height={200} />
          </div>
          <div className="bw-qr-status">{t(`auth.qr.${status}`)}</div>
          {(status === 'expired' || status === 'cancelled') && <Button onClick={() => void load()}>{t('auth.qrRefresh')}</Button>}
          <div className="bw-qr-hint">{t('auth.qrHint')}</div>
        </>
      )}
    </div>
  );
}

/** The second step: an authenticator code or one recovery code. */
function MfaStep({ mfaToken, onDone, onBack }: { mfaToken: string; onDone(data: LoginData): Promise<void>; onBack(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <h2>{t('auth.mfaTitle')}</h2>
      <div className="bw-login-sub">{t('auth.mfaHint')}</div>
      <Form
        size="large"
        requiredMark={false}
        onFinish={async (v: { code: string }) => {
          setBusy(true);
          try {
            await onDone(await api.auth.login.mfa({ mfaToken, code: v.code.trim() }, { errorMode: 'silent' }));
          } catch (err) {
            void message.error((err as Error).message);
            if (err instanceof ApiError && err.errorCode === 'AUTH_MFA_CHALLENGE_EXPIRED') onBack();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="code" rules={[{ required: true, message: t('auth.mfaRequired') }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('auth.mfaCode')}
            aria-label={t('auth.mfaCode')}
            autoComplete="one-time-code"
            autoFocus
            data-testid="mfa-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="mfa-submit">
          {t('auth.verify')}
        </Button>
        <Button type="link" block onClick={onBack}>
          {t('auth.backToLogin')}
        </Button>
      </Form>
    </>
  );
}

/** Edit password with the current one (also where an expired password leads). */
function EditPasswordForm({ username, reason, captcha, onDone }: { username?: string; reason?: string; captcha: boolean; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uuid, setUuid] = useState(newUuid);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <Result
        status="success"
        title={t('auth.passwordChanged')}
        extra={
          <Button type="primary" onClick={onDone} data-testid="back-to-login">
            {t('auth.backToLogin')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <h2>{t('auth.editPassword')}</h2>
      {reason && <Alert type="warning" showIcon title={reason} style={{ marginBottom: 16 }} />}
      <Form
        size="large"
        requiredMark={false}
        initialValues={{ username }}
        onFinish={async (v: { username: string; oldPassword: string; newPassword: string; code?: string }) => {
          setBusy(true);
          try {
            await api.auth.login.editPassword(
              {
                username: v.username,
                oldPassword: v.oldPassword,
                newPassword: v.newPassword,
                ...(captcha ? { code: v.code, uuid } : {}),
              },
              { errorMode: 'silent' },
            );
            setDone(true);
          } catch (err) {
            void message.error((err as Error).message);
            if (captcha) setUuid(newUuid());
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="oldPassword" rules={[{ required: true, message: t('auth.oldPasswordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.oldPassword')} aria-label={t('auth.oldPassword')} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        {captcha && <Captcha uuid={uuid} onRefresh={() => setUuid(newUuid())} />}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="edit-password-submit">
          {t('auth.changePassword')}
        </Button>
        <Button type="link" block onClick={onDone}>
          {t('auth.backToLogin')}
        </Button>
      </Form>
    </>
  );
}

/** New password and its confirmation: 8 to 128 characters, no other rule (the server refuses common ones). */
export function NewPasswordFields({ name = 'newPassword' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        extra={t('auth.passwordRule')}
        rules={[
          { required: true, message: t('auth.newPasswordRequired') },
          { min: 8, max: 128, message: t('auth.passwordLength') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.newPassword')} aria-label={t('auth.newPassword')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        dependencies={[name]}
        rules={[
          { required: true, message: t('auth.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, v) => (!v || v === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(t('auth.confirmMismatch')))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.confirmPassword')} aria-label={t('auth.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
