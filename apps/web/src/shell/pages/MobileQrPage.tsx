import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QrScanData } from '@breedwise/contracts/auth';
import { useSession } from '../../lib/session';
import { api } from '../auth-api';
import { deviceHeader, deviceKey } from '../device-key';

/**
 * /m/qrcode?id=: the phone's confirmation page for a QR-code login. A signed-in session (or a bound
 * scanning device) confirms or refuses the login of the browser that shows the code.
 */
export function MobileQrPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const qrId = params.get('id') ?? '';
  const token = useSession((s) => s.token);
  const [scan, setScan] = useState<QrScanData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'approved' | 'refused' | null>(null);
  const canConfirm = !!token || !!deviceKey.get();

  useEffect(() => {
    if (!canConfirm || !qrId) return;
    api.auth.qr.scan({ qrId }, { headers: deviceHeader(), errorMode: 'silent' }).then(setScan, (err: Error) => setError(err.message));
  }, [canConfirm, qrId]);

  let body: React.ReactNode;
  if (!canConfirm) {
    body = (
      <Result
        status="info"
        title={t('auth.mobileLoginFirst')}
        extra={
          <Link to={`/login?redirect=${encodeURIComponent(`/m/qrcode?id=${qrId}`)}`}>
            <Button type="primary">{t('login.submit')}</Button>
          </Link>
        }
      />
    );
  } else if (error) body = <Result status="warning" title={error} />;
  else if (outcome)
    body = <Result status={outcome === 'approved' ? 'success' : 'info'} title={t(outcome === 'approved' ? 'auth.qrApproved' : 'auth.qrRefused')} />;
  else if (!scan) body = <Spin />;
  else {
    const decide = async (approve: boolean) => {
      try {
        await api.auth.qr.confirm({ qrId, approve }, { headers: deviceHeader(), errorMode: 'silent' });
        setOutcome(approve ? 'approved' : 'refused');
      } catch (err) {
        setError((err as Error).message);
      }
    };
    body = (
      <Result
        status="info"
        title={t('auth.qrConfirmTitle', { user: scan.userName })}
        subTitle={t('auth.qrConfirmWhere', { ip: scan.ip ?? '?', agent: scan.userAgent ?? '?' })}
        extra={
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" block size="large" onClick={() => decide(true)} data-testid="qr-approve">
              {t('auth.qrApprove')}
            </Button>
            <Button block size="large" onClick={() => decide(false)} data-testid="qr-refuse">
              {t('auth.qrRefuse')}
            </Button>
          </Space>
        }
      />
    );
  }
  return (
    <div className="bw-mobile-page">
      <Card title={t('auth.qrPageTitle')}>{body}</Card>
    </div>
  );
}

/** /m/bind?code=: this device becomes a scan identity of the user who showed the code. */
export function MobileBindPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<{ user?: string; error?: string }>({});
  useEffect(() => {
    const name = navigator.userAgent.includes('Mobile') ? 'Mobile' : 'Browser';
    api.auth.cas.bind({ code: params.get('code') ?? '', deviceName: `${name} ${new Date().toISOString().slice(0, 10)}` }, { errorMode: 'silent' }).then(
      (res) => {
        deviceKey.set(res.deviceKey);
        setState({ user: res.userName });
      },
      (err: Error) => setState({ error: err.message }),
    );
  }, [params]);
  return (
    <div className="bw-mobile-page">
      <Card title={t('auth.bindPageTitle')}>
        {state.error ? (
          <Result status="warning" title={state.error} />
        ) : state.user ? (
          <Result status="success" title={t('auth.bindDone', { user: state.user })} />
        ) : (
          <Spin />
        )}
      </Card>
    </div>
  );
}
