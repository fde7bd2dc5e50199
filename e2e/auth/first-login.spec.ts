import { expect, test } from '@playwright/test';
import { LoginScreen } from '../support/pages';
import { apiToken, call, shot } from '../system/helpers';

/** Issue 14 item 18: an account an administrator created changes its password at the first login. */
for (const lang of ['zh-CN', 'en'] as const) {
  test(`first login with a password an administrator set: the change form, then the workspace (${lang})`, async ({ page }) => {
    const admin = await apiToken(page, 'admin');
    const username = `first-${lang === 'en' ? 'en' : 'zh'}-${Date.now().toString(36)}`;
    const roles = (await (await page.request.get('/api/system/role/list?pageSize=50', { headers: { token: admin } })).json()) as {
      rows: { id: number; roleKey: string }[];
    };
    await call(page, admin, 'POST', '/api/system/user/create', {
      username,
      nickName: `新同事 ${username}`,
      password: 'handed out 2026',
      roleIds: [roles.rows.find((r) => r.roleKey === 'technician')!.id],
      crops: [],
    });
    const en = lang === 'en';
    const labels = en
      ? { user: 'User name', password: 'Password', old: 'Current password', next: 'New password', confirm: 'Confirm the new password' }
      : { user: '用户名', password: '密码', old: '当前密码', next: '新密码', confirm: '确认新密码' };
    await page.addInitScript((lng) => localStorage.setItem('bw-lang', JSON.stringify({ v: lng })), lang);
    await page.goto('/login');
    await new LoginScreen(page).login(username, 'handed out 2026', labels);

    // Right after the login: the change form, and nothing else answers.
    const card = page.getByTestId('first-password');
    await expect(card).toContainText(en ? 'Choose your own password' : '请设置您自己的密码');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(size);
      await shot(page, `first-password-${size.width}`, lang);
    }
    // A confirmation that differs is caught in the form.
    const form = page.getByTestId('first-password-form');
    await form.getByLabel(labels.old).fill('handed out 2026');
    await form.getByLabel(labels.next, { exact: true }).fill('my own field pass');
    await form.getByLabel(labels.confirm).fill('my own field pas');
    await page.getByTestId('first-password-submit').click();
    await expect(form.locator('.ant-form-item-explain-error')).toContainText(en ? 'The two passwords differ' : '两次输入的密码不一致');
    // The same password as the administrator's is refused by the server.
    await new LoginScreen(page).changeFirstPassword('handed out 2026', 'handed out 2026', labels);
    await expect(page.getByText(en ? 'The new password must differ from the current one' : '新密码不能与当前密码相同')).toBeVisible();
    await new LoginScreen(page).changeFirstPassword('handed out 2026', 'my own field pass', labels);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(username);
    // A reload keeps the workspace: the change is done for good.
    await page.reload();
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });
}
