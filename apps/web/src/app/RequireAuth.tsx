import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Spin } from 'antd';
import { Result } from '../components/common/LazyResult';
import { useTranslation } from 'react-i18next';
import { feedback } from '../lib/feedback';
import { useSession } from '../lib/session';
import { session } from '../lib/storage';
import { ApiError } from '../lib/request';
import { useLoginInfo } from '../lib/login-info';
import { FirstPasswordPage } from '../shell/pages/FirstPasswordPage';

const PASSWORD_WARNED = 'bw-password-warned';

/**
 * The guard of spec sections 2 and 4: no token goes to /login; the first entry loads user info; a user
 * without an organisation (or one without a name) goes to the organisation selection with a direct
 * flag and a back URL; a password about to expire is announced for 5 seconds.
 */
export function RequireAuth({ children, checkOrg = true }: { children: ReactNode; checkOrg?: boolean }) {
  const token = useSession((s) => s.token);
  const loggedOut = useSession((s) => s.loggedOut);
  const location = useLocation();
  const { t } = useTranslation();
  const info = useLoginInfo();

  const days = info.data?.userInfo.passExpiredDateCount;
  useEffect(() => {
    if (days === null || days === undefined || days <= 0 || days >= 3 || session.get(PASSWORD_WARNED, false)) return;
    session.set(PASSWORD_WARNED, true);
    void feedback.current?.message.warning({ content: t('layout.passwordExpiry', { days }), duration: 5 });
  }, [days, t]);

  if (!token) {
    if (loggedOut) return <Navigate to="/login" replace />;
    const back = location.pathname + location.search;
    return <Navigate to={back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login'} replace />;
  }
  if (info.isPending) {
    return (
      <div className="bw-fullscreen-center">
        <Spin size="large" />
      </div>
    );
  }
  if (info.isError) {
    // An administrator set the password: nothing else answers until the user chose their own.
    if (info.error instanceof ApiError && info.error.errorCode === 'AUTH_PASSWORD_CHANGE_REQUIRED') return <FirstPasswordPage />;
    // The 401/9999 dialog is already up for a lost session; anything else can be retried.
    if (info.error instanceof ApiError && info.error.status === 401)
      return (
        <div className="bw-fullscreen-center">
          <Spin size="large" />
        </div>
      );
    return (
      <Result
        status="warning"
        title={info.error.message}
        extra={
          <Button type="primary" onClick={() => info.refetch()}>
            {t('errorBoundary.reload')}
          </Button>
        }
      />
    );
  }
  if (checkOrg && !info.data.orgInfo?.orgName) {
    const back = encodeURIComponent(location.pathname + location.search);
    const target = `${info.data.selectOrgUrl}${info.data.selectOrgUrl.includes('?') ? '&' : '?'}direct=1&back=${back}`;
    if (/^https?:\/\//.test(target)) {
      window.location.assign(target);
      return null;
    }
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
