import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

// Issue 14 item 6: every page of one record titles its tab by the record, and two records open as two
// tabs. Checked here on germplasm records (/germ/germplasm/view/:id) and fields (/doe/exp/location/viewField?id=).
// Each run uses its own records.

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

for (const lang of ['en', 'zh-CN'] as Lang[]) {
  test(`germplasm and field tabs are titled by their record, one tab per record (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const en = lang === 'en';
    const token = await apiToken(page, 'admin');
    const tag = suffix();
    const germ: { id: number; accessionNo: string; name: string }[] = [];
    for (let i = 1; i <= 2; i++)
      germ.push(
        await call<{ id: number; accessionNo: string; name: string }>(page, token, 'POST', '/api/germ/api/germplasm/create', {
          accessionNo: `E2ERT${tag}-${i}`,
          name: `E2E 页签种质 ${tag}-${i}`,
          type: 'inbred',
          generation: 'F7',
        }),
      );
    const loc = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 页签地点 ${tag}`, code: `E2E-RT-${tag}` });
    const fields: { id: number; name: string }[] = [];
    for (let i = 1; i <= 2; i++)
      fields.push(
        await call<{ id: number; name: string }>(page, token, 'POST', '/api/doe/api/field/create', {
          locationId: loc.id,
          name: `E2E 页签田块 ${tag}-${i}`,
          code: `RT-${tag}-${i}`,
          type: 1,
          rows: 2,
          cols: 4,
          length: 10,
          width: 8,
          tiers: 1,
          plantRowsPerPlot: 2,
        }),
      );

    const { ctx, page: p } = await signedIn(browser, token, lang);
    const labels = p.getByTestId('tabs-bar').getByTestId('tab-label');
    const germTitle = (g: (typeof germ)[number]) => `${en ? 'Germplasm record' : '种质详情'} ${g.accessionNo} ${g.name}`;
    const fieldTitle = (f: (typeof fields)[number]) => `${en ? 'Field' : '田块详情'} ${f.name}`;

    await p.goto(`/germ/germplasm/view/${germ[0].id}`);
    await expect(labels.filter({ hasText: germTitle(germ[0]) })).toHaveCount(1);
    await p.goto(`/germ/germplasm/view/${germ[1].id}`);
    await expect(labels.filter({ hasText: germTitle(germ[1]) })).toHaveCount(1);
    await expect(labels.filter({ hasText: germTitle(germ[0]) })).toHaveCount(1);
    await expect(p).toHaveTitle(new RegExp(germ[1].accessionNo));
    // Back to the first germplasm's tab: its page shows that record.
    await labels.filter({ hasText: germTitle(germ[0]) }).click();
    await expect(p).toHaveURL(new RegExp(`/germ/germplasm/view/${germ[0].id}$`));
    await expect(p.locator(`[data-tab="/germ/germplasm/view/${germ[0].id}"]`).getByTestId('germplasm-view')).toContainText(germ[0].accessionNo);

    await p.goto(`/doe/exp/location/viewField?id=${fields[0].id}`);
    await expect(labels.filter({ hasText: fieldTitle(fields[0]) })).toHaveCount(1);
    await p.goto(`/doe/exp/location/viewField?id=${fields[1].id}`);
    await expect(labels.filter({ hasText: fieldTitle(fields[1]) })).toHaveCount(1);
    await expect(labels.filter({ hasText: fieldTitle(fields[0]) })).toHaveCount(1);
    // The four records are four tabs, none titled only by the page's generic title.
    await expect(labels.filter({ hasText: new RegExp(`^(${en ? 'Germplasm record|Field' : '种质详情|田块详情'})$`) })).toHaveCount(0);

    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await p.setViewportSize(size);
      await shot(p, `record-tabs-${size.width}`, lang);
    }
    await ctx.close();
  });
}
