import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace, chooseOption } from '../support/pages';

/**
 * Datasets from other sources and candidates sent on, in both languages: the demo's wheat dataset and
 * prediction are there; two uploads of the wheat set merge into one dataset (same build, same markers);
 * a dataset from platform data is refused with the server's message when the panel shares no sample with
 * the experiment; the demo prediction's candidates go to a planting list, refused because the wheat lines
 * have no germplasm record. Screenshots land in test-results/shots.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures', name);

const shot = async (page: Page, name: string) => {
  await expect(page.locator('.bw-error-boundary, [data-testid="page-error"]')).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `test-results/shots/gs-sources-${name}.png` });
};

const T = {
  zh: { group: '基因组选择', dataset: '数据集', evaluation: '选择与指数评估', noOverlap: '没有共同样品', noGerm: '没有种质记录' },
  en: { group: 'Genomic selection', dataset: 'Datasets', evaluation: 'Selection index', noOverlap: 'share no sample', noGerm: 'no germplasm record' },
};

for (const lang of ['zh', 'en'] as const) {
  test(`genomic selection: demo data, merge two datasets, from platform data, candidates to a planting list (${lang})`, async ({ page }) => {
    test.setTimeout(300_000);
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

    // The demo's wheat dataset.
    await ws.openMenu(L.group, L.dataset);
    await expect(visible('dataset-table')).toContainText('小麦 599 示范数据集');

    // Two uploads of the wheat set.
    for (const name of [`A-${tag}`, `B-${tag}`]) {
      await ws.openMenu(L.group, L.dataset);
      await visible('dataset-add').click();
      const form = page.getByTestId('dataset-form');
      await form.locator('input#name').fill(name);
      await form.locator('[data-testid="dataset-traits"]').click();
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await form.locator('input[type=file][accept=".csv"]').setInputFiles(fixture('wheat_pheno.csv'));
      await form.locator('input[type=file][accept=".zip"]').setInputFiles(fixture('wheat.zip'));
      await page.getByTestId('dataset-submit').click();
      await expect(visible('dataset-detail')).toContainText('599', { timeout: 60_000 });
    }

    // Merge them.
    await ws.openMenu(L.group, L.dataset);
    await visible('dataset-add-more').click();
    await page.getByTestId('dataset-add-merge').click();
    const merge = page.getByTestId('compose-form');
    await merge.getByTestId('compose-name').fill(`M-${tag}`);
    await chooseOption(page, merge.getByTestId('compose-datasets'), `A-${tag}`, new RegExp(`A-${tag}`));
    await chooseOption(page, merge.getByTestId('compose-datasets'), `B-${tag}`, new RegExp(`B-${tag}`));
    await page.keyboard.press('Escape');
    await expect(merge.locator('.ant-select-selection-item')).toHaveCount(2);
    await shot(page, `${lang}-merge`);
    await page.getByTestId('compose-submit').click();
    const detail = visible('dataset-detail');
    await expect(detail).toContainText(`M-${tag}`, { timeout: 120_000 });
    await expect(detail).toContainText('1,279');
    await expect(detail.getByTestId('dataset-origin')).toHaveText(lang === 'zh' ? '两个数据集合并' : 'Merge of two datasets');

    // From platform data: the wheat panel shares no sample with the maize trial.
    await ws.openMenu(L.group, L.dataset);
    await visible('dataset-add-more').click();
    await page.getByTestId('dataset-add-system').click();
    const sys = page.getByTestId('compose-form');
    await sys.getByTestId('compose-name').fill(`S-${tag}`);
    await chooseOption(page, sys.getByTestId('compose-panel'), `A-${tag}`, new RegExp(`A-${tag}`));
    await chooseOption(page, sys.getByTestId('compose-experiments'), 'E2025-PYT01', /E2025-PYT01/);
    await page.keyboard.press('Escape');
    await chooseOption(page, sys.getByTestId('compose-traits'), 'PH', /^PH/);
    await page.keyboard.press('Escape');
    await shot(page, `${lang}-system`);
    await page.getByTestId('compose-submit').click();
    await expect(page.getByTestId('compose-error')).toContainText(L.noOverlap);
    await page.keyboard.press('Escape');

    // The demo prediction's candidates to a planting list.
    await ws.openMenu(L.group, L.evaluation);
    const ev = visible('evaluation-page');
    await chooseOption(page, ev.getByTestId('evaluation-prediction'), '小麦 GEBV', /小麦 GEBV 示范/);
    await ev.getByTestId('evaluation-select').locator('xpath=descendant-or-self::input').fill('3');
    await ev.getByTestId('evaluation-compute').click();
    await expect(ev.getByTestId('index-table').locator('.ant-table-row').first()).toBeVisible();
    if (await ev.getByTestId('evaluation-add').isEnabled()) await ev.getByTestId('evaluation-add').click();
    await expect(ev.getByTestId('candidate-table').locator('.ant-table-row').first()).toBeVisible();
    await ev.getByTestId('candidates-planting').click();
    await page.getByTestId('planting-name').fill(`GS-${tag}`);
    await shot(page, `${lang}-planting`);
    await page.getByTestId('planting-submit').click();
    await expect(page.getByTestId('planting-error')).toContainText(L.noGerm);
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, `${lang}-planting-1280`);
  });
}
