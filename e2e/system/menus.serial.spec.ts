import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, tryTag, Workspace } from '../support/pages';
import { apiToken, call } from './helpers';

/** Opens the workbench directory of the side menu, if the member has one, so that its pages are listed. */
async function expandWorkbench(page: Page) {
  const dir = page.getByTestId('side-menu').getByRole('menuitem', { name: /工作台$/ });
  if ((await dir.count()) === 0) return;
  if ((await dir.getAttribute('aria-expanded')) !== 'true') await dir.click();
  await expect(dir).toHaveAttribute('aria-expanded', 'true');
}

test("menu editor: add a page entry, grant it to a role, see it in that member's menu; route roles hide it again", async ({ page, browser }) => {
  // Three logins and two editors: longer than the default minute on a busy two-core machine.
  test.setTimeout(180_000);
  // Names of this try: a retry does not meet the role, member and page of the first.
  const tag = tryTag();
  const title = `团队文件${tag}`;
  // A member whose only role starts without permissions.
  const admin = await apiToken(page, 'admin');
  const role = await call(page, admin, 'POST', '/api/system/role/create', { roleKey: `reporter${tag}`, roleName: `报表员${tag}`, menuIds: [] });
  await call(page, admin, 'POST', '/api/system/user/create', {
    username: `reporter${tag}`,
    nickName: '赵报表',
    password: 'report pass 2026',
    roleIds: [role.id],
    crops: [],
  });

  const memberCtx = await browser.newContext();
  const member = await memberCtx.newPage();
  await member.goto('/login');
  await new LoginScreen(member).login(`reporter${tag}`, 'report pass 2026');
  await new LoginScreen(member).changeFirstPassword('report pass 2026', 'report own pass 2026');
  await expect(member.getByTestId('dashboard')).toBeVisible();
  await expandWorkbench(member);
  await expect(member.getByTestId('side-menu')).not.toContainText(title);

  // The administrator adds a page below the workbench directory.
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const ws = new Workspace(page);
  await ws.openMenu('系统管理', '菜单管理');
  await page.getByTestId('menu-add-child-home').click();
  const form = page.getByTestId('menu-form');
  await expect(form.getByRole('radio', { name: '页面' })).toBeChecked();
  await page.getByTestId('menu-form-title-zh').fill(title);
  await page.getByTestId('menu-form-title-en').fill(`Team files ${tag}`);
  await page.getByTestId('menu-form-path').fill(`/home/files${tag}`);
  await page.getByTestId('menu-form-component').locator('input').fill('home/storageSpace/index');
  await page.getByTestId('menu-form-perms').fill(`home:files${tag}:view`);
  // A path that is not a route is refused on its field, before anything is sent.
  await page.getByTestId('menu-form-path').fill('home files');
  await page.getByTestId('menu-form-save').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.getByTestId('menu-form-path').fill(`/home/files${tag}`);
  await page.getByTestId('menu-form-save').click();
  await expect(page.getByText('已保存：授权的角色成员刷新页面后可见')).toBeVisible();
  await expect(page.getByTestId('menu-table')).toContainText(title);

  // Granted to the member's role.
  await ws.openMenu('系统管理', '角色管理');
  await page.getByTestId(`role-perms-reporter${tag}`).click();
  const tree = page.getByTestId('role-perms-tree');
  await tree
    .locator('.ant-tree-treenode', { hasText: `${title} (home:files${tag}:view)` })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
  await page.getByTestId('role-perms-save').click();
  await expect(page.getByText('权限已保存')).toBeVisible();

  await member.reload();
  await expect(member.getByTestId('side-menu')).toContainText('工作台');
  await expandWorkbench(member);
  await expect(member.getByTestId('side-menu')).toContainText(title);
  await new Workspace(member).openMenu('工作台', title);
  await expect(member.getByTestId('storage-space')).toBeVisible();
  await expect(member).toHaveURL(new RegExp(`/home/files${tag}$`));

  // Route roles: only holders of the admin role see the entry now.
  await ws.openMenu('系统管理', '菜单管理');
  await page.getByPlaceholder('按标题、路由、组件或权限搜索').fill(title);
  await page.getByPlaceholder('按标题、路由、组件或权限搜索').press('Enter');
  const row = page.getByTestId('menu-table').locator('tr', { hasText: title });
  await row.getByRole('button', { name: /^编\s?辑$/ }).click();
  await form.locator('.ant-select', { hasText: '不限角色' }).click();
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-form-save').click();
  await expect(row).toContainText('限 1 个角色');

  await member.goto('/dashboard');
  await expect(member.getByTestId('dashboard')).toBeVisible();
  await expandWorkbench(member);
  await expect(member.getByTestId('side-menu')).not.toContainText(title);
  await memberCtx.close();
});
