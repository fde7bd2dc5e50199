import { expect, test } from '@playwright/test';
import { LoginScreen, Workspace } from '../support/pages';

/**
 * The design screen with its problems listed under their fields, at 1440 x 900 and 1280 x 720, in both
 * languages (screenshots in test-results/shots for review). Serial: it switches the admin's language
 * and switches it back.
 */
test('design screen screenshots in both languages at 1440 x 900 and 1280 x 720', async ({ page }) => {
  test.setTimeout(180_000);
  const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('bw-token') ?? '{}') as { v?: string }).v ?? '');
  const found = await page.request.get('/api/doe/api/experiment/page?keyword=E2026-PYT01', { headers: { token } });
  const id = ((await found.json()) as { rows: { id: number; code: string }[] }).rows.find((r) => r.code === 'E2026-PYT01')!.id;
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await new Workspace(page).switchLanguage('English');
    await page.goto(`/doe/exp/design/editExperiment/${id}`);
    await page.getByRole('tab', { name: lang === 'en' ? 'Design and layout' : '设计与布局' }).click();
    const design = visible('design-form');
    await design.getByLabel(lang === 'en' ? 'Plan name' : '方案名称', { exact: true }).fill('');
    await visible('design-preview').click();
    await expect(design).toContainText(lang === 'en' ? 'Plan name is required' : '方案名称必填');
    for (const [w, h] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await expect(visible('design-sites')).toBeVisible();
      await page.screenshot({ path: `test-results/shots/doe-design-${lang}-${w}x${h}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await new Workspace(page).switchLanguage('简体中文');
});
