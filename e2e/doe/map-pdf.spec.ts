// Issue 14 item 7: "Export PDF" of the field map is a dropdown button with a caret that opens on click
// (not on hover), and each paper size downloads the map as a PDF.
import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn } from '../system/helpers';

test('the field map "Export PDF" opens on click, shows a caret, offers A3 and A4 and downloads the PDF; the field lists the experiment', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const token = await apiToken(page, 'admin');
  // An experiment of its own: 3 entries (one a check), 2 reps on a 2 x 4 field.
  const project = await call(page, token, 'POST', '/api/doe/api/project/create', { name: `E2E 地图项目 ${tag}`, code: `E2E-MP-${tag}` });
  const loc = await call(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 地图站 ${tag}`, code: `E2E-MAP-${tag}` });
  const field = await call(page, token, 'POST', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `E2E 地图田 ${tag}`,
    code: `MF-${tag}`,
    type: 1,
    rows: 2,
    cols: 4,
  });
  const accessions = [];
  for (let i = 1; i <= 3; i++)
    accessions.push(
      await call(page, token, 'POST', '/api/germ/api/germplasm/create', { accessionNo: `E2EM${tag}-${i}`, name: `E2E 地图系 ${tag}-${i}`, type: 'inbred' }),
    );
  const exp = await call(page, token, 'POST', '/api/doe/api/experiment/create', {
    name: `E2E 地图试验 ${tag}`,
    code: `E2E-MX-${tag}`,
    year: 2026,
    season: 'spring',
    designMethod: 'rcbd',
    reps: 2,
    projectId: project.id,
    locationId: loc.id,
    fieldId: field.id,
  });
  await call(page, token, 'POST', '/api/doe/api/experiment/bank/add', {
    id: exp.id,
    accessions: accessions.map((a, i) => ({ germplasmId: a.id, type: i === 2 ? 'check' : 'test' })),
  });
  const params = { id: exp.id, planName: 'E2E 地图', designMethod: 'rcbd', reps: 2, rows: 2, cols: 4, filler: 'Filler' };
  const preview = await call<{ seed: number }>(page, token, 'POST', '/api/doe/api/experiment/preview', params);
  const { taskId } = await call<{ taskId: number }>(page, token, 'POST', '/api/doe/api/experiment/design', { ...params, seed: preview.seed });
  await expect
    .poll(async () => (await call<{ status: string }>(page, token, 'GET', `/api/common/task/detail/${taskId}`)).status, { timeout: 60_000 })
    .toBe('succeeded');

  const { ctx, page: p } = await signedIn(browser, token, 'zh-CN');
  await p.goto(`/doe/exp/design/viewExperiment/${exp.id}`);
  const button = p.getByTestId('map-pdf').filter({ visible: true });
  await expect(button).toHaveText(/导出 PDF/);
  // The caret says it opens a menu.
  await expect(button.locator('.anticon-down')).toBeVisible();
  const menu = p.locator('.ant-dropdown:visible');
  const a4 = menu.getByRole('menuitem', { name: 'A4', exact: true });
  // Hovering does not open it...
  await button.hover();
  await p.waitForTimeout(800);
  await expect(menu).toHaveCount(0);
  // ...a click does, with both paper sizes.
  await button.click();
  await expect(menu.getByRole('menuitem', { name: 'A3', exact: true })).toBeVisible();
  await expect(a4).toBeVisible();
  const [res] = await Promise.all([p.waitForResponse((r) => r.url().includes(`/api/doe/api/experiment/map/${exp.id}`)), a4.click()]);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.url()).toContain('paper=A4');
  // The menu closes after the choice.
  await expect(menu).toHaveCount(0);

  // The field lists the experiment with its crop and its plots there (issue 14 item 1), and opens it.
  await p.setViewportSize({ width: 1280, height: 720 });
  await p.goto(`/doe/exp/location/viewField?id=${field.id}`);
  const onField = p.getByTestId('field-experiments').filter({ visible: true });
  const row = onField.locator('.ant-table-row', { hasText: `E2E-MX-${tag}` });
  await expect(row).toContainText('玉米');
  await expect(row).toContainText('2026 春季');
  await expect(row.locator('td').last()).toHaveText('8');
  await shot(p, 'field-view-1280', 'zh-CN');
  await row.getByRole('button', { name: `E2E-MX-${tag}` }).click();
  await expect(p.getByTestId('map-pdf').filter({ visible: true })).toBeVisible();
  await ctx.close();
});
