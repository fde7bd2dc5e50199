import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

/**
 * Genome builds of the gene-selection pages in both languages: the build selector sits in the header of
 * every page under /gs (and nowhere else); choosing another build there makes the pages follow (the
 * genotype panels of the genome builds screen are the current build's: the demo's Technow maize set is on
 * B73 RefGen_v5); a crop without builds gets the prompt to define one. Screenshots in test-results/shots.
 */
const shot = async (page: Page, name: string) => {
  await expect(page.locator('.bw-error-boundary, [data-testid="page-error"]')).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `test-results/shots/gs-gws-${name}.png` });
};

const T = {
  zh: {
    group: '基因组选择',
    entry: '基因组版本',
    datasets: '数据集',
    builds: '版本',
    panels: '基因型面板',
    projects: '项目',
    v4: 'B73 RefGen_v4 (B73_RefGen_v4)',
    v5: 'B73 RefGen_v5 (B73_RefGen_v5)',
    soybean: '大豆',
    maize: '玉米',
  },
  en: {
    group: 'Genomic selection',
    entry: 'Genome builds',
    datasets: 'Datasets',
    builds: 'Builds',
    panels: 'Genotype panels',
    projects: 'Projects',
    v4: 'B73 RefGen_v4 (B73_RefGen_v4)',
    v5: 'B73 RefGen_v5 (B73_RefGen_v5)',
    soybean: 'Soybean',
    maize: 'Maize',
  },
};
const DEMO_HYBRID = '玉米 Technow 杂交种示范';

for (const lang of ['zh', 'en'] as const) {
  test(`genome builds: the header selector on gene-selection pages, the panels follow it, the no-build prompt (${lang})`, async ({ page }, info) => {
    test.setTimeout(240_000);
    const L = T[lang];
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    const ws = new Workspace(page);
    if (lang === 'en') await ws.switchLanguage('English');
    // Not a gene-selection page: no build selector in the header.
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('header-build')).toHaveCount(0);

    await ws.openMenu(L.group, L.entry);
    const header = page.getByTestId('header-build');
    await expect(header.getByTestId('genome-build-select')).toContainText(L.v5);
    await expect(page.getByTestId('gws-builds')).toContainText('B73_RefGen_v4');
    await shot(page, `builds-${lang}-${info.project.name}`);

    await page.getByRole('tab', { name: L.panels }).click();
    const panels = page.getByTestId('gws-panels');
    await expect(page.getByTestId('gws-panels-build')).toContainText('B73 RefGen_v5');
    await expect(panels).toContainText(DEMO_HYBRID);
    await shot(page, `panels-${lang}-${info.project.name}`);

    // Another build in the header: the panel list follows it (the demo panels are on v5).
    await header.getByTestId('genome-build-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText(L.v4).click();
    await expect(page.getByTestId('gws-panels-build')).toContainText('B73 RefGen_v4');
    await expect(panels).not.toContainText(DEMO_HYBRID);
    await page.getByRole('tab', { name: L.builds, exact: true }).click();
    await expect(page.getByTestId('gws-builds').locator('tr', { hasText: 'B73_RefGen_v4' }).getByTestId('gws-current-tag')).toBeVisible();
    // Back to v5 from the builds tab: the header follows the page too.
    await page.getByTestId('gws-builds').locator('tr', { hasText: 'B73_RefGen_v5' }).getByTestId('gws-set-current').click();
    await expect(header.getByTestId('genome-build-select')).toContainText(L.v5);
    await page.getByRole('tab', { name: L.panels }).click();
    await expect(panels).toContainText(DEMO_HYBRID);

    await page.getByRole('tab', { name: L.projects }).click();
    await expect(page.getByTestId('gws-projects')).toContainText('PH');
    await shot(page, `projects-${lang}-${info.project.name}`);

    // The selector is in the header of the other gs pages as well.
    await ws.openMenu(L.group, L.datasets);
    await expect(header.getByTestId('genome-build-select')).toContainText(L.v5);

    // A crop without a genome build (soybean in the demo): the header prompts to define one.
    await page.getByTestId('crop-switcher').click();
    await page.locator('.ant-select-dropdown:visible').getByText(L.soybean, { exact: true }).click();
    await expect(page.getByTestId('build-go-define')).toBeVisible();
    await shot(page, `no-build-prompt-${lang}-${info.project.name}`);
    await page.getByTestId('build-prompt-cancel').click();
    await expect(header.getByTestId('genome-build-missing')).toBeVisible();
    // The screen stays open in its tab (on the projects tab): the builds tab offers to define one.
    await ws.openMenu(L.group, L.entry);
    await page.getByRole('tab', { name: L.builds, exact: true }).click();
    await expect(page.getByTestId('gws-no-build')).toBeVisible();
    await header.getByTestId('genome-build-missing').click();
    await page.getByTestId('build-go-define').click();
    await expect(page.getByTestId('build-card')).toBeVisible();
    // Leave the session on maize.
    await page.getByTestId('crop-switcher').click();
    await page.locator('.ant-select-dropdown:visible').getByText(L.maize, { exact: true }).click();
  });
}
