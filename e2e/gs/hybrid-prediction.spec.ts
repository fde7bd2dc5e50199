import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace, chooseOption } from '../support/pages';

/**
 * Hybrid prediction in both languages: upload a hybrid dataset (the small Technow set committed with the
 * engine: 324 dent x flint hybrids, the PLINK .zip of their 55 parents, the pedigree), run a GCA task as a
 * job, see GCA of both pools and the heat map of pool 1 x pool 2, export the predictions and the hybrid
 * template, and predict a filled template. Screenshots land in test-results/shots for review.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, '../../packages/genomics/test-data/hybrid/small', name);

const shot = async (page: Page, name: string) => {
  await expect(page.locator('.bw-error-boundary, [data-testid="page-error"]')).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `test-results/shots/gs-hybrid-${name}.png` });
};

const T = {
  zh: { group: '基因组选择', dataset: '数据集', hybrid: '杂交种预测', hybrids: '杂交种', run: '运 行', untested: '未测组合' },
  en: { group: 'Genomic selection', dataset: 'Datasets', hybrid: 'Hybrid prediction', hybrids: 'Hybrids', run: 'Run', untested: 'Untested crosses' },
};

for (const lang of ['zh', 'en'] as const) {
  test(`hybrid prediction: upload a hybrid dataset, run GCA, heat map, export and import the hybrid template (${lang})`, async ({ page }, info) => {
    test.setTimeout(420_000);
    const L = T[lang];
    const tag = `${lang}${Date.now().toString(36).slice(-5)}`;
    const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.waitForTimeout(1500);
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    const ws = new Workspace(page);
    if (lang === 'en') await ws.switchLanguage('English');

    // 1. Upload the hybrid dataset: hybrids' phenotypes, parents' PLINK .zip, pedigree.
    await ws.openMenu(L.group, L.dataset);
    await visible('dataset-add').click();
    const form = page.getByTestId('dataset-form');
    await form.getByTestId('dataset-type').getByText(L.hybrids, { exact: true }).click();
    await form.locator('input#name').fill(`Hyb-${tag}`);
    await form.locator('[data-testid="dataset-traits"]').click();
    await page.keyboard.type('GY');
    await page.keyboard.press('Enter');
    await page.keyboard.type('GM');
    await page.keyboard.press('Enter');
    const csvInputs = form.locator('input[type=file][accept=".csv"]');
    await expect(csvInputs).toHaveCount(2);
    await csvInputs.nth(0).setInputFiles(fixture('hybrid_pheno.csv'));
    await form.locator('input[type=file][accept=".zip"]').setInputFiles(fixture('hybrid_parents.zip'));
    await csvInputs.nth(1).setInputFiles(fixture('hybrid_pedigree.csv'));
    await shot(page, `${lang}-upload`);
    await page.getByTestId('dataset-submit').click();
    const detail = visible('dataset-detail');
    await expect(detail).toBeVisible({ timeout: 60_000 });
    await expect(detail).toContainText('1,774');
    await expect(detail).toContainText('324');
    await expect(detail).toContainText('hybrid_pedigree.csv');
    await shot(page, `${lang}-dataset`);

    // 2. Run a GCA task (GCA + SCA) from the dataset page, follow it to finished.
    await detail.getByTestId('dataset-gca').click();
    const gform = page.getByTestId('gca-form');
    await gform.locator('input#name').fill(`GCA-${tag}`);
    await chooseOption(page, gform.getByTestId('gca-trait'), 'GY', /^GY \(n (= )?324\)$/);
    await page.locator('.ant-modal-footer').filter({ visible: true }).getByRole('button', { name: L.run, exact: true }).click();
    const gdetail = visible('gca-detail');
    await expect(gdetail).toHaveAttribute('data-status', 'finished', { timeout: 240_000 });
    await expect(gdetail.getByTestId('gca1-table')).toBeVisible();
    await expect(gdetail.getByTestId('gca2-table').locator('.ant-table-row')).toHaveCount(10);
    const heat = gdetail.getByTestId('gca-heatmap');
    await expect(heat).toHaveAttribute('data-chart', 'ready');
    await expect(heat.locator('svg path').first()).toBeVisible();
    await expect(gdetail.locator('.ant-pagination-total-text', { hasText: lang === 'zh' ? '共 426 个组合' : '426 crosses' })).toBeVisible();
    await shot(page, `${lang}-detail`);
    await heat.scrollIntoViewIfNeeded();
    await shot(page, `${lang}-heatmap`);

    // 3. Export the predictions and the hybrid template; import three crosses of it back.
    const exported = page.waitForEvent('download');
    await gdetail.getByTestId('gca-export').click();
    expect((await exported).suggestedFilename()).toBe(`GCA-${tag}.csv`);
    const tplDownload = page.waitForEvent('download');
    await gdetail.getByTestId('gca-template').click();
    const tpl = await tplDownload;
    expect(tpl.suggestedFilename()).toBe(`GCA-${tag}_hybrid_template.csv`);
    const lines = fs
      .readFileSync(await tpl.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('female,male');
    expect(lines).toHaveLength(427);
    const filled = info.outputPath('crosses.csv');
    fs.writeFileSync(filled, [lines[0], lines[1], lines[2], lines[3]].join('\n') + '\n');
    await gdetail.locator('input[type=file][accept=".csv"]').setInputFiles(filled);
    await expect(gdetail.getByTestId('import-table').locator('.ant-table-row')).toHaveCount(3);
    await expect(gdetail.getByTestId('import-table')).toContainText(lines[1].split(',')[0]);

    // 4. The list: the task with its pools and untested crosses; the smaller screen.
    await ws.openMenu(L.group, L.hybrid);
    const row = visible('gca-table').locator('.ant-table-row', { hasText: `GCA-${tag}` });
    await expect(row.getByTestId('gs-state')).toHaveAttribute('data-state', 'finished');
    await expect(row).toContainText('426');
    await shot(page, `${lang}-list`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await row.getByTestId('gca-link').click();
    await expect(visible('gca-detail').getByTestId('gca-heatmap')).toHaveAttribute('data-chart', 'ready');
    await shot(page, `${lang}-detail-1280`);
  });
}
