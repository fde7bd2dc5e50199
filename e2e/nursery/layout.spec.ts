import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

const L = {
  'zh-CN': { layoutTab: '田间布局', entriesTab: '材料', placed: '已排布材料', generation: '不是 F、D 或 BC 形式', added: '已添加' },
  en: { layoutTab: 'Field map', entriesTab: 'Entries', placed: 'Entries laid out', generation: 'is not in F, D or BC form', added: 'Added' },
} as const;

const shots = process.env.E2E_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${shots}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A nursery on a new 10 x 6 field with four F4 entries from a planting list (through the API). */
async function nurseryOnField(request: APIRequestContext, token: string, tag: string) {
  const call = async (url: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/${url}`, { headers: { token }, data });
    expect(res.ok(), url).toBe(true);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const locationId = await call('doe/api/location/create', { name: `Layout ${tag}`, code: `LS${tag}` });
  const fieldId = await call('doe/api/field/create', { locationId, name: `F${tag}`, code: `F${tag}`, type: 1, rows: 10, cols: 6 });
  const list = await call('doe/api/germList/create', {
    name: `Layout list ${tag}`,
    type: 'nursery',
    entries: [1, 2, 3, 4].map((i) => ({ entryId: i, materialName: `LY${tag}-${i}`, generation: 'F4' })),
  });
  const activityId = await call('nursery/api/activity/create', { name: `Layout ${tag}`, code: `LY${tag}`, year: 2026, season: 'autumn', fieldId });
  await call('nursery/api/entry/fromList', { activityId, germListId: list });
  return { activityId, code: `LY${tag}` };
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: lay a nursery out on its field, see the map, print plot labels, import entries with a bad row`, async ({ page }) => {
    test.setTimeout(180_000);
    const l = L[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const x = await nurseryOnField(page.request, token, tag);

    await page.goto(`/nursery/nursery/design/viewActivity/${x.activityId}`);
    await page.getByRole('tab', { name: l.layoutTab }).click();
    await page.getByTestId('nursery-layout-open').click();
    await page.getByTestId('nursery-layout-rows').fill('2');
    await shoot(page, `nursery-layout-form-${lang}`);
    await page.getByTestId('nursery-layout-ok').click();
    await expect(page.getByTestId('nursery-layout-placed')).toHaveText('4');
    await expect(page.getByTestId('nursery-field-map-canvas')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await shoot(page, `nursery-layout-map-${lang}`);

    const pdf = page.waitForResponse((r) => r.url().includes('/api/nursery/api/entry/labels') && r.request().method() === 'POST');
    const popup = page.waitForEvent('popup').catch(() => null);
    await page.getByTestId('nursery-plot-labels').click();
    await page.getByRole('dialog').getByRole('button').last().click();
    const res = await pdf;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    await (await popup)?.close();

    // Entries from a file: one bad generation refuses the whole file with its row.
    await page.getByRole('tab', { name: l.entriesTab, exact: true }).click();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Entries');
    sheet.addRow(['Name', 'Generation', 'Pedigree']);
    sheet.addRow([`NEW${tag}-1`, 'F2', 'A/B']);
    sheet.addRow([`NEW${tag}-2`, 'X9', null]);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('entry-import').click();
    await (
      await chooser
    ).setFiles({
      name: 'entries.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    const report = page.getByTestId('entry-import-report');
    await expect(report).toContainText(l.generation);
    await expect(report).toContainText('X9');
    await shoot(page, `nursery-entry-import-${lang}`);
    await page.keyboard.press('Escape');
    sheet.getRow(3).getCell(2).value = 'F3';
    const again = page.waitForEvent('filechooser');
    await page.getByTestId('entry-import').click();
    await (
      await again
    ).setFiles({
      name: 'entries.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await expect(page.getByTestId('nursery-entry-table').getByTestId('table-total')).toContainText('6');

    // An entry straight from the germplasm bank, found by its name.
    await page.getByTestId('entry-from-germplasm').click();
    await page.getByTestId('entry-germplasm-select').click();
    await page.keyboard.type('郑58');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: / 郑58$/ })
      .first()
      .click();
    // The open dropdown of a multiple select covers the dialog's buttons: close it by clicking the title.
    await page.locator('.ant-modal-title:visible').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.getByTestId('entry-from-germplasm-ok').click();
    await expect(page.getByTestId('nursery-entry-table').getByTestId('table-total')).toContainText('7');
    await expect(page.getByTestId('nursery-entry-table')).toContainText('郑58');

    // The new entries are not on the field until laid out again.
    await page.getByRole('tab', { name: l.layoutTab }).click();
    await expect(page.getByTestId('nursery-layout-unplaced')).toBeVisible();
  });
}
