import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn } from '../system/helpers';

/**
 * Issue 14 item 14: the administrator sets the maize accession series, then registrations take its next
 * number or a number typed by hand. Serial: the series is organisation-wide state (restored at the end).
 */
test('set the accession number series, register with the automatic number and with a manual one', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const admin = await apiToken(page, 'admin');
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  const prefix = `EZ${letters}`;
  const maize = (
    await call<{ cropId: number; cropCode: string; prefix: string; digits: number }[]>(page, admin, 'GET', '/api/germ/api/accessionSeries/list')
  ).find((r) => r.cropCode === 'maize')!;

  for (const lang of ['zh-CN', 'en'] as const) {
    const en = lang === 'en';
    const { ctx, page: p } = await signedIn(browser, admin, lang);
    await p.goto('/germ/series');
    const table = p.getByTestId('series-table');
    await expect(table.locator('.ant-table-row')).toHaveCount(4);
    for (const width of [1440, 1280]) {
      await p.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
      await shot(p, `accession-series-${width}`, lang);
    }
    if (!en) {
      await p.getByTestId('series-edit-maize').click();
      const form = p.getByTestId('series-form');
      // Checked on the client from the contract: a prefix must start with a letter.
      await form.getByLabel('前缀').fill('9X');
      await expect(form.locator('.ant-form-item-explain-error')).toBeVisible();
      await form.getByLabel('前缀').fill(prefix);
      await form.getByLabel('数字位数').fill('4');
      await expect(p.getByTestId('series-sample')).toContainText(`${prefix}0001`);
      await shot(p, 'accession-series-edit', lang);
      await p.getByRole('button', { name: '保 存' }).click();
      await expect(table.locator('.ant-table-row', { hasText: '玉米' })).toContainText(`${prefix}0001`);
      await expect(table.locator('.ant-table-row', { hasText: '玉米' })).toContainText('已设置');
    }

    // Register without a number: the form shows the next one, the record receives it.
    await p.goto('/germ/germplasm');
    await p.getByTestId('germplasm-add').click();
    const form = p.getByTestId('germplasm-form');
    const expected = `${prefix}${en ? '0002' : '0001'}`;
    await expect(form.getByTestId('accession-auto')).toContainText(expected);
    await shot(p, 'germplasm-register-auto', lang);
    await form.getByLabel(en ? 'Name' : '名称', { exact: true }).fill(`Auto ${prefix} ${lang}`);
    await p.getByRole('button', { name: en ? 'Save' : '保 存' }).click();
    const view = p.getByTestId('germplasm-view');
    await expect(view).toContainText(expected);
    await ctx.close();
  }

  // A manual number is kept; a malformed one is refused under its field.
  const { ctx, page: p } = await signedIn(browser, admin, 'zh-CN');
  await p.goto('/germ/germplasm');
  await p.getByTestId('germplasm-add').click();
  const form = p.getByTestId('germplasm-form');
  await form.getByLabel('种质编号').fill('bad number/1');
  await form.getByLabel('名称', { exact: true }).fill(`Manual ${prefix}`);
  await p.getByRole('button', { name: '保 存' }).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await form.getByLabel('种质编号').fill(`${prefix}-M1`);
  await p.getByRole('button', { name: '保 存' }).click();
  await expect(p.getByTestId('germplasm-view')).toContainText(`${prefix}-M1`);
  await ctx.close();

  await call(page, admin, 'PUT', '/api/germ/api/accessionSeries/save', { cropId: maize.cropId, prefix: maize.prefix, digits: maize.digits });
});
