import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, LoginScreen, tryTag, Workspace } from '../support/pages';

async function apiLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/auth/api/login', { form: { username, password } });
  return (await res.json()).data.token as string;
}

/** Reads the newest SMS to a number from the outbox screen, as an administrator in another browser. */
async function codeFromOutbox(browser: Browser, mobile: string): Promise<string> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/system/outbox');
  const row = page.getByTestId('outbox-table').locator('.ant-table-row', { hasText: mobile }).first();
  const text = await row.getByTestId('outbox-body').innerText();
  await ctx.close();
  return /(\d{6})/.exec(text)![1];
}

test('log in with an SMS code read from the outbox', async ({ page, browser }) => {
  await page.goto('/login');
  await page.getByTestId('login-methods').getByText('短信登录').click();
  await page.getByTestId('login-mobile').fill('13800000002');
  await page.getByTestId('login-sms-code-send').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  const code = await codeFromOutbox(browser, '13800000002');
  await page.getByTestId('login-sms-code').fill(code);
  await page.getByTestId('login-mobile-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('李育种');
});

test('enrol an authenticator, then log in with password and TOTP', async ({ page }) => {
  test.setTimeout(180_000);
  // A user of this try's own: a retry does not meet the first try's.
  const username = `mfa${tryTag()}`;
  const admin = await apiLogin(page, 'admin');
  const made = await page.request.post('/api/system/user/create', {
    headers: { token: admin },
    data: { username, nickName: '赵两步', password: 'two step pass 2026', roleIds: [], crops: [] },
  });
  expect(made.ok()).toBeTruthy();
  await page.goto('/login');
  await new LoginScreen(page).login(username, 'two step pass 2026');
  await new LoginScreen(page).changeFirstPassword('two step pass 2026', 'two step own 2026');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/system/user/profile');
  await page.getByRole('tab', { name: '动态验证码' }).click();
  await page.getByTestId('totp-setup').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  // The clock is injected: enrolment uses the previous 30 s step and login the current one, both inside the
  // server's one-step drift window, so the test never waits for the next step (a step is accepted once).
  const step = (offset: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
  await page.getByTestId('totp-code').fill(await step(-1));
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('recovery-codes').locator('.ant-list-item')).toHaveCount(10);
  await page.screenshot({ path: 'test-results/shots/profile-totp-zh.png' });
  await page.getByTestId('recovery-done').click();

  await new Workspace(page).logout();
  await new LoginScreen(page).login(username, 'two step own 2026');
  await expect(page.getByText('两步验证')).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/login-mfa-zh.png' });
  // The next step's code: later than the enrolment's, which cannot be used twice.
  await page.getByTestId('mfa-code').fill(await step(0));
  await page.getByTestId('mfa-submit').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('赵两步');
});

test('a second login in single-session mode shows the 9999 dialog in the first browser', async ({ page, browser }) => {
  const admin = await apiLogin(page, 'admin');
  const org = (await (await page.request.get('/api/system/org/current', { headers: { token: admin } })).json()).data;
  await page.request.put('/api/system/org/current', {
    headers: { token: admin },
    data: { name: org.name, settings: { ...org.settings, singleSession: true } },
  });
  try {
    await page.goto('/login');
    await new LoginScreen(page).login('breeder');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/login');
    await new LoginScreen(second).login('breeder');
    await expect(second.getByTestId('dashboard')).toBeVisible();
    await other.close();

    await new Workspace(page).openMenu('试验设计', '试验地点');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('您的账号已在其他地方登录');
    await page.screenshot({ path: 'test-results/shots/session-replaced-zh.png' });
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/login/);
  } finally {
    const again = await apiLogin(page, 'admin');
    await page.request.put('/api/system/org/current', {
      headers: { token: again },
      data: { name: org.name, settings: { ...org.settings, singleSession: false } },
    });
  }
});

test('change the password in the user centre; the other session ends', async ({ page }) => {
  const other = await apiLogin(page, 'breeder');
  await page.goto('/login');
  await new LoginScreen(page).login('breeder');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await page.getByRole('tab', { name: '修改密码' }).click();
  const formEl = page.getByTestId('change-password-form');
  await formEl.getByLabel('当前密码').fill(DEMO_PASSWORD);
  await formEl.getByLabel('新密码', { exact: true }).fill('Barley fields 2026');
  await formEl.getByLabel('确认新密码').fill('Barley fields 2026');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible();
  expect((await page.request.get('/api/auth/api/login/info', { headers: { token: other } })).status()).toBe(401);
  // Back to the demo password for the other tests.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
  const back = await page.request.put('/api/auth/api/profile/password', {
    headers: { token },
    data: { oldPassword: 'Barley fields 2026', newPassword: DEMO_PASSWORD },
  });
  expect(back.ok()).toBeTruthy();
});
