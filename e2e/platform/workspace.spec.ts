import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

test('log in, switch language, manage locations in tabs, close others, log out', async ({ page }) => {
  const login = new LoginScreen(page);
  const ws = new Workspace(page);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await login.login('admin');

  // The Chinese workspace: menu, pinned dashboard, page title.
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByText('我的应用')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('试验设计');
  await ws.expectTabs(['首页']);
  await expect(page).toHaveTitle('首页 - 育种智汇');

  await ws.switchLanguage('English');
  await expect(page.getByText('My apps')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('Trial design');
  await ws.expectTabs(['Dashboard']);

  await ws.openMenu('Trial design', 'Locations');
  await expect(page).toHaveURL(/\/doe\/exp\/location$/);
  // At least the five demo locations (tests that ran before may have added more).
  await expect(page.getByTestId('location-table').locator('.ant-table-row').nth(4)).toBeVisible();
  await expect(page).toHaveTitle('Locations - Breedwise');

  // Create a location and find it again.
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await page.getByTestId('location-add').click();
  const form = page.getByTestId('location-form');
  await form.getByLabel('Name').fill('Harbin test station');
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Province').fill('Heilongjiang');
  await form.getByLabel('Longitude').fill('126.63');
  await form.getByLabel('Latitude').fill('45.75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location Harbin test station added')).toBeVisible();
  // The dialog has gone (antd hands the focus back to the Add button once it has).
  await expect(form).toBeHidden();
  await page.getByTestId('location-search').locator('input').fill(code);
  await page.getByTestId('location-search').locator('input').press('Enter');
  const rows = page.getByTestId('location-table').locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Harbin test station');
  await expect(rows.first()).toContainText('126.6300, 45.7500');

  // A second tab, then close the others: the pinned dashboard stays.
  await ws.openMenu('Trial design', 'Germplasm locations');
  await ws.expectTabs(['Dashboard', 'Locations', 'Germplasm locations']);
  await ws.tabAction('Close others');
  await ws.expectTabs(['Dashboard', 'Germplasm locations']);
  await expect(page).toHaveURL(/\/doe\/germplasm\/location$/);

  await ws.logout({ logout: 'Log out', ok: 'OK' });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

test('an address opened without a session returns there after login; unknown pages say so', async ({ page }) => {
  await page.goto('/doe/exp/location');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdoe%2Fexp%2Flocation$/);
  await new LoginScreen(page).login('breeder');
  await expect(page).toHaveURL(/\/doe\/exp\/location$/);
  await expect(page.getByTestId('location-table').locator('.ant-table-row').first()).toBeVisible();
  // breeder may not delete locations: the button is not offered.
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);

  await page.goto('/no/such/page');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
});

test('tabs keep their page state; refresh reloads one tab', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const ws = new Workspace(page);
  await ws.openMenu('试验设计', '试验地点');
  const search = page.getByTestId('location-search').locator('input');
  await search.fill('三亚');
  await search.press('Enter');
  await expect(page.getByTestId('location-table').locator('.ant-table-row')).toHaveCount(1);

  await page.getByTestId('tabs-bar').getByText('首页').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.getByTestId('tabs-bar').getByText('试验地点').click();
  // Cached: the filter and its result are still there.
  await expect(search).toHaveValue('三亚');
  await expect(page.getByTestId('location-table').locator('.ant-table-row')).toHaveCount(1);

  await ws.tabAction('刷新页面');
  await expect(page.getByTestId('location-search').locator('input')).toHaveValue('');
  // The unfiltered list is back (other tests may have added locations, so at least the five demo ones).
  await expect(page.getByTestId('location-table').locator('.ant-table-row').nth(4)).toBeVisible();
});

test('a session ended elsewhere shows the 401 dialog once, and re-login goes to the login page', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await new Workspace(page).openMenu('试验设计', '试验地点');
  await expect(page.getByTestId('location-table').locator('.ant-table-row').first()).toBeVisible();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
  const res = await page.request.post('/api/auth/api/login/logout', { headers: { token } });
  expect(res.ok()).toBeTruthy();

  // The next request (a search here; the dashboard's own refresh may come first) meets the ended session.
  await page.getByTestId('location-search').locator('input').fill('x');
  await page.getByTestId('location-search').locator('input').press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('登录状态已失效或没有权限');
  await expect(dialog).toHaveCount(1);
  // Not closable by clicking outside.
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login/);
});
