// Issue 14 item 11: values from dictionaries and data show in the user's language: an experiment's season
// (the doe_season dictionary) and a seeded activity category, in Chinese and, after switching, in English.
import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn } from '../system/helpers';
import { Workspace } from '../support/pages';

test('a dictionary value and an activity category read in Chinese, then in English after switching the language', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const token = await apiToken(page, 'admin');
  const project = await call(page, token, 'POST', '/api/doe/api/project/create', { name: `E2E 词典项目 ${tag}`, code: `E2E-DP-${tag}` });
  const loc = await call(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 词典站 ${tag}`, code: `E2E-DIC-${tag}` });
  const field = await call(page, token, 'POST', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `E2E 词典田 ${tag}`,
    code: `DF-${tag}`,
    type: 1,
    rows: 2,
    cols: 2,
  });
  const exp = await call(page, token, 'POST', '/api/doe/api/experiment/create', {
    name: `E2E 词典试验 ${tag}`,
    code: `E2E-DX-${tag}`,
    year: 2026,
    season: 'autumn',
    designMethod: 'rcbd',
    reps: 2,
    projectId: project.id,
    locationId: loc.id,
    fieldId: field.id,
  });
  // A record of the seeded category 播种 (Sowing) on this experiment, found by its unique title.
  const categories = await page.request.get('/api/doe/api/activityCategory/page?pageSize=50', { headers: { token } });
  const sowing = ((await categories.json()).rows as { id: number; name: string }[]).find((c) => c.name === '播种')!;
  await call(page, token, 'POST', '/api/doe/api/activityRecord/create', {
    categoryId: sowing.id,
    experimentId: exp.id,
    activityDate: '2026-09-20',
    title: `E2E 播种 ${tag}`,
  });

  const { ctx, page: p } = await signedIn(browser, token, 'zh-CN');
  await p.goto(`/doe/exp/design/viewExperiment/${exp.id}`);
  const view = p.locator('.ant-descriptions').filter({ visible: true }).first();
  await expect(view).toContainText('秋季');
  await new Workspace(p).switchLanguage('English');
  await expect(view).toContainText('Autumn');
  await expect(view).not.toContainText('秋季');

  await p.goto('/doe/activity/record');
  const row = p.locator('.ant-table-row', { hasText: `E2E 播种 ${tag}` }).filter({ visible: true });
  await expect(row).toContainText('Sowing');
  await new Workspace(p).switchLanguage('简体中文');
  await expect(row).toContainText('播种');
  await expect(row).not.toContainText('Sowing');

  // The category screen shows both names; its form has the English name.
  await p.setViewportSize({ width: 1280, height: 720 });
  await p.goto('/doe/activity/category');
  const seeded = p.locator('.ant-table-row', { hasText: '播种' }).filter({ visible: true });
  await expect(seeded).toContainText('Sowing');
  await shot(p, 'activity-categories-1280', 'zh-CN');
  await p.setViewportSize({ width: 1440, height: 900 });
  await new Workspace(p).switchLanguage('English');
  await expect(p.locator('.ant-table-thead').filter({ visible: true })).toContainText('English name');
  await expect(p.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(p, 'activity-categories-1440', 'en');
  await ctx.close();
});
