import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { LoginPage } from './LoginPage';

const init = {
  captchaEnabled: true,
  loginMethods: ['password'],
  appName: 'Breedwise',
  version: '2.2.26',
  brand: { name: 'x', nameI18n: { 'zh-CN': '育种智汇', en: 'Breedwise' }, logoUrl: null, primaryColor: '#1677ff' },
  defaultLocale: 'zh-CN',
  registerEnabled: true,
};

function renderLogin() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={['/login?redirect=/doe/exp/location']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/doe/exp/location" element={<div>locations page</div>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('logs in with user name, password and captcha, then goes where the user was headed', async () => {
    await i18n.changeLanguage('zh-CN');
    const bodies: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, opts: RequestInit) => {
        if (url.startsWith('/api/auth/api/login/init')) return new Response(JSON.stringify({ code: 0, msg: 'ok', data: init }));
        bodies.push(String(opts.body));
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { token: 'tok-xyz', expiresAt: '2030-01-01T00:00:00Z' } }));
      }),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('用户名'), 'admin');
    await user.type(screen.getByLabelText('密码'), 'Demo@2026');
    const captcha = screen.getByTestId('captcha-image') as HTMLImageElement;
    expect(captcha.src).toMatch(/\/api\/auth\/captcha\.jpg\?uuid=[0-9a-f-]{36}$/);
    await user.type(screen.getByLabelText('验证码'), 'ab12');
    await user.click(screen.getByTestId('login-submit'));
    await screen.findByText('locations page');
    expect(useSession.getState().token).toBe('tok-xyz');
    const sent = new URLSearchParams(bodies[0]);
    expect(sent.get('username')).toBe('admin');
    expect(sent.get('code')).toBe('ab12');
    expect(sent.get('uuid')).toBe(new URL(captcha.src).searchParams.get('uuid'));
  }, 20_000);

  it('links to the registration form only while some organisation accepts registrations', async () => {
    await i18n.changeLanguage('en');
    for (const registerEnabled of [true, false]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ...init, captchaEnabled: false, registerEnabled } }))),
      );
      const view = renderLogin();
      await screen.findByTestId('link-reset');
      await waitFor(() => expect(!!screen.queryByTestId('link-register')).toBe(registerEnabled));
      view.unmount();
    }
  });

  it('asks for every field before sending', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ...init, captchaEnabled: false } }))),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('login-submit'));
    await waitFor(() => expect(screen.getByText('Enter your user name')).toBeTruthy());
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.queryByTestId('captcha-image')).toBeNull();
  });

  it('asks for the authenticator code when the password login answers mfaRequired', async () => {
    await i18n.changeLanguage('en');
    const bodies: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, opts: RequestInit) => {
        if (url.startsWith('/api/auth/api/login/init'))
          return new Response(
            JSON.stringify({ code: 0, msg: 'ok', data: { ...init, captchaEnabled: false, loginMethods: ['password', 'phone', 'qrcode', 'mfa'] } }),
          );
        bodies.push(`${url} ${String(opts.body)}`);
        if (url.startsWith('/api/auth/api/login/mfa'))
          return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { token: 'tok-mfa', expiresAt: '2030-01-01T00:00:00Z' } }));
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { mfaRequired: true, mfaToken: 'challenge-1' } }));
      }),
    );
    renderLogin();
    const user = userEvent.setup();
    // The sub-forms are offered as the server lists them.
    expect(await screen.findByText('SMS code')).toBeTruthy();
    expect(screen.getByText('Scan')).toBeTruthy();
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Demo@2026');
    await user.click(screen.getByTestId('login-submit'));
    await user.type(await screen.findByTestId('mfa-code'), '123456');
    await user.click(screen.getByTestId('mfa-submit'));
    await screen.findByText('locations page');
    expect(useSession.getState().token).toBe('tok-mfa');
    const mfa = new URLSearchParams(bodies[1].split(' ')[1]);
    expect(mfa.get('mfaToken')).toBe('challenge-1');
    expect(mfa.get('code')).toBe('123456');
  }, 20_000);
});
