import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

/** Page boxes of a PDF as pdfkit writes them: the count and the first page's size in millimetres. */
function pdfPages(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const boxes = [...text.matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number));
  const mm = (pt: number) => Math.round((pt * 25.4) / 72);
  return { count: boxes.length, first: boxes.length ? { width: mm(boxes[0][2] - boxes[0][0]), height: mm(boxes[0][3] - boxes[0][1]) } : null };
}

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** Three accessions of the maize bank and an experiment in temporary storage, all with fresh codes. */
/** The project, location and 2 x 4 field every experiment of these tests needs. */
async function place(page: Page, token: string, tag: string) {
  const project = await call(page, token, 'POST', '/api/doe/api/project/create', { name: `E2E 标签项目 ${tag}`, code: `E2E-LP-${tag}` });
  const loc = await call(page, token, 'POST', '/api/doe/api/location/create', { name: `E2E 标签站 ${tag}`, code: `E2E-LBL-${tag}` });
  const field = await call(page, token, 'POST', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `E2E 标签田 ${tag}`,
    code: `LF-${tag}`,
    type: 1,
    rows: 2,
    cols: 4,
    length: 10,
    width: 8,
    tiers: 1,
    plantRowsPerPlot: 2,
  });
  return { projectId: project.id as number, locationId: loc.id as number, fieldId: field.id as number };
}

async function setUp(page: Page, token: string, tag: string) {
  const accessions: { id: number; accessionNo: string; name: string }[] = [];
  for (let i = 1; i <= 3; i++)
    accessions.push(
      await call(page, token, 'POST', '/api/germ/api/germplasm/create', {
        accessionNo: `E2E${tag}-${i}`,
        name: `E2E 自交系 ${tag}-${i}`,
        type: 'inbred',
        generation: 'F7',
      }),
    );
  const where = await place(page, token, tag);
  const exp = await call<{ id: number; code: string }>(page, token, 'POST', '/api/doe/api/experiment/create', {
    name: `E2E 种质库试验 ${tag}`,
    code: `E2E-BK-${tag}`,
    year: 2026,
    season: 'summer',
    designMethod: 'rcbd',
    reps: 2,
    ...where,
  });
  return { accessions, exp, where };
}

/** A designed experiment (3 entries from the bank, 2 reps on a 2 x 4 field: 6 plots and 2 fillers). */
async function designed(page: Page, token: string, tag: string) {
  const { accessions, exp } = await setUp(page, token, tag);
  await call(page, token, 'POST', '/api/doe/api/experiment/bank/add', {
    id: exp.id,
    accessions: accessions.map((a, i) => ({ germplasmId: a.id, type: i === 2 ? 'check' : 'test' })),
  });
  const params = { id: exp.id, planName: 'E2E 标签', designMethod: 'rcbd', reps: 2, rows: 2, cols: 4, filler: 'Filler' };
  const preview = await call<{ seed: number }>(page, token, 'POST', '/api/doe/api/experiment/preview', params);
  const { taskId } = await call<{ taskId: number }>(page, token, 'POST', '/api/doe/api/experiment/design', { ...params, seed: preview.seed });
  await expect
    .poll(async () => (await call<{ status: string }>(page, token, 'GET', `/api/common/task/detail/${taskId}`)).status, { timeout: 60_000 })
    .toBe('succeeded');
  return { accessions, exp };
}

test('adds experiment entries from the germplasm bank: picked in the table and pasted, with the unknown and repeated numbers reported', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(page, 'admin');
  const tag = suffix();
  const { accessions, exp } = await setUp(page, token, tag);
  const { ctx, page: p } = await signedIn(browser, token, 'zh-CN');
  await p.goto(`/doe/exp/design/editExperiment/${exp.id}`);
  await p.getByRole('tab', { name: /参试材料/ }).click();
  await p.getByTestId('entries-from-bank').filter({ visible: true }).click();
  const dialog = p.getByTestId('bank-entries');

  // Picked in the table: search by the fresh code, tick the first two.
  await dialog.getByTestId('bank-keyword').locator('input').fill(`E2E${tag}`);
  await dialog.getByTestId('bank-keyword').locator('input').press('Enter');
  const table = dialog.getByTestId('bank-table');
  await expect(table.locator('.ant-table-row')).toHaveCount(3);
  for (const a of accessions.slice(0, 2)) await table.locator('.ant-table-row', { hasText: a.accessionNo }).locator('.ant-checkbox-input').check();
  await expect(dialog.getByTestId('bank-picked').locator('.ant-table-row')).toHaveCount(2);

  // Pasted: one known already picked, the third, an unknown number and a repeat.
  await dialog.getByRole('tab', { name: '粘贴种质编号' }).click();
  await dialog.getByTestId('bank-paste').fill(`${accessions[0].accessionNo}\n${accessions[2].accessionNo}, NOPE-${tag}\t${accessions[2].accessionNo}`);
  await expect(dialog).toContainText('已读取 4 个编号');
  await dialog.getByTestId('bank-check').click();
  const report = dialog.getByTestId('bank-report');
  await expect(report).toContainText('共 4 个编号：种质库中找到 2 个，不存在 1 个，重复 1 个');
  await expect(report.getByTestId('bank-unknown')).toContainText(`NOPE-${tag}`);
  await expect(report.getByTestId('bank-duplicates')).toContainText(`${accessions[2].accessionNo} × 2`);
  const picked = dialog.getByTestId('bank-picked');
  await expect(picked.locator('.ant-table-row')).toHaveCount(3);

  // The third is a core control; add all three.
  await dialog.getByTestId(`bank-check-${accessions[2].accessionNo}`).click();
  await expect(dialog).toContainText('待添加：3 份种质，其中核心对照 1 份');
  await p.getByTestId('bank-add').click();
  const panel = p.getByTestId('entries-panel').filter({ visible: true });
  await expect(panel).toContainText('共 3 份材料，其中核心对照 1 份');
  for (const a of accessions) await expect(panel.locator('.ant-table-row', { hasText: a.accessionNo })).toContainText(a.name);
  await expect(panel.locator('.ant-table-row', { hasText: accessions[2].accessionNo })).toContainText('对照');

  // Opened again, the table marks them as entries already and offers to append or replace.
  await p.getByTestId('entries-from-bank').filter({ visible: true }).click();
  await dialog.getByTestId('bank-keyword').locator('input').fill(`E2E${tag}`);
  await dialog.getByTestId('bank-keyword').locator('input').press('Enter');
  await expect(dialog.getByTestId('bank-table').locator('.ant-table-row', { hasText: '已是材料' })).toHaveCount(3);
  await expect(p.getByTestId('bank-mode')).toBeVisible();
  await ctx.close();
});

test('prints plot labels on a thermal roll and seed labels in a thermal format', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const token = await apiToken(page, 'admin');
  const tag = suffix();
  const { accessions, exp } = await designed(page, token, tag);
  const { ctx, page: p } = await signedIn(browser, token, 'zh-CN');
  // The PDFs as the browser receives them (the page reads them as blobs, so keep a copy on the way).
  const pdfs: Buffer[] = [];
  await p.route(/\/api\/(doe\/api\/experiment\/labels|germ\/api\/label\/pdf)$/, async (route) => {
    const res = await route.fetch();
    pdfs.push(await res.body());
    await route.fulfill({ response: res });
  });
  await p.goto(`/doe/exp/design/viewExperiment/${exp.id}`);
  await p.getByTestId('plot-labels').filter({ visible: true }).click();
  const form = p.getByTestId('plot-label-form');
  await form.getByTestId('plot-label-format').click();
  await p.locator('.ant-select-dropdown:visible').getByTitle('卷标，60 × 40 mm').click();
  await form.getByTestId('plot-label-reps').click();
  await p.locator('.ant-select-dropdown:visible').getByTitle('2', { exact: true }).click();
  await p.keyboard.press('Escape');
  const [pdf, popup] = await Promise.all([
    p.waitForResponse((r) => r.url().includes('/api/doe/api/experiment/labels')),
    p.waitForEvent('popup'),
    p.getByRole('dialog').getByRole('button', { name: '打印标签' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Rep 2: three planted plots, one 60 x 40 mm label a page.
  expect(pdfPages(pdfs.at(-1)!)).toEqual({ count: 3, first: { width: 60, height: 40 } });
  expect(popup.url()).toMatch(/^blob:/);
  await popup.close();

  // Seed labels of an accession in the 50 x 30 mm roll format shared with plot labels.
  const acc = accessions[0];
  await p.goto(`/germ/germplasm/view/${acc.id}`);
  await p.getByRole('button', { name: '打印标签' }).filter({ visible: true }).first().click();
  await p.getByTestId('label-format').click();
  await p.locator('.ant-select-dropdown:visible').getByTitle('卷标，50 × 30 mm').click();
  const [seed] = await Promise.all([
    p.waitForResponse((r) => r.url().includes('/api/germ/api/label/pdf')),
    p.waitForEvent('popup'),
    p.getByRole('dialog').getByRole('button', { name: '打印标签' }).click(),
  ]);
  expect(seed.status()).toBe(200);
  expect(pdfPages(pdfs.at(-1)!)).toEqual({ count: 1, first: { width: 50, height: 30 } });
  await ctx.close();
});

test('the bank picker and the plot label dialog in both languages at 1440 x 900 and 1280 x 720', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const token = await apiToken(page, 'admin');
  const tag = suffix();
  const { accessions, exp } = await designed(page, token, tag);
  const other = await call<{ id: number }>(page, token, 'POST', '/api/doe/api/experiment/create', {
    name: `E2E 截图试验 ${tag}`,
    year: 2026,
    season: 'summer',
    designMethod: 'rcbd',
    ...(await place(page, token, `${tag}S`)),
  });
  fs.mkdirSync(process.env.SHOTS_DIR ?? 'test-results/shots', { recursive: true });
  for (const lang of ['zh-CN', 'en'] as Lang[]) {
    const { ctx, page: p } = await signedIn(browser, token, lang);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await p.setViewportSize(size);
      await p.goto(`/doe/exp/design/editExperiment/${other.id}`);
      await p.getByRole('tab', { name: lang === 'en' ? /Entries/ : /参试材料/ }).click();
      await p.getByTestId('entries-from-bank').filter({ visible: true }).click();
      const dialog = p.getByTestId('bank-entries');
      await dialog.getByTestId('bank-keyword').locator('input').fill(`E2E${tag}`);
      await dialog.getByTestId('bank-keyword').locator('input').press('Enter');
      await expect(dialog.getByTestId('bank-table').locator('.ant-table-row')).toHaveCount(3);
      await dialog.getByTestId('bank-table').locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
      await shot(p, `bank-pick-${size.width}`, lang);
      await dialog.getByRole('tab', { name: lang === 'en' ? 'Paste accession numbers' : '粘贴种质编号' }).click();
      await dialog.getByTestId('bank-paste').fill(`${accessions[1].accessionNo}\n${accessions[2].accessionNo}\nNOPE-${tag}\n${accessions[2].accessionNo}`);
      await dialog.getByTestId('bank-check').click();
      await expect(dialog.getByTestId('bank-report')).toBeVisible();
      await shot(p, `bank-paste-${size.width}`, lang);

      await p.goto(`/doe/exp/design/viewExperiment/${exp.id}`);
      await p.getByTestId('plot-labels').filter({ visible: true }).click();
      await expect(p.getByTestId('plot-label-form')).toBeVisible();
      await shot(p, `plot-labels-${size.width}`, lang);
    }
    await ctx.close();
  }
});
