import { lazy, Suspense } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query';
import { useSession } from '../lib/session';
import { FeedbackBridge } from './FeedbackBridge';
import { GlobalErrorHandler } from './GlobalErrorHandler';
import { RequireAuth } from './RequireAuth';
import { LoginPage } from '../shell/pages/LoginPage';
import { safeRedirect } from '../shell/redirect';
import { useBrandStore } from '../shell/brand';
import { loadMainLayout } from '../shell/layout/load';
import { preloadable } from '../lib/preloadable';

// Only the login page is in the first download: the workspace (with every module's manifest and texts)
// and the other entry pages load when first shown.
// The workspace is preloaded as the login is sent (LoginPage): drawn without suspending when it is in.
const MainLayout = preloadable(loadMainLayout);
const LogoutPage = lazy(() => import('../shell/pages/LogoutPage').then((m) => ({ default: m.LogoutPage })));
const SelectOrgPage = lazy(() => import('../shell/pages/SelectOrgPage').then((m) => ({ default: m.SelectOrgPage })));
const RegisterPage = lazy(() => import('../shell/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ResetPasswordPage = lazy(() => import('../shell/pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const MobileQrPage = lazy(() => import('../shell/pages/MobileQrPage').then((m) => ({ default: m.MobileQrPage })));
const MobileBindPage = lazy(() => import('../shell/pages/MobileQrPage').then((m) => ({ default: m.MobileBindPage })));

const loading = (
  <div className="bw-fullscreen-center">
    <Spin size="large" />
  </div>
);

function LoginRoute() {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  return token ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : <LoginPage />;
}

export function App() {
  const { i18n } = useTranslation();
  const primary = useBrandStore((s) => s.brand.primaryColor);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={{ hashed: false, token: { colorPrimary: primary, borderRadius: 6 } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <FeedbackBridge />
            <GlobalErrorHandler />
            <Suspense fallback={loading}>
              <Routes>
                <Route path="/login" element={<LoginRoute />} />
                <Route path="/logout" element={<LogoutPage />} />
                <Route path="/user_register" element={<RegisterPage />} />
                <Route path="/reset_password" element={<ResetPasswordPage />} />
                <Route path="/m/qrcode" element={<MobileQrPage />} />
                <Route path="/m/bind" element={<MobileBindPage />} />
                <Route
                  path="/select-org"
                  element={
                    <RequireAuth checkOrg={false}>
                      <SelectOrgPage />
                    </RequireAuth>
                  }
                />
                <Route
                  path="/*"
                  element={
                    <RequireAuth>
                      <MainLayout />
                    </RequireAuth>
                  }
                />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
