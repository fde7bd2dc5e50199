import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, LoginScreen, tryTag, Workspace } from '../support/pages';

test("grant a page to a role and see it appear in a member's menu", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A role and a member of this try's own: a retry does not meet the first try's.
  const tag = tryTag();
  // A member whose only role starts without permissions.
  const admin = (await (await page.request.post('/api/auth/api/login', { form: { username: 'admin', password: DEMO_PASSWORD } })).json()).data.token;
  const role = (
    await (
      await page.request.post('/api/system/role/create', {
        headers: { token: admin },
        data: { roleKey: `viewer${tag}`, roleName: `查看员${tag}`, menuIds: [] },
      })
    ).json()
  ).data;
  const created = await page.request.post('/api/system/user/create', {
    headers: { token: admin },
    data: { username: `viewer${tag}`, nickName: '王查看', password: 'viewer pass 2026', roleIds: [role.id], crops: [] },
  });
  expect(created.ok()).toBeTruthy();

  const memberCtx = await browser.newContext();
  const member = await memberCtx.newPage();
  await member.goto('/login');
  await new LoginScreen(member).login(`viewer${tag}`, 'viewer pass 2026');
  await new LoginScreen(member).changeFirstPassword('viewer pass 2026', 'viewer own pass 2026');
  await expect(member.getByTestId('dashboard')).toBeVisible();
  await expect(member.getByTestId('side-menu')).not.toContainText('试验设计');

  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('系统管理', '角色管理');
  await page.getByTestId(`role-perms-viewer${tag}`).click();
  const tree = page.getByTestId('role-perms-tree');
  await tree.locator('.ant-tree-treenode', { hasText: '试验地点 (doe:location:list)' }).first().locator('.ant-tree-checkbox').click();
  await page.screenshot({ path: 'test-results/shots/role-permissions-zh.png' });
  await page.getByTestId('role-perms-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  await member.reload();
  await expect(member.getByTestId('side-menu')).toContainText('试验设计');
  await new Workspace(member).openMenu('试验设计', '试验地点');
  await expect(member.getByTestId('location-table').locator('.ant-table-row').first()).toBeVisible();
  await memberCtx.close();
});
