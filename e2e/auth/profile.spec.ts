import { expect, test, type Browser } from '@playwright/test';
import { DEMO_PASSWORD, LoginScreen, tryTag } from '../support/pages';

/** The newest SMS to a number, read on the outbox screen by an administrator in another browser. */
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

test('user centre: confirm a new mobile number with an SMS code, bind a scan device, choose the data scope', async ({ page, browser }) => {
  // Four logins in three browsers: longer than the default minute on a busy two-core machine.
  test.setTimeout(180_000);
  // A user and a number of this try's own: a retry does not meet the first try's.
  const tag = tryTag();
  const mobile = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  const admin = (await (await page.request.post('/api/auth/api/login', { form: { username: 'admin', password: DEMO_PASSWORD } })).json()).data.token;
  const made = await page.request.post('/api/system/user/create', {
    headers: { token: admin },
    data: { username: `profile${tag}`, nickName: '钱资料', password: 'profile pass 2026', roleIds: [], crops: [] },
  });
  expect(made.ok()).toBeTruthy();
  await page.goto('/login');
  await new LoginScreen(page).login(`profile${tag}`, 'profile pass 2026');
  await new LoginScreen(page).changeFirstPassword('profile pass 2026', 'profile own pass 2026');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.goto('/system/user/profile');
  const tabs = page.getByTestId('profile-tabs');

  // Mobile number: a new one, confirmed by the code sent to it.
  await tabs.getByRole('tab', { name: '手机号' }).click();
  await expect(page.getByTestId('phone-state')).toContainText('未绑定手机号');
  await page.getByTestId('phone-mobile').fill('12 34');
  await page.getByTestId('phone-code-send').click();
  await expect(page.getByTestId('phone-form').locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.getByTestId('phone-mobile').fill(mobile);
  await page.getByTestId('phone-code-send').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  // A wrong code is refused on its field.
  await page.getByTestId('phone-code').fill('000000');
  await page.getByTestId('phone-bind').click();
  await expect(page.getByTestId('phone-form').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('phone-code').fill(await codeFromOutbox(browser, mobile));
  await page.getByTestId('phone-bind').click();
  await expect(page.getByText('手机号已验证')).toBeVisible();
  await expect(page.getByTestId('phone-state')).toContainText(mobile);
  await expect(page.getByTestId('phone-state')).toContainText('已验证');

  // Scan device: the code is opened on the "phone" (another browser, not signed in), which binds it.
  await tabs.getByRole('tab', { name: '扫码设备' }).click();
  await page.getByTestId('device-bind').click();
  const link = await page.getByTestId('device-bind-link').getAttribute('href');
  const phoneCtx = await browser.newContext();
  const phone = await phoneCtx.newPage();
  await phone.goto(link!);
  await expect(phone.getByText(/本设备已可为 .+ 确认扫码登录/)).toBeVisible();
  await phoneCtx.close();
  await expect(page.getByTestId('device-bind-dialog')).toHaveAttribute('data-state', 'bound', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('devices-table').locator('.ant-table-row')).toHaveCount(1);

  // Data scope: two departments.
  await tabs.getByRole('tab', { name: '数据范围' }).click();
  const scope = page.getByTestId('dept-scope-tree');
  await scope.getByText('玉米育种部').click();
  await scope.getByText('小麦育种部').click();
  await page.getByTestId('dept-scope-save').click();
  await expect(page.getByText('数据范围已保存')).toBeVisible();
  await page.reload();
  await tabs.getByRole('tab', { name: '数据范围' }).click();
  await expect(page.getByTestId('dept-scope')).toContainText('玉米育种部');
  await expect(page.getByTestId('dept-scope').locator('.ant-tag-blue')).toHaveCount(2);
});
