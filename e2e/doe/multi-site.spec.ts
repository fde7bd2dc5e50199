import { expect, test, type Page } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

// Issue 14 items 16 and 17: the experiment list names every location of a multi-location trial, and plot
// labels are printed for one location or for all. Each run uses its own records.

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A page's count of a PDF as pdfkit writes it. */
const pageCount = (pdf: Buffer) => Math.max(0, ...[...pdf.toString('latin1').matchAll(/\/Type \/Pages\b[\s\S]*?\/Count (\d+)/g)].map((m) => Number(m[1])));

async function station(page: Page, token: string, tag: string, n: number) {
  const loc = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 多点站 ${tag}-${n}`, code: `E2E-MS-${tag}-${n}` });
  const field = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `E2E 多点田 ${tag}-${n}`,
    code: `MS-${tag}-${n}`,
    type: 1,
    rows: 2,
    cols: 4,
    length: 10,
    width: 8,
    tiers: 1,
    plantRowsPerPlot: 2,
  });
  return { locationId: loc.id, fieldId: field.id };
}

/** A trial over two locations, each designed (3 entries x 2 reps = 6 plots on 2 x 4, two fillers). */
async function twoSites(page: Page, token: string, tag: string) {
  const a = await station(page, token, tag, 1);
  const b = await station(page, token, tag, 2);
  const project = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/project/create', { name: `E2E 多点项目 ${tag}`, code: `E2E-MSP-${tag}` });
  const exp = await call<{ id: number; code: string }>(page, token, 'POST', '/api/doe/api/experiment/create', {
    name: `E2E 多点试验 ${tag}`,
    code: `E2E-MS-${tag}`,
    year: 2026,
    season: 'summer',
    designMethod: 'rcbd',
    reps: 2,
    projectId: project.id,
    ...a,
  });
  await call(page, token, 'PUT', '/api/doe/api/experiment/entries', {
    id: exp.id,
    entries: [
      { entryNo: 1, name: `E2E 多点 ${tag}-1`, type: 'test' },
      { entryNo: 2, name: `E2E 多点 ${tag}-2`, type: 'test' },
      { entryNo: 3, name: `E2E 多点 ${tag}-CK`, type: 'check' },
    ],
  });
  await call(page, token, 'POST', '/api/doe/api/experiment/site', { id: exp.id, ...b });
  const detail = await call<{ sites: { id: number }[] }>(page, token, 'GET', `/api/doe/api/experiment/detail/${exp.id}`);
  for (const [i, site] of detail.sites.entries()) {
    const { taskId } = await call<{ taskId: number }>(page, token, 'POST', '/api/doe/api/experiment/design', {
      id: exp.id,
      siteId: site.id,
      planName: `E2E 多点 ${i + 1}`,
      designMethod: 'rcbd',
      reps: 2,
      rows: 2,
      cols: 4,
      seed: i + 1,
      filler: 'Filler',
    });
    await expect
      .poll(async () => (await call<{ status: string }>(page, token, 'GET', `/api/common/task/detail/${taskId}`)).status, { timeout: 60_000 })
      .toBe('succeeded');
  }
  return exp;
}

for (const lang of ['en', 'zh-CN'] as Lang[]) {
  test(`a multi-location trial lists every location, and plot labels are printed per location or for all (${lang})`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const en = lang === 'en';
    const token = await apiToken(page, 'admin');
    const tag = suffix();
    const exp = await twoSites(page, token, tag);
    const { ctx, page: p } = await signedIn(browser, token, lang);

    await p.goto('/doe/exp/design');
    const search = p.getByTestId('crud-search').filter({ visible: true }).locator('input');
    await search.fill(exp.code);
    await search.press('Enter');
    const row = p.locator('.ant-table-row', { hasText: exp.code }).filter({ visible: true });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('experiment-sites')).toHaveText(
      en ? `2 locations: E2E 多点站 ${tag}-1, E2E 多点站 ${tag}-2` : `2 个地点：E2E 多点站 ${tag}-1、E2E 多点站 ${tag}-2`,
    );
    await shot(p, 'multi-site-list', lang);

    const pdfs: Buffer[] = [];
    await p.route(/\/api\/doe\/api\/experiment\/labels$/, async (route) => {
      const res = await route.fetch();
      pdfs.push(await res.body());
      await route.fulfill({ response: res });
    });
    await p.goto(`/doe/exp/design/viewExperiment/${exp.id}`);
    const print = async () => {
      const [res, popup] = await Promise.all([
        p.waitForResponse((r) => r.url().includes('/api/doe/api/experiment/labels')),
        p.waitForEvent('popup'),
        p
          .getByRole('dialog')
          .getByRole('button', { name: en ? 'Print labels' : '打印标签' })
          .click(),
      ]);
      expect(res.status()).toBe(200);
      await popup.close();
    };
    // Every location: 2 x 6 planted plots, one label a page on the default roll.
    await p.getByTestId('plot-labels').filter({ visible: true }).click();
    const form = p.getByTestId('plot-label-form');
    await expect(form.getByTestId('plot-label-site')).toContainText(en ? 'Every location' : '全部地点');
    await shot(p, 'multi-site-labels', lang);
    await print();
    expect(pageCount(pdfs.at(-1)!)).toBe(12);
    // The second location only.
    await p.getByTestId('plot-labels').filter({ visible: true }).click();
    await form.getByTestId('plot-label-site').click();
    await p
      .locator('.ant-select-dropdown:visible')
      .getByText(new RegExp(`^2\\. E2E 多点站 ${tag}-2 / E2E 多点田 ${tag}-2`))
      .click();
    await print();
    expect(pageCount(pdfs.at(-1)!)).toBe(6);
    await ctx.close();
  });
}
