import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

const T = {
  'zh-CN': { group: '工作流', menu: '数据流水线', inserted: '新增 2', refused: '拒绝 1', rule: '不能转换为小数', loaded: '载入的数据' },
  en: { group: 'Workflow', menu: 'Data pipelines', inserted: 'Added 2', refused: 'Refused 1', rule: 'is not a valid decimal number', loaded: 'Rows loaded' },
} as const;

async function shot(page: Page, name: string) {
  if (!process.env.ETL_SHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${process.env.ETL_SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function pick(page: Page, select: import('@playwright/test').Locator, option: string | RegExp) {
  await select.click();
  // The newest dropdown is the last one; an earlier select's may still be closing.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).last().click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`pipelines (${lang}): a CSV pipeline into a business data table, run it, see the report and the loaded rows`, async ({ page }) => {
    test.setTimeout(120_000);
    const L = T[lang];
    const tag = `${lang === 'en' ? 'e' : 'z'}${Date.now().toString(36).slice(-5)}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await page.waitForTimeout(1500);
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const created = await page.request.post('/api/bpm/etl/business/create', {
      headers: { token },
      data: {
        code: `yield_${tag}`,
        name: `Yield ${tag}`,
        columns: [
          { key: 'plot', label: 'Plot', type: 'text', isKey: true },
          { key: 'yield', label: 'Yield', type: 'decimal', required: true },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await ws.openMenu(L.group, L.menu);
    await page.getByTestId('pipeline-add').click();
    await page.getByTestId('pipeline-name').fill(`Pipeline ${tag}`);
    await pick(page, page.getByTestId('pipeline-type'), `data:yield_${tag}`);
    await page.getByTestId('pipeline-valid-rows').click();
    const line0 = page.getByTestId('mapping-0');
    await line0.getByTestId('mapping-source').fill('Plot');
    await pick(page, line0.getByTestId('mapping-target'), '(plot)');
    await page.getByTestId('mapping-add').click();
    const line1 = page.getByTestId('mapping-1');
    await line1.getByTestId('mapping-source').fill('Yield');
    await pick(page, line1.getByTestId('mapping-target'), '(yield)');
    await pick(page, line1.getByTestId('mapping-convert'), lang === 'en' ? 'Decimal' : '小数');
    await shot(page, `etl-editor-${lang}`);
    await page.getByTestId('pipeline-save').click();

    const csv = 'Plot,Yield\nA-1,7.5\nA-2,heavy\nA-3,6.25\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'yield.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('run-preview').click();
    await expect(page.getByTestId('run-preview-table')).toContainText('7.5');
    await page.getByTestId('run-now').click();
    await page.getByTestId('run-history').locator('tbody tr.ant-table-row').first().click();
    const report = page.getByTestId('run-report');
    await expect(report.getByTestId('run-count-inserted')).toHaveText(L.inserted, { timeout: 30_000 });
    await expect(report.getByTestId('run-count-refused')).toHaveText(L.refused);
    await expect(report.getByTestId('run-report-table')).toContainText(L.rule);
    await shot(page, `etl-run-${lang}`);

    await page.getByTestId('run-data').first().click();
    const table = page.getByTestId('business-data-table');
    await expect(table).toContainText('A-1');
    await expect(table).toContainText('6.25');
    await expect(table).not.toContainText('A-2');
    await shot(page, `etl-data-${lang}`);
  });
}
