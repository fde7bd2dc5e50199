import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace, chooseOption } from '../support/pages';

test('create a field, design an alpha lattice for 60 entries in 2 reps with 4 checks, preview, re-randomise, save, open the field map and export the field book', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('试验设计', '试验地点');

  // A field at the Changping station, from the location's field dialog.
  await page.getByTestId('location-table').locator('.ant-table-row', { hasText: 'BJ-CP' }).getByTestId('location-fields').click();
  await page.getByTestId('field-add').click();
  const fieldForm = page.getByTestId('field-form');
  await fieldForm.getByLabel('田块名称', { exact: true }).fill('E2E 试验田');
  await fieldForm.getByLabel('田块编码', { exact: true }).fill('E2E-01');
  await fieldForm.getByLabel('行数', { exact: true }).fill('16');
  await fieldForm.getByLabel('列数', { exact: true }).fill('10');
  await fieldForm.getByLabel('层数', { exact: true }).fill('2');
  await fieldForm.getByLabel('长度', { exact: true }).fill('80');
  await fieldForm.getByLabel('宽度', { exact: true }).fill('30');
  await expect(page.getByTestId('field-area')).toContainText('2400 m²');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(page.getByText('田块 E2E 试验田 已保存')).toBeVisible();
  await expect(page.getByTestId('field-table').locator('.ant-table-row', { hasText: 'E2E-01' })).toContainText('16 × 10');
  await page.keyboard.press('Escape');

  // A new experiment in temporary storage on that field.
  await page.goto('/doe/exp/design');
  await page.getByTestId('experiment-add').click();
  const form = page.getByTestId('experiment-form');
  await form.getByLabel('试验名称', { exact: true }).fill('E2E α 设计试验');
  await chooseOption(page, form.getByLabel('项目'), '2026', '2026 玉米产量比较试验');
  // Other tests add locations meanwhile: search, so the option is in the (virtual) list.
  await chooseOption(page, form.getByLabel('地点'), 'BJ-CP', '昌平试验站 (BJ-CP)');
  await form.getByLabel('田块').click();
  await page.getByTitle('E2E 试验田 (E2E-01) · 16×10').click();
  await page.getByRole('button', { name: '保 存' }).click();

  // Entries: 60 test entries and 4 checks.
  await page.getByRole('tab', { name: /参试材料/ }).click();
  await visible('entries-generate').click();
  await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click();
  await expect(visible('entries-panel')).toContainText('共 64 份材料，其中核心对照 4 份');

  // Design: alpha lattice, 2 reps, 8 blocks of 8 per rep on 16 x 8 plots.
  await page.getByRole('tab', { name: '设计与布局' }).click();
  const design = visible('design-form');
  await design.getByLabel('方案名称', { exact: true }).fill('E2E α 方案');
  await design.getByLabel('行数', { exact: true }).fill('16');
  await design.getByLabel('列数', { exact: true }).fill('8');
  await design.getByLabel('重复数', { exact: true }).fill('2');
  await design.getByLabel('每重复区组数', { exact: true }).fill('8');
  await visible('design-preview').click();
  const preview = visible('preview-map');
  await expect(preview).toHaveAttribute('data-plots', '128');
  const seedOf = async () =>
    (await page.locator('.ant-statistic', { hasText: '随机种子' }).filter({ visible: true }).locator('.ant-statistic-content').innerText()).trim();
  const firstSeed = await seedOf();
  await visible('design-rerandomise').click();
  await expect.poll(seedOf).not.toBe(firstSeed);
  const savedSeed = await seedOf();
  await visible('design-save').click();

  // Saved as a task; the view page shows the designed experiment and its field map.
  await expect(visible('experiment-status')).toHaveAttribute('data-status', 'designed', { timeout: 60_000 });
  const map = visible('field-map');
  await expect(map).toHaveAttribute('data-plots', '128');
  await expect(page.locator('.ant-descriptions', { hasText: '随机种子' }).filter({ visible: true })).toContainText(savedSeed);
  const canvas = visible('field-map-canvas');
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: 40, y: box.height - 40 } });
  await expect(visible('plot-detail')).toContainText('第 1 行 第 1 列');

  // The field book for the Field Book app: unique plot ids, one line per plot.
  const [csv] = await Promise.all([page.waitForEvent('download'), visible('fieldbook-csv').click()]);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'plot_id,plot_number,rep,block,row,column,tier,entry,germplasm_name,entry_type,generation,pedigree,location,field,year,season,experiment',
  );
  expect(lines).toHaveLength(129);
  const ids = lines.slice(1).map((l) => l.split(',')[0]);
  expect(new Set(ids).size).toBe(128);
  expect(lines.slice(1).filter((l) => l.split(',')[9] === 'check')).toHaveLength(8);
  expect(csv.suggestedFilename()).toMatch(/fieldbook\.csv$/);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), visible('fieldbook-xlsx').click()]);
  const bytes = fs.readFileSync(await xlsx.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(xlsx.suggestedFilename()).toMatch(/fieldbook\.xlsx$/);
});
