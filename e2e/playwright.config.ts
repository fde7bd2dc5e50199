import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8199);

export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'parallel', testMatch: '**/*.spec.ts', testIgnore: '**/*.serial.spec.ts' },
    { name: 'serial', testMatch: '**/*.serial.spec.ts', workers: 1, dependencies: ['parallel'] },
  ],
  timeout: 60_000,
  // Shared 2-core machines can take several seconds to render a page after login: wait up to 20 s.
  expect: { timeout: 20_000 },
  // One server, one database. Specs that use only their own records run in two parallel workers; those that
  // change what every test shares (organisation settings, roles, menus, dictionaries, an admin's table
  // settings, figures counted over the whole organisation) are named *.serial.spec.ts and run one at a time
  // after the others. See docs/testing.md.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // One retry: a test that passes only on its second try is reported as flaky (and should be fixed),
  // but does not fail the run; a test that fails twice does.
  retries: 1,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
