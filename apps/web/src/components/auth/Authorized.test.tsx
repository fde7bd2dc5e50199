import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { Authorized, useIsOwner } from './Authorized';

const info = (permissions: string[], roles: string[], userId = 7) => ({
  userInfo: {
    userId,
    userName: 'u',
    nickName: 'U',
    avatar: null,
    role: 'user',
    roles,
    passExpiredDateCount: null,
    dashboardType: 'default',
    locale: 'en',
    platformAdmin: false,
  },
  permissions,
  orgInfo: { orgId: 1, orgName: 'O' },
  orgs: [],
  cropInfo: null,
  crops: [],
  menu: [],
  selectOrgUrl: '/select-org',
  selectCropUrl: '/select-org',
  authServerUrl: '/api/auth',
  helpUrlBase: '/',
  chatAiEnable: false,
  brand: { brandKey: 'b', name: 'b', nameI18n: { 'zh-CN': 'b', en: 'b' }, logoUrl: null, primaryColor: '#1677ff', dashboardType: null, pathPrefix: null },
});

function Owner({ id }: { id: number | number[] }) {
  return <span>{useIsOwner(id) ? 'mine' : 'not mine'}</span>;
}

function renderWith(data: ReturnType<typeof info>, ui: React.ReactNode) {
  useSession.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data }))),
  );
  return render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

describe('Authorized and useIsOwner', () => {
  it('shows an element for any of the permissions or roles, hides it otherwise', async () => {
    renderWith(
      info(['doe:location:add'], ['user']),
      <>
        <Authorized permissions={['doe:location:add', 'x:y:z']}>
          <b>by permission</b>
        </Authorized>
        <Authorized roles={['user']}>
          <b>by role</b>
        </Authorized>
        <Authorized permissions={['system:user:list']} roles={['admin']} fallback={<i>hidden</i>}>
          <b>admin only</b>
        </Authorized>
      </>,
    );
    expect(await screen.findByText('by permission')).toBeTruthy();
    expect(screen.getByText('by role')).toBeTruthy();
    expect(screen.queryByText('admin only')).toBeNull();
    expect(screen.getByText('hidden')).toBeTruthy();
  });

  it('lets the administrator wildcard through, and compares ownership by user id or list', async () => {
    renderWith(
      info(['*:*:*'], ['admin'], 42),
      <>
        <Authorized permissions={['system:user:list']}>
          <b>wildcard</b>
        </Authorized>
        <Owner id={42} />
        <Owner id={[1, 2]} />
      </>,
    );
    expect(await screen.findByText('wildcard')).toBeTruthy();
    expect(screen.getByText('mine')).toBeTruthy();
    expect(screen.getByText('not mine')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
