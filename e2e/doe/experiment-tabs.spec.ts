import { expect, test, type Page } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

// Issue 14 item 6: an edit tab is titled by its record, two records open as two tabs, and the
// preview banner goes away once the design is saved. Each run uses its own experiments.

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** An experiment with three bank entries on a fresh 2 x 4 field, ready to be designed. */
async function ready(page: Page, token: string, tag: string, n: number) {
  const accessions = [];
  for (let i = 1; i <= 3; i++)
    accessions.push(
      await call<{ id: number }>(page, token, 'POST', '/api/germ/api/germplasm/create', {
        accessionNo: `E2ETB${tag}${n}-${i}`,
        name: `E2E 页签 ${tag}${n}-${i}`,
        type: 'inbred',
        generation: 'F7',
      }),
    );
  const loc = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 页签站 ${tag}${n}`, code: `E2E-TB-${tag}${n}` });
  const field = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `E2E 页签田 ${tag}${n}`,
    code: `TB-${tag}${n}`,
    type: 1,
    rows: 2,
    cols: 4,
    length: 10,
    width: 8,
    tiers: 1,
    plantRowsPerPlot: 2,
  });
  const project = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/project/create', {
    name: `E2E 页签项目 ${tag}${n}`,
    code: `E2E-TBP-${tag}${n}`,
  });
  const body = {
    name: `E2E 页签试验 ${tag}${n}`,
    code: `E2E-TB-${tag}-${n}`,
    year: 2026,
    season: 'summer',
    designMethod: 'rcbd',
    reps: 2,
    projectId: project.id,
    locationId: loc.id,
    fieldId: field.id,
  };
  const exp = await call<{ id: number; code: string }>(page, token, 'POST', '/api/doe/api/experiment/create', body);
  await call(page, token, 'POST', '/api/doe/api/experiment/bank/add', {
    id: exp.id,
    accessions: accessions.map((a, i) => ({ germplasmId: a.id, type: i === 2 ? 'check' : 'test' })),
  });
  return exp;
}

for (const lang of ['en', 'zh-CN'] as Lang[]) {
  test(`edit tabs are titled by their record, one per record; saving a design removes the preview banner (${lang})`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const en = lang === 'en';
    const token = await apiToken(page, 'admin');
    const tag = suffix();
    const a = await ready(page, token, tag, 1);
    const b = await ready(page, token, tag, 2);
    const { ctx, page: p } = await signedIn(browser, token, lang);
    const labels = p.getByTestId('tabs-bar').getByTestId('tab-label');
    const edit = (code: string) => `${en ? 'Edit' : '编辑'} ${code}`;

    await p.goto(`/doe/exp/design/editExperiment/${a.id}`);
    await expect(labels.filter({ hasText: edit(a.code) })).toHaveCount(1);
    await p.goto(`/doe/exp/design/editExperiment/${b.id}`);
    await expect(labels.filter({ hasText: edit(b.code) })).toHaveCount(1);
    // Both records stay open as two tabs with their own titles.
    await expect(labels.filter({ hasText: edit(a.code) })).toHaveCount(1);
    await expect(p).toHaveTitle(new RegExp(edit(b.code)));
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await p.setViewportSize(size);
      await shot(p, `experiment-tabs-${size.width}`, lang);
    }
    await p.setViewportSize({ width: 1440, height: 900 });

    // Back to the first record's tab: its page shows that record.
    await labels.filter({ hasText: edit(a.code) }).click();
    await expect(p).toHaveURL(new RegExp(`/editExperiment/${a.id}$`));
    const pane = p.locator(`[data-tab="/doe/exp/design/editExperiment/${a.id}"]`);
    await expect(pane).toContainText(a.code);

    // Preview a design, then save it: the save opens the experiment's page; the edit tab no longer shows a preview.
    await pane.getByRole('tab', { name: en ? 'Design and layout' : '设计与布局' }).click();
    await pane.getByTestId('design-preview').click();
    await expect(pane.getByTestId('design-preview-hint')).toBeVisible();
    await pane.getByTestId('design-save').click();
    await expect(p).toHaveURL(new RegExp(`/viewExperiment/${a.id}`), { timeout: 60_000 });
    await expect(labels.filter({ hasText: `${en ? 'Experiment' : '查看试验'} ${a.code}` })).toHaveCount(1);
    await labels.filter({ hasText: edit(a.code) }).click();
    await expect(pane.getByTestId('design-form')).toBeVisible();
    await expect(pane.getByTestId('design-preview-hint')).toHaveCount(0);
    await ctx.close();
  });
}
