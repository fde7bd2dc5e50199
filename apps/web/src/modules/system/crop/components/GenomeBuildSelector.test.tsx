import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n from '../../../../lib/i18n';
import { queryClient } from '../../../../lib/query';
import { useSession } from '../../../../lib/session';
import { GenomeBuildSelector, useCropFocus } from './GenomeBuildSelector';

const info = (permissions: string[]) => ({
  userInfo: {
    userId: 7,
    userName: 'u',
    nickName: 'U',
    avatar: null,
    role: 'user',
    roles: ['user'],
    passExpiredDateCount: null,
    dashboardType: 'default',
    locale: 'en',
    platformAdmin: false,
  },
  permissions,
  orgInfo: { orgId: 1, orgName: 'O' },
  orgs: [],
  cropInfo: { cropId: 3, code: 'maize', name: '玉米', nameI18n: { 'zh-CN': '玉米', en: 'Maize' }, access: 'operate' },
  crops: [],
  menu: [],
  selectOrgUrl: '/select-org',
  selectCropUrl: '/select-org',
  authServerUrl: '/api/auth',
  helpUrlBase: '/',
  chatAiEnable: false,
  embedOrigins: [],
  brand: { brandKey: 'b', name: 'b', nameI18n: { 'zh-CN': 'b', en: 'b' }, logoUrl: null, primaryColor: '#1677ff', dashboardType: null, pathPrefix: null },
});

function serve(
  permissions: string[],
  builds: { cropId: number | null; currentBuildId: number | null; builds: { buildId: number; code: string; name: string }[] },
) {
  const calls: { url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, opts: RequestInit = {}) => {
      calls.push({ url, body: opts.body ? String(opts.body) : undefined });
      const data = url.startsWith('/api/auth/api/login/info') ? info(permissions) : builds;
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data }));
    }),
  );
  return calls;
}

function renderSelector(prompt = true) {
  return render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <MemoryRouter initialEntries={['/gs/dataset']}>
            <Routes>
              <Route path="/gs/dataset" element={<GenomeBuildSelector prompt={prompt} />} />
              <Route path="/system/crop" element={<div>crops and genome builds</div>} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useSession.setState({ token: 'tok' });
  useCropFocus.setState({ cropId: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('GenomeBuildSelector', () => {
  it('prompts when the crop has no genome version; go-define opens the genome builds screen on that crop', async () => {
    serve(['system:crop:list'], { cropId: 3, currentBuildId: null, builds: [] });
    renderSelector();
    // antd repeats a confirm's title in a hidden header; the visible one is the confirm title.
    expect((await screen.findAllByText('No genome version defined')).some((e) => e.classList.contains('ant-modal-confirm-title'))).toBe(true);
    expect(screen.getByText(/The current crop “Maize” has no genome version defined/)).toBeTruthy();
    expect(screen.getByTestId('build-prompt-cancel')).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('build-go-define'));
    expect(await screen.findByText('crops and genome builds')).toBeTruthy();
    expect(useCropFocus.getState().cropId).toBe(3);
  });

  it('cancel closes the prompt and leaves a button that opens it again', async () => {
    serve(['system:crop:list'], { cropId: 3, currentBuildId: null, builds: [] });
    renderSelector();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('build-prompt-cancel'));
    await waitFor(() => expect(screen.queryByTestId('build-go-define')).toBeNull());
    await user.click(screen.getByTestId('genome-build-missing'));
    expect(await screen.findByTestId('build-go-define')).toBeTruthy();
  });

  it('tells a user who may not define builds to ask an administrator, without a go-define button', async () => {
    serve(['gs:dataset:list'], { cropId: 3, currentBuildId: null, builds: [] });
    renderSelector();
    expect(await screen.findByText(/ask an administrator to define one/)).toBeTruthy();
    expect(screen.queryByTestId('build-go-define')).toBeNull();
  });

  it('does not prompt by itself when asked not to', async () => {
    serve(['system:crop:list'], { cropId: 3, currentBuildId: null, builds: [] });
    renderSelector(false);
    expect(await screen.findByTestId('genome-build-missing')).toBeTruthy();
    expect(screen.queryByTestId('build-go-define')).toBeNull();
  });

  it('shows the current build of the crop', async () => {
    serve(['system:crop:list'], {
      cropId: 3,
      currentBuildId: 12,
      builds: [
        { buildId: 11, code: 'v4', name: 'B73 v4' },
        { buildId: 12, code: 'v5', name: 'B73 v5' },
      ],
    });
    renderSelector();
    expect(await screen.findByText('B73 v5 (v5)')).toBeTruthy();
    expect(screen.queryByTestId('build-go-define')).toBeNull();
  });
});
