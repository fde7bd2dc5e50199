import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8199);
const serialPort = Number(process.env.E2E_SERIAL_PORT ?? port + 1);
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  // Two servers, two databases. Specs that use only their own records run in E2E_WORKERS (2) parallel
  // workers on the first; those that change what every test of an organisation shares (organisation
  // settings, roles, menus, dictionaries, an admin's table settings, figures counted over the whole
  // organisation) are named *.serial.spec.ts and run one at a time on the second, at the same time as the
  // parallel ones (they used to wait for them: a third of the run with one worker busy). See docs/architecture.md.
  projects: [
    { name: 'parallel', testMatch: '**/*.spec.ts', testIgnore: '**/*.serial.spec.ts', workers, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: 'serial', testMatch: '**/*.serial.spec.ts', workers: 1, use: { baseURL: `http://127.0.0.1:${serialPort}` } },
  ],
  // Two minutes a test: on CI's 2-core machine (two servers, PostgreSQL, three browsers) tests of three
  // logins took over the minute this was before (the dashboard, the user centre, the menu editor).
  timeout: 120_000,
  // Shared 2-core machines can take several seconds to render a page after login, and CI's machine has run
  // the whole suite three times slower than an idle one (the tests took 25 s where they take 9): wait up
  // to 30 s. A test's own time limit is at least five times what it takes on an idle machine (a test that
  // takes over 24 s says so with test.setTimeout).
  expect: { timeout: 30_000 },
  workers: workers + 1,
  fullyParallel: false,
  // One retry: a test that passes only on its second try is reported as flaky (and should be fixed),
  // but does not fail the run; a test that fails twice does.
  retries: 1,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    { command: 'node server.mjs', url: `http://127.0.0.1:${port}/api/health`, reuseExistingServer: false, timeout: 180_000, stdout: 'pipe', stderr: 'pipe' },
    {
      command: 'node server.mjs serial',
      url: `http://127.0.0.1:${serialPort}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
