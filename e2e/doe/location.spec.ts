import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

test('location form refuses bad input with the field and the rule, then saves; enable/disable and delete', async ({ page }) => {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('试验设计', '试验地点');

  await page.getByTestId('location-add').click();
  const form = page.getByTestId('location-form');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(form).toContainText('名称必填');
  await expect(form).toContainText('编码必填');

  await form.getByLabel('地点名称').fill('哈尔滨试验站');
  await form.getByLabel('地点编码').fill('HLJ HRB');
  await form.getByLabel('经度').fill('200');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(form).toContainText('编码格式不正确');
  await expect(form).toContainText('经度不能大于 180');

  await form.getByLabel('地点编码').fill('HLJ-HRB');
  await form.getByLabel('经度').fill('126.6');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(form).toContainText('经度和纬度须同时填写或同时为空');
  await form.getByLabel('纬度').fill('45.7');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('已新增地点 哈尔滨试验站')).toBeVisible();

  // A duplicate code is refused by the server and shown.
  await page.getByTestId('location-add').click();
  await form.getByLabel('地点名称').fill('重复');
  await form.getByLabel('地点编码').fill('HLJ-HRB');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('地点编码 HLJ-HRB 已存在')).toBeVisible();
  await page.getByRole('button', { name: '取 消' }).click();

  const row = page.getByTestId('location-table').locator('.ant-table-row', { hasText: 'HLJ-HRB' });
  await row.getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('停用');
  await expect(row.getByRole('button', { name: '启用' })).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByText('已删除地点 哈尔滨试验站')).toBeVisible();
  await expect(page.getByTestId('location-table').locator('.ant-table-row', { hasText: 'HLJ-HRB' })).toHaveCount(0);
});
