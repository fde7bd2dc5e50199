import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

/** Every DOE screen renders in both languages without an error (screenshots land in test-results/shots for review). */
const shot = async (page: Page, name: string) => {
  await expect(page.locator('.bw-error-boundary, [data-testid="page-error"]')).toHaveCount(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `test-results/shots/doe-${name}.png` });
};

for (const lang of ['zh', 'en'] as const) {
  test(`DOE screens render (${lang})`, async ({ page }) => {
    test.setTimeout(360_000);
    const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    // Notices pop up after login; close them so they do not cover the header.
    await page.waitForTimeout(1500);
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    if (lang === 'en') await new Workspace(page).switchLanguage('English');
    await page.goto('/dashboard');
    await expect(visible('doe-widget')).toBeVisible();
    await visible('doe-widget').scrollIntoViewIfNeeded();
    await shot(page, `${lang}-dashboard`);

    await page.goto('/doe/exp/location');
    await expect(visible('location-table')).toBeVisible();
    await shot(page, `${lang}-locations`);
    await visible('location-mode')
      .getByText(lang === 'en' ? 'Map' : '地图')
      .click();
    await expect(visible('location-map-canvas').locator('canvas').first()).toBeVisible();
    await shot(page, `${lang}-locations-map`);
    await visible('location-mode')
      .getByText(lang === 'en' ? 'List' : '列表')
      .click();
    await visible('location-table').locator('.ant-table-row', { hasText: 'BJ-CP' }).getByTestId('location-fields').click();
    await expect(visible('field-table')).toContainText('CP-01');
    await shot(page, `${lang}-fields`);
    await visible('field-table').locator('.ant-table-row', { hasText: 'CP-01' }).locator('a').first().click();
    await expect(visible('field-view')).toBeVisible();
    await shot(page, `${lang}-field-dialog`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.goto('/doe/germplasm/location');
    await shot(page, `${lang}-germplasm-locations`);

    await page.goto('/doe/exp/design');
    await expect(visible('experiment-table')).toContainText('E2026-PYT01');
    await shot(page, `${lang}-experiments`);
    await visible('experiment-table').getByText('2026 昌平玉米初级产量比较试验').click();
    await expect(visible('field-map')).toHaveAttribute('data-plots', '120');
    await shot(page, `${lang}-experiment-view`);
    await visible('experiment-open-edit').click();
    await page
      .getByRole('tab', { name: lang === 'en' ? 'Design and layout' : '设计与布局' })
      .filter({ visible: true })
      .click();
    await visible('design-preview').click();
    await expect(visible('preview-map')).toBeVisible();
    await shot(page, `${lang}-experiment-design`);
    await page
      .getByRole('tab', { name: lang === 'en' ? 'Information' : '试验信息' })
      .filter({ visible: true })
      .click();
    await shot(page, `${lang}-experiment-info`);

    for (const [path, name] of [
      ['/doe/team', 'teams'],
      ['/doe/project', 'projects'],
      ['/doe/exp/germList', 'planting-lists'],
      ['/doe/exp/harvest', 'harvest-lists'],
      ['/doe/germplasm/design', 'germ-designs'],
      ['/doe/germplasm/design/editDesign/0', 'germ-design-edit'],
      ['/doe/nursery/entries', 'entry-groups'],
      ['/doe/activity/category', 'activity-categories'],
      ['/doe/activity/record', 'activity-records'],
      ['/doe/exp/location/viewField?id=1', 'field-blocks'],
      ['/doe/exp/location/viewLocation?id=1', 'location-view'],
      ['/doe/germplasm/design/viewDesign/1', 'germ-design-view'],
      ['/doe/nursery/entries/viewGroup/1', 'entry-group-view'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('.bw-page .ant-card').filter({ visible: true }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, `${lang}-${name}`);
    }
  });
}
