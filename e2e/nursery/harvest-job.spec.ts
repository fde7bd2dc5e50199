import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseOption, LoginScreen, Workspace } from '../support/pages';

const L = {
  'zh-CN': {
    place: '库位',
    quantity: '每批数量',
    save: /^保 ?存$/,
    pollinationsTab: '授粉',
    reportTitle: '杂交组合清单未导入',
    selfCross: '不能与自身杂交',
    unknown: '不是本苗圃的材料',
    germ: '种质资源',
    inventory: '库存',
    chain: 'DH-2026-01',
  },
  en: {
    place: 'Storage place',
    quantity: 'Quantity per lot',
    save: /^Save$/,
    pollinationsTab: 'Pollinations',
    reportTitle: 'Cross list not planned',
    selfCross: 'cannot be crossed with itself',
    unknown: 'is not an entry of this nursery',
    germ: 'Germplasm',
    inventory: 'Seed inventory',
    chain: 'DH-2026-01',
  },
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

/** A nursery (through the API) of two F6 entries and one F1 selfed `count` times, recorded successful and finished. */
async function selfed(request: APIRequestContext, token: string, tag: string, count: number) {
  const call = async (method: 'post' | 'put' | 'get', url: string, data: Record<string, unknown>) => {
    const res = await request[method](`/api/${url}`, { headers: { token }, ...(method === 'get' ? { params: data as Record<string, string> } : { data }) });
    expect(res.ok(), url).toBe(true);
    return (await res.json()) as { data: { id: number }; rows: { id: number }[] };
  };
  const list = await call('post', 'doe/api/germList/create', {
    name: `HJ list ${tag}`,
    type: 'nursery',
    entries: [
      { entryId: 1, materialName: `HA${tag}`, generation: 'F6' },
      { entryId: 2, materialName: `HB${tag}`, generation: 'F6' },
      { entryId: 3, materialName: `HC${tag}`, generation: 'F1', pedigree: `HA${tag}/HB${tag}` },
    ],
  });
  const act = await call('post', 'nursery/api/activity/create', { name: `Harvest ${tag}`, code: `H${tag}`, year: 2026, season: 'summer', maxMales: 1 });
  const activityId = act.data.id;
  await call('post', 'nursery/api/entry/fromList', { activityId, germListId: list.data.id });
  const entries = (await call('get', 'nursery/api/entry/page', { activityId: String(activityId) })).rows;
  for (let i = 0; i < count; i += 100) {
    await call('post', 'nursery/api/pollination/planSelf', { activityId, type: 'self', entryIds: Array(Math.min(100, count - i)).fill(entries[2].id) });
  }
  const ids: number[] = [];
  for (let p = 1; ids.length < count; p++) {
    ids.push(
      ...(await call('get', 'nursery/api/pollination/page', { activityId: String(activityId), pageNum: String(p), pageSize: '100' })).rows.map((r) => r.id),
    );
  }
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    await call('put', 'nursery/api/pollination/record', { ids: chunk, date: '2026-07-15', person: 'Li', bags: 1, result: 'success' });
    await call('put', 'nursery/api/pollination/finish', { ids: chunk });
  }
  return { activityId, code: `H${tag}` };
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: harvest all waiting pollinations as a task with progress, print harvest labels, a cross list with refused rows, the D1 lot's DH chain`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const l = L[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const x = await selfed(page.request, token, tag, 210);

    // More than the synchronous harvest takes: every waiting pollination, as a background task.
    await page.goto(`/nursery/nursery/obtain/viewObtain/${x.activityId}`);
    await expect(page.getByTestId('harvest-all')).toContainText('210');
    await page.getByTestId('harvest-all').click();
    const form = page.getByTestId('harvest-form');
    await chooseOption(page, form.getByLabel(l.place), 'WH1', /WH1/);
    await form.getByLabel(l.quantity).fill('20');
    await shoot(page, `nursery-harvest-job-form-${lang}`);
    await page.getByRole('button', { name: l.save }).click();
    const progress = page.getByTestId('task-progress');
    await expect(progress).toBeVisible({ timeout: 120_000 });
    await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 180_000 });
    await shoot(page, `nursery-harvest-job-${lang}`);
    await page.getByTestId('harvest-job-close').click();
    const done = page.getByTestId('harvest-table');
    await expect(done.getByTestId('table-total')).toContainText('210');
    await expect(page.getByTestId('harvest-all')).toBeDisabled();

    // Labels of the harvested seed lots: the dialog with the shared formats; the PDF opens in a new tab.
    await page.getByTestId('harvest-labels').click();
    const labels = page.getByTestId('harvest-label-form');
    await expect(labels).toBeVisible();
    await shoot(page, `nursery-harvest-labels-${lang}`);
    const pdf = page.waitForResponse((r) => r.url().includes('/api/nursery/api/harvest/labels') && r.request().method() === 'POST');
    const popup = page.waitForEvent('popup').catch(() => null);
    await page.getByTestId('harvest-labels-print').click();
    const res = await pdf;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    await (await popup)?.close();

    // A cross list from a file: a self cross and an unknown material are refused with their rows, nothing planned.
    await page.goto(`/nursery/nursery/design/viewActivity/${x.activityId}`);
    await page.getByRole('tab', { name: l.pollinationsTab }).click();
    const csv = ['female,male', `${x.code}-001,${x.code}-001`, `${x.code}-009,${x.code}-002`, `${x.code}-001,${x.code}-002`].join('\n');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('cross-list-import').click();
    await (await chooser).setFiles({ name: 'crosses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('cross-list-report');
    await expect(page.getByRole('dialog')).toContainText(l.reportTitle);
    await expect(report).toContainText(l.selfCross);
    await expect(report).toContainText(`${x.code}-009`);
    await expect(report).toContainText(l.unknown);
    await shoot(page, `nursery-cross-list-${lang}`);
  });
}

test("the demo D1 lot's history links to its DH batch and the chain back to the induction", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  const ws = new Workspace(page);
  await ws.openMenu(L['zh-CN'].germ, L['zh-CN'].inventory);
  const search = page.getByTestId('lot-search').locator('input');
  await search.fill('-DH1-DH');
  await search.press('Enter');
  const row = page.getByTestId('lot-table').locator('.ant-table-row').first();
  await expect(row).toContainText('D1');
  await row.getByTestId('lot-link').click();
  await page.getByTestId('lot-dh-chain').click();
  await expect(page.getByText(L['zh-CN'].chain).first()).toBeVisible();
  await expect(page.getByText('D1 种子批次').first()).toBeVisible();
  await shoot(page, 'nursery-d1-chain-zh-CN');
});
