import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, chooseOption } from '../support/pages';

/** Calls the API as the logged-in user (the token the web app keeps). */
async function apiCall(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('bw-token') ?? '{}') as { v?: string }).v ?? '');
  const res = await page.request.fetch(url, {
    method,
    headers: { token, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return (await res.json()) as { data: any; rows: any[] };
}

test('new-experiment dialog resets on cancel and requires project, location and field; the design form checks everything on the client, suggests block counts, and designs two locations', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
  const visible = (id: string) => page.getByTestId(id).filter({ visible: true });
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await expect(page.getByTestId('side-menu')).toBeVisible();

  // Two fields of our own, at two stations.
  const station = async (code: string) =>
    (await apiCall(page, 'GET', `/api/doe/api/location/page?keyword=${code}`)).rows.find((r) => r.code === code).id as number;
  const cp = await station('BJ-CP');
  const sy = await station('HN-SY');
  const field = (locationId: number, code: string) =>
    apiCall(page, 'POST', '/api/doe/api/field/create', { locationId, name: `多点 ${code}`, code, type: 1, rows: 16, cols: 10 });
  await field(cp, `MA-${suffix}`);
  await field(sy, `MB-${suffix}`);

  // The dialog: values typed and cancelled are gone when it opens again.
  await page.goto('/doe/exp/design');
  await visible('experiment-add').click();
  const form = page.getByTestId('experiment-form');
  await form.getByLabel('试验名称', { exact: true }).fill(`取消的试验 ${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: '取 消' }).click();
  await expect(form).toBeHidden();
  await visible('experiment-add').click();
  await expect(form.getByLabel('试验名称', { exact: true })).toHaveValue('');

  // Saving without project, location and field: every required field is marked at once, without keys.
  await form.getByLabel('试验名称', { exact: true }).fill(`多点试验 ${suffix}`);
  await page.getByRole('dialog').getByRole('button', { name: '保 存' }).click();
  await expect(form).toContainText('项目必填');
  await expect(form).toContainText('地点必填');
  await expect(form).toContainText('田块必填');
  await expect(form).not.toContainText('projectId');

  await chooseOption(page, form.getByLabel('项目'), '2026', '2026 玉米产量比较试验');
  await chooseOption(page, form.getByLabel('地点'), '昌平', '昌平试验站 (BJ-CP)');
  await form.getByLabel('田块').click();
  await page.getByTitle(`多点 MA-${suffix} (MA-${suffix}) · 16×10`).click();
  await page.getByRole('dialog').getByRole('button', { name: '保 存' }).click();

  // Entries: 60 test entries and 4 checks.
  await page.getByRole('tab', { name: /参试材料/ }).click();
  await visible('entries-generate').click();
  await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click();
  await expect(visible('entries-panel')).toContainText('共 64 份材料，其中核心对照 4 份');

  // Design: rows and columns come from the field; every problem shows under its field, no error dialog.
  await page.getByRole('tab', { name: '设计与布局' }).click();
  const design = visible('design-form');
  await expect(design.getByLabel('行数', { exact: true })).toHaveValue('16');
  await expect(design.getByLabel('列数', { exact: true })).toHaveValue('10');
  await design.getByLabel('方案名称', { exact: true }).fill('');
  await design.getByLabel('行数', { exact: true }).fill('20');
  await design.getByLabel('列数', { exact: true }).fill('4');
  await visible('design-preview').click();
  await expect(design).toContainText('方案名称必填');
  await expect(design).toContainText('超出田块');
  await expect(design).toContainText('需要填写区组数');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

  // Valid block counts for the alpha lattice, from the engine's rules.
  const suggestions = visible('design-block-suggestions');
  await expect(suggestions).toContainText('8');
  await suggestions.getByText('8', { exact: true }).click();
  await expect(design.getByLabel('每重复区组数', { exact: true })).toHaveValue('8');
  await design.getByLabel('方案名称', { exact: true }).fill(`昌平 ${suffix}`);
  await design.getByLabel('行数', { exact: true }).fill('16');
  await design.getByLabel('列数', { exact: true }).fill('8');
  await visible('design-preview').click();
  await expect(visible('preview-map')).toHaveAttribute('data-plots', '128');
  await visible('design-save').click();
  await expect(visible('experiment-status')).toHaveAttribute('data-status', 'designed', { timeout: 60_000 });

  // A second location with its own design and randomisation.
  await visible('experiment-open-edit').click();
  await page.getByRole('tab', { name: '设计与布局' }).click();
  await visible('design-site-add').click();
  const siteForm = page.getByTestId('design-site-form');
  await chooseOption(page, siteForm.getByLabel('地点'), '三亚', '三亚南繁基地 (HN-SY)');
  await siteForm.getByLabel('田块').click();
  await page.getByTitle(`多点 MB-${suffix} (MB-${suffix}) · 16×10`).click();
  await page.getByRole('dialog').getByRole('button', { name: '保 存' }).click();
  await expect(visible('design-site-field')).toContainText('三亚南繁基地');
  await expect(design.getByLabel('行数', { exact: true })).toHaveValue('16');
  await design.getByLabel('列数', { exact: true }).fill('8');
  await design.getByLabel('每重复区组数', { exact: true }).fill('8');
  await visible('design-preview').click();
  await expect(visible('preview-map')).toHaveAttribute('data-plots', '128');
  await visible('design-save').click();
  await expect(visible('experiment-status')).toHaveAttribute('data-status', 'designed', { timeout: 60_000 });
  await expect(visible('map-sites')).toContainText('三亚南繁基地');
  await visible('map-sites')
    .getByText(/三亚南繁基地/)
    .click();
  await expect(visible('field-map')).toHaveAttribute('data-plots', '128');
});
