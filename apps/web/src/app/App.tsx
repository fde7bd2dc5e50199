import { App as AntApp, ConfigProvider } from 'antd';
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
import { LogoutPage } from '../shell/pages/LogoutPage';
import { SelectOrgPage } from '../shell/pages/SelectOrgPage';
import { MainLayout } from '../shell/layout/MainLayout';
import { safeRedirect } from '../shell/redirect';
import { useBrandStore } from '../shell/brand';
import { RegisterPage } from '../shell/pages/RegisterPage';
import { ResetPasswordPage } from '../shell/pages/ResetPasswordPage';
import { MobileBindPage, MobileQrPage } from '../shell/pages/MobileQrPage';

function LoginRoute() {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  return token ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : <LoginPage />;
}

export function App() {
  const { i18n } = useTranslation();
  const primary = useBrandStore((s) => s.brand.primaryColor);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: primary, borderRadius: 6 } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <FeedbackBridge />
            <GlobalErrorHandler />
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
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
