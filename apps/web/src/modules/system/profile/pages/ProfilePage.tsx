import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Space,
  Steps,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { CheckCircleFilled, MobileOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { BindPhoneBody, ChangePasswordBody, ProfileUpdate, type CasQrcodeData, type ProfileData, type TotpSetupData } from '@breedwise/contracts/auth';
import { SmsCodeInput } from '../../../../components/auth/SmsCodeInput';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { loginInfoKey } from '../../../../lib/login-info';
import { usePage } from '../../../../lib/page-context';
import { api } from '../../api';
import { DeptScopePicker } from '../../dept/components/DeptScopePicker';
import '../../system.css';

const profileKey = api.auth.profile.get.key;
const scanKey = api.auth.cas.identities.key;
const sessionsKey = api.auth.profile.sessions.key;
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const profileRules = fieldRules(ProfileUpdate);
const phoneRules = fieldRules(BindPhoneBody);
const passwordRules = fieldRules(ChangePasswordBody);
const TABS = ['info', 'password', 'phone', 'mfa', 'devices', 'scope', 'sessions'] as const;

/**
 * The user centre: account, password, mobile number (confirmed by SMS code), authenticator (TOTP)
 * with recovery codes, devices bound to confirm QR-code logins, department scope and live sessions.
 * `?tab=` opens a tab (e.g. the login page's SMS hint links to ?tab=phone).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { search } = usePage();
  const profile = useQuery({ queryKey: profileKey, queryFn: () => api.auth.profile.get() });
  const wanted = search.get('tab');
  const [tab, setTab] = useState<string>(TABS.includes(wanted as never) ? wanted! : 'info');
  const p = profile.data;
  return (
    <div className="bw-page">
      <Card title={t('system.profile.title')} variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          data-testid="profile-tabs"
          items={[
            { key: 'info', label: t('system.profile.info'), children: p && <InfoTab profile={p} /> },
            { key: 'password', label: t('auth.changePassword'), children: <PasswordTab /> },
            { key: 'phone', label: t('system.profile.phone'), children: p && <PhoneTab profile={p} /> },
            { key: 'mfa', label: t('system.profile.mfa'), children: p && <MfaTab enabled={p.totpEnabled} left={p.recoveryCodesLeft} /> },
            { key: 'devices', label: t('system.profile.devices'), children: <DevicesTab /> },
            { key: 'scope', label: t('system.profile.scope'), children: <DeptScopePicker /> },
            { key: 'sessions', label: t('system.profile.sessions'), children: <SessionsTab /> },
          ]}
        />
      </Card>
    </div>
  );
}

function InfoTab({ profile: p }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        initialValues={{ nickName: p.nickName, email: p.email ?? '' }}
        data-testid="profile-form"
        onFinish={async (v) => {
          const body = validateForm(form, ProfileUpdate, v);
          if (!body) return;
          try {
            await api.auth.profile.update(body, { errorMode: 'silent' });
            await queryClient.invalidateQueries({ queryKey: profileKey });
            await queryClient.invalidateQueries({ queryKey: loginInfoKey });
            void message.success(t('common.success'));
            setEditing(false);
          } catch (err) {
            if (!applyServerErrors(form, err)) void message.error((err as Error).message);
          }
        }}
      >
        <Form.Item name="nickName" label={t('auth.nickName')} rules={[{ required: true, message: t('auth.nickNameRequired') }, ...profileRules.nickName]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="email" label={t('auth.email')} rules={profileRules.email} extra={t('system.profile.emailHelp')}>
          <Input />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    );
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="profile-info">
        <Descriptions.Item label={t('login.username')}>{p.userName}</Descriptions.Item>
        <Descriptions.Item label={t('auth.nickName')}>{p.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('auth.email')}>{p.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('auth.mobile')}>
          {p.phone ?? '—'} {p.phoneVerified && <Tag color="green">{t('system.user.verified')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('layout.org')}>{p.orgName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system.user.dept')}>{p.deptName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system.user.roles')}>{p.roles.length ? p.roles.map((r) => <Tag key={r}>{r}</Tag>) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system.profile.mfa')}>
          {p.totpEnabled ? <Tag color="blue">{t('system.profile.mfaOnShort')}</Tag> : <Tag>{t('system.profile.mfaOffShort')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('system.profile.passwordChanged')}>{time(p.passwordChangedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('system.profile.created')}>{time(p.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Button onClick={() => setEditing(true)} data-testid="profile-edit">
        {t('system.profile.editInfo')}
      </Button>
    </Space>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      data-testid="change-password-form"
      onFinish={async (v: { oldPassword: string; newPassword: string }) => {
        try {
          await api.auth.profile.password({ oldPassword: v.oldPassword, newPassword: v.newPassword }, { errorMode: 'silent' });
          form.resetFields();
          void message.success(t('system.profile.passwordDone'));
          await queryClient.invalidateQueries({ queryKey: profileKey });
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        }
      }}
    >
      <Form.Item name="oldPassword" label={t('auth.oldPassword')} rules={[{ required: true, message: t('auth.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" aria-label={t('auth.oldPassword')} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('auth.newPassword')}
        extra={t('auth.passwordRule')}
        rules={[{ required: true, message: t('auth.newPasswordRequired') }, ...passwordRules.newPassword]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('auth.newPassword')} aria-label={t('auth.newPassword')} />
      </Form.Item>
      <Form.Item
        name="newPasswordConfirm"
        label={t('auth.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('auth.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, val) => (!val || val === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('auth.confirmMismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('auth.confirmPassword')} aria-label={t('auth.confirmPassword')} />
      </Form.Item>
      <Alert type="info" showIcon title={t('system.profile.passwordEnds')} style={{ marginBottom: 16 }} />
      <Button type="primary" htmlType="submit" data-testid="change-password-submit">
        {t('auth.changePassword')}
      </Button>
    </Form>
  );
}

/** Confirms a mobile number with a code sent to it: only confirmed numbers receive login and reset codes. */
function PhoneTab({ profile: p }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [changing, setChanging] = useState(!p.phoneVerified);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChanging(!p.phoneVerified), [p.phoneVerified]);

  return (
    <Row gutter={[32, 16]}>
      <Col xs={24} lg={12}>
        <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 440 }}>
          <div className="bw-phone-state" data-testid="phone-state">
            <MobileOutlined />
            <span className="bw-phone-number">{p.phone ?? t('system.profile.noPhone')}</span>
            {p.phone &&
              (p.phoneVerified ? (
                <Tag color="green" icon={<CheckCircleFilled />}>
                  {t('system.user.verified')}
                </Tag>
              ) : (
                <Tag color="orange">{t('system.profile.unverified')}</Tag>
              ))}
          </div>
          {!changing ? (
            <Button onClick={() => setChanging(true)} data-testid="phone-change">
              {t('system.profile.changePhone')}
            </Button>
          ) : (
            <Form
              form={form}
              layout="vertical"
              data-testid="phone-form"
              initialValues={{ mobile: p.phoneVerified ? '' : (p.phone ?? '') }}
              onFinish={async (v: { mobile: string; smsCode: string }) => {
                if (!attemptId) {
                  form.setFields([{ name: 'smsCode', errors: [t('auth.sendFirst')] }]);
                  return;
                }
                const body = validateForm(form, BindPhoneBody, { ...v, attemptId });
                if (!body) return;
                setBusy(true);
                try {
                  await api.auth.profile.bindPhone(body, { errorMode: 'silent' });
                  form.resetFields();
                  setAttemptId(null);
                  await queryClient.invalidateQueries({ queryKey: profileKey });
                  void message.success(t('system.profile.phoneBound'));
                } catch (err) {
                  if (!applyServerErrors(form, err)) form.setFields([{ name: 'smsCode', errors: [(err as Error).message] }]);
                } finally {
                  setBusy(false);
                }
              }}
            >
              <Form.Item name="mobile" label={t('auth.mobile')} rules={[{ required: true, message: t('auth.mobileRequired') }, ...phoneRules.mobile]}>
                <Input prefix={<MobileOutlined />} inputMode="tel" autoComplete="tel" data-testid="phone-mobile" />
              </Form.Item>
              <Form.Item
                name="smsCode"
                label={t('auth.smsCode')}
                rules={[
                  { required: true, message: t('auth.smsCodeRequired') },
                  { pattern: /^\d{6}$/, message: t('auth.smsCodeFormat') },
                ]}
              >
                <SmsCodeInput
                  testId="phone-code"
                  onSend={async () => {
                    const mobile = (await form.validateFields(['mobile'])).mobile as string;
                    try {
                      const sent = await api.auth.profile.sendPhoneCode({ mobile }, { errorMode: 'silent' });
                      setAttemptId(sent.attemptId);
                      void message.success(t('auth.codeSent'));
                      return sent.resendAfterSeconds;
                    } catch (err) {
                      if (!applyServerErrors(form, err)) form.setFields([{ name: 'mobile', errors: [(err as Error).message] }]);
                      throw err;
                    }
                  }}
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="phone-bind">
                  {t('system.profile.bindPhone')}
                </Button>
                {p.phoneVerified && (
                  <Button
                    onClick={() => {
                      setChanging(false);
                      form.resetFields();
                    }}
                  >
                    {t('common.cancel')}
                  </Button>
                )}
              </Space>
            </Form>
          )}
        </Space>
      </Col>
      <Col xs={24} lg={12}>
        <Alert
          type="warning"
          showIcon
          title={t('system.profile.phoneWhy')}
          description={
            <ul className="bw-plain-list">
              <li>{t('system.profile.phoneUse1')}</li>
              <li>{t('system.profile.phoneUse2')}</li>
              <li>{p.smsLogin ? t('auth.smsRisk') : t('system.profile.smsLoginOff')}</li>
            </ul>
          }
        />
      </Col>
    </Row>
  );
}

function MfaTab({ enabled, left }: { enabled: boolean; left: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKey });
  if (codes) {
    return (
      <Space direction="vertical" style={{ maxWidth: 520 }}>
        <Alert type="warning" showIcon title={t('system.profile.recoveryTitle')} description={t('system.profile.recoveryHint')} />
        <List
          bordered
          size="small"
          dataSource={codes}
          data-testid="recovery-codes"
          className="bw-recovery-codes"
          renderItem={(c) => (
            <List.Item>
              <Typography.Text code copyable>
                {c}
              </Typography.Text>
            </List.Item>
          )}
        />
        <Button
          type="primary"
          onClick={() => {
            setCodes(null);
            setSetup(null);
          }}
          data-testid="recovery-done"
        >
          {t('common.ok')}
        </Button>
      </Space>
    );
  }
  if (enabled) {
    return (
      <Space direction="vertical" size={16} style={{ maxWidth: 560 }}>
        <Alert type="success" showIcon title={t('system.profile.mfaOn')} description={t('system.profile.recoveryLeft', { count: left })} />
        <Card size="small" title={t('system.profile.newRecovery')}>
          <Form
            layout="inline"
            onFinish={async (v: { totpCode: string }) => {
              try {
                setCodes((await api.auth.mfa.recoveryCodes({ totpCode: v.totpCode }, { errorMode: 'silent' })).recoveryCodes);
              } catch (err) {
                void message.error((err as Error).message);
              }
            }}
          >
            <Form.Item name="totpCode" rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.smsCodeFormat') }]}>
              <Input placeholder={t('system.profile.appCode')} maxLength={6} inputMode="numeric" />
            </Form.Item>
            <Button htmlType="submit">{t('system.profile.newRecovery')}</Button>
          </Form>
        </Card>
        <Card size="small" title={t('system.profile.mfaOff')}>
          <Form
            layout="inline"
            onFinish={async (v: { password: string }) => {
              try {
                await api.auth.mfa.disable({ password: v.password }, { errorMode: 'silent' });
                await refresh();
                void message.success(t('common.success'));
              } catch (err) {
                void message.error((err as Error).message);
              }
            }}
          >
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password placeholder={t('login.password')} />
            </Form.Item>
            <Button danger htmlType="submit">
              {t('system.profile.mfaOff')}
            </Button>
          </Form>
        </Card>
      </Space>
    );
  }
  if (!setup) {
    return (
      <Space direction="vertical" style={{ maxWidth: 560 }}>
        <Typography.Paragraph>{t('system.profile.mfaIntro')}</Typography.Paragraph>
        <Button type="primary" onClick={async () => setSetup(await api.auth.mfa.setup())} data-testid="totp-setup">
          {t('system.profile.mfaStart')}
        </Button>
      </Space>
    );
  }
  return (
    <Space align="start" size="large" wrap>
      <img src={setup.qrDataUrl} width={200} height={200} alt="TOTP" data-testid="totp-qr" className="bw-qr" />
      <Space direction="vertical" style={{ maxWidth: 440 }}>
        <Typography.Text>{t('system.profile.mfaScan')}</Typography.Text>
        <Typography.Text type="secondary">{t('system.profile.mfaManual')}</Typography.Text>
        <Typography.Text code copyable data-testid="totp-secret">
          {setup.secret}
        </Typography.Text>
        <Form
          layout="inline"
          onFinish={async (v: { totpCode: string }) => {
            try {
              setCodes((await api.auth.mfa.enable({ totpCode: v.totpCode }, { errorMode: 'silent' })).recoveryCodes);
              await refresh();
            } catch (err) {
              void message.error((err as Error).message);
            }
          }}
        >
          <Form.Item name="totpCode" rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.smsCodeFormat') }]}>
            <Input placeholder={t('system.profile.appCode')} maxLength={6} inputMode="numeric" data-testid="totp-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="totp-enable">
            {t('system.profile.mfaEnable')}
          </Button>
        </Form>
      </Space>
    </Space>
  );
}

/** Devices (a phone's browser) bound through a scanned code to confirm this user's QR-code logins. */
function DevicesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const devices = useQuery({ queryKey: scanKey, queryFn: () => api.auth.cas.identities() });
  const [binding, setBinding] = useState(false);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <div className="bw-toolbar">
        <Typography.Text type="secondary">{t('system.profile.devicesIntro')}</Typography.Text>
        <span className="bw-toolbar-spacer" />
        <Button type="primary" icon={<QrcodeOutlined />} onClick={() => setBinding(true)} data-testid="device-bind">
          {t('system.profile.bindDevice')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={devices.data ?? []}
        loading={devices.isLoading}
        data-testid="devices-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.profile.noDevices')} /> }}
        columns={[
          { title: t('system.profile.device'), dataIndex: 'deviceName', key: 'deviceName' },
          { title: t('system.profile.boundAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, render: time },
          { title: t('system.profile.lastUsed'), dataIndex: 'lastUsedAt', key: 'lastUsedAt', width: 170, render: time },
          {
            title: t('common.actions'),
            key: 'a',
            width: 110,
            render: (_, d) => (
              <Popconfirm
                title={t('system.profile.unbindConfirm', { name: d.deviceName })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  await api.auth.cas.removeIdentity({ id: d.id });
                  void message.success(t('common.success'));
                  await queryClient.invalidateQueries({ queryKey: scanKey });
                }}
              >
                <Button type="link" size="small" danger>
                  {t('system.profile.unbind')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <BindDeviceModal open={binding} onClose={() => setBinding(false)} />
    </Space>
  );
}

/** The CAS binding code: the phone opens it (/m/bind), this dialog polls checkCode until it is bound or expires. */
function BindDeviceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<CasQrcodeData | null>(null);
  const [state, setState] = useState<'waiting' | 'bound' | 'expired'>('waiting');
  useEffect(() => {
    if (!open) return;
    let stop = false;
    setState('waiting');
    setCode(null);
    api.auth.cas.qrcode().then(
      (c) => !stop && setCode(c),
      () => undefined,
    );
    return () => {
      stop = true;
    };
  }, [open]);
  useEffect(() => {
    if (!open || !code || state !== 'waiting') return;
    const timer = setInterval(async () => {
      const s = await api.auth.cas.check({ code: code.code }, { errorMode: 'silent' }).catch(() => 'waiting' as const);
      if (s === 'bound' || s === 'expired') {
        setState(s);
        if (s === 'bound') await queryClient.invalidateQueries({ queryKey: scanKey });
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [open, code, state]);
  const renew = async () => {
    setState('waiting');
    setCode(await api.auth.cas.qrcode());
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t(state === 'bound' ? 'common.ok' : 'common.close')}</Button>}
      title={t('system.profile.bindDevice')}
      width={560}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={state === 'bound' ? 2 : 1}
        style={{ marginBottom: 20 }}
        items={[{ title: t('system.profile.bindStep1') }, { title: t('system.profile.bindStep2') }, { title: t('system.profile.bindStep3') }]}
      />
      <div className="bw-bind-body" data-testid="device-bind-dialog" data-state={state}>
        {state === 'bound' ? (
          <Alert type="success" showIcon title={t('system.profile.deviceBound')} />
        ) : code ? (
          <>
            <img
              src={code.qrDataUrl}
              width={180}
              height={180}
              alt={t('system.profile.bindDevice')}
              className={`bw-qr${state === 'expired' ? ' bw-qr-expired' : ''}`}
            />
            <Space direction="vertical">
              <Typography.Text>{t('system.profile.bindHint')}</Typography.Text>
              <Typography.Text type="secondary" className="bw-small">
                {t('system.profile.bindExpires', { time: dayjs(code.expiresAt).format('HH:mm') })}
              </Typography.Text>
              <Typography.Link href={code.content} target="_blank" rel="noreferrer" className="bw-small bw-wrap" data-testid="device-bind-link">
                {code.content}
              </Typography.Link>
              {state === 'expired' && <Button onClick={renew}>{t('auth.qrRefresh')}</Button>}
            </Space>
          </>
        ) : null}
      </div>
    </Modal>
  );
}

function SessionsTab() {
  const { t } = useTranslation();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: () => api.auth.profile.sessions() });
  const reload = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Popconfirm
        title={t('system.profile.endOthersConfirm')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={async () => {
          await api.auth.profile.endOtherSessions();
          await reload();
        }}
      >
        <Button data-testid="end-other-sessions" disabled={(sessions.data ?? []).length <= 1}>
          {t('system.profile.endOthers')}
        </Button>
      </Popconfirm>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={sessions.data ?? []}
        data-testid="sessions-table"
        columns={[
          { title: t('system.log.ip'), dataIndex: 'ip', width: 140 },
          { title: t('system.log.agent'), dataIndex: 'userAgent', ellipsis: true },
          { title: t('system.profile.since'), dataIndex: 'createdAt', width: 150, render: time },
          { title: t('system.profile.lastSeen'), dataIndex: 'lastSeenAt', width: 150, render: time },
          {
            title: t('common.actions'),
            key: 'a',
            width: 120,
            render: (_, s) =>
              s.current ? (
                <Tag color="blue">{t('system.profile.current')}</Tag>
              ) : (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={async () => {
                    await api.auth.profile.endSession({ id: s.id });
                    await reload();
                  }}
                >
                  {t('system.profile.end')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
