import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';
import { apiToken, call } from '../system/helpers';

async function openLocations(page: Page) {
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('试验设计', '试验地点');
  await expect(page.getByTestId('location-table').locator('.ant-table-row').first()).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('location-table').locator('.ant-table-tbody .ant-table-row');
const header = (page: Page) => page.getByTestId('location-table').locator('.ant-table-thead th');

test('column and table settings are saved per user and survive a reload', async ({ page }) => {
  await openLocations(page);
  await expect(header(page).filter({ hasText: '国家' })).toHaveCount(1);

  await page.getByTestId('column-settings-button').click();
  await page.getByTestId('colset-country').getByRole('checkbox').uncheck();
  await page.getByTestId('colset-save').click();
  await expect(page.locator('.ant-message').getByText('成功', { exact: true })).toBeVisible();
  await expect(header(page).filter({ hasText: '国家' })).toHaveCount(0);

  await page.getByTestId('table-settings-button').click();
  await page.getByTestId('table-settings').getByRole('switch', { name: '斑马纹' }).click();
  await page.getByTestId('table-settings').getByText('小', { exact: true }).click();
  await expect(page.getByTestId('location-table').locator('.ant-table-small')).toHaveCount(1);

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(header(page).filter({ hasText: '国家' })).toHaveCount(0);
  await expect(page.getByTestId('location-table').locator('.ant-table-small')).toHaveCount(1);
  await expect(page.getByTestId('location-table').locator('.bw-row-striped').first()).toBeVisible();

  await page.getByTestId('column-settings-button').click();
  await page.getByTestId('colset-reset').click();
  await expect(header(page).filter({ hasText: '国家' })).toHaveCount(1);
});

test('filter drawer: apply, cancel restores, save a common filter, clear, use and delete it', async ({ page }) => {
  // Two stations of its own north of 70°, where no other test puts one: the filter finds exactly these.
  const token = await apiToken(page, 'admin');
  const suffix = Date.now().toString(36).toUpperCase();
  for (const [i, latitude] of [71.5, 72.5].entries())
    await call(page, token, 'POST', '/api/doe/api/location/create', { name: `Arctic ${i} ${suffix}`, code: `ARC${i}-${suffix}`, longitude: 25, latitude });
  await openLocations(page);
  const all = await rows(page).count();
  await page.getByTestId('filter-button').click();
  const drawer = page.getByTestId('filter-drawer');
  await page.getByTestId('filter-add').click();
  const row = drawer.getByTestId('filter-row').first();
  await row.getByLabel('字段').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('纬度').click();
  await row.getByLabel('条件').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('大于', { exact: true }).click();
  await row.getByLabel('纬度 值').fill('70');
  await page.getByTestId('filter-apply').click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('filter-button')).toContainText('筛选');

  // Reopen, change something, cancel: the filter in force is unchanged.
  await page.getByTestId('filter-button').click();
  await drawer.getByTestId('filter-row').first().getByLabel('纬度 值').fill('10');
  await drawer.getByRole('button', { name: '取 消' }).click();
  await expect(rows(page)).toHaveCount(2);

  // Save it as a commonly used filter: the name is required.
  await page.getByTestId('filter-button').click();
  await drawer.getByRole('button', { name: '保存为常用筛选' }).click();
  await page.getByRole('dialog', { name: '保存常用筛选' }).getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('请输入名称')).toBeVisible();
  await page.getByLabel('名称', { exact: true }).fill('北方站点');
  await page.getByRole('dialog', { name: '保存常用筛选' }).getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('已保存常用筛选')).toBeVisible();

  await drawer.getByRole('button', { name: '清 空' }).click();
  await expect(rows(page)).toHaveCount(all);

  await page.getByTestId('filter-button').click();
  await drawer.getByRole('tab', { name: '常用筛选' }).click();
  const saved = drawer.getByTestId('filter-saved');
  await expect(saved).toContainText('北方站点');
  await saved.getByRole('button', { name: '使用' }).click();
  await expect(rows(page)).toHaveCount(2);

  await page.getByTestId('filter-button').click();
  await drawer.getByRole('tab', { name: '常用筛选' }).click();
  await saved.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '确 定' }).click();
  await expect(page.getByText('已删除', { exact: true })).toBeVisible();
  await expect(saved).not.toContainText('北方站点');
});

test('import with row errors shows the report, and export downloads what the filter shows', async ({ page }, info) => {
  await openLocations(page);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['地点名称', '地点编码', '省份', '经度', '纬度']);
  // A fresh code per attempt: a retry must not collide with what the first attempt imported.
  const code = `HB-${Date.now().toString(36).toUpperCase()}`;
  ws.addRow(['邯郸试验站', code, '河北', 114.49, 36.61]);
  ws.addRow(['坏经度', 'BAD-LON', '', 500, 1]);
  ws.addRow(['', 'NO-NAME', '', '', '']);
  const file = info.outputPath('import.xlsx');
  fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

  await page.getByTestId('import-button').click();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('import-start').click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('共 3 行，正确 1 行，错误 2 行，已导入 1 行', { timeout: 30_000 });
  // Errors name the template's columns, never the internal keys (issue 14 item 10).
  await expect(result).toContainText('经度不能大于 180');
  await expect(result).toContainText('地点名称必填');
  await expect(result).not.toContainText('longitude');
  await page.getByRole('button', { name: '关 闭' }).click();
  // Wait for the dialog to go: antd hands the focus back to the Import button as it closes, and an
  // Enter pressed before that would open the dialog again.
  await expect(page.getByTestId('import-result')).toBeHidden();
  await expect(page.locator('.ant-modal-wrap').filter({ visible: true })).toHaveCount(0);
  await page.getByTestId('location-search').locator('input').fill(code);
  await page.getByTestId('location-search').locator('input').press('Enter');
  await expect(rows(page)).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^试验地点-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(await saved.path());
  const sheet = out.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  expect(String(sheet.getRow(2).getCell(2).value)).toBe(code);
});
