import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TaskRow } from '@breedwise/contracts/common';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { TaskProgress } from './TaskProgress';

const row = (patch: Partial<TaskRow>): TaskRow => ({
  id: 5,
  type: 'doe.location.import',
  module: 'doe',
  title: 'Locations: big.xlsx',
  status: 'running',
  progress: 0.6,
  message: null,
  attempts: 1,
  result: null,
  createdBy: 'Admin',
  createdAt: '2026-05-01T08:00:00.000Z',
  startedAt: '2026-05-01T08:00:01.000Z',
  finishedAt: null,
  ...patch,
});

function serve(task: TaskRow) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: task }))),
  );
}

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <TaskProgress taskId={5} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );

beforeEach(() => useSession.setState({ token: 'tok' }));
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('TaskProgress', () => {
  it('shows "waiting to retry" and why the last attempt failed, in both languages; the task may still be cancelled', async () => {
    const message = 'Attempt 1 of 3 failed: the process running it stopped, or it ran past its time limit (5 min). Waiting to retry';
    serve(row({ status: 'retrying', message }));
    await i18n.changeLanguage('en');
    const { unmount } = show();
    expect(await screen.findByText('Waiting to retry')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByTestId('task-progress').dataset.status).toBe('retrying');
    expect(screen.getByText('Cancel task')).toBeTruthy();
    unmount();
    queryClient.clear();
    await i18n.changeLanguage('zh-CN');
    show();
    expect(await screen.findByText('等待重试')).toBeTruthy();
  });

  it('shows a failed task with its reason, and no cancel button', async () => {
    serve(row({ status: 'failed', message: 'Failed after 3 attempts: the disk is full', finishedAt: '2026-05-01T08:10:00.000Z' }));
    await i18n.changeLanguage('en');
    show();
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('Failed after 3 attempts: the disk is full')).toBeTruthy();
    expect(screen.queryByText('Cancel task')).toBeNull();
  });
});
