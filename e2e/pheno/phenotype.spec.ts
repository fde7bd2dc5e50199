import { expect, test, type Page } from '@playwright/test';
import { LoginScreen, Workspace, chooseOption } from '../support/pages';

const T = {
  'zh-CN': {
    group: '表型数据',
    menu: '表型试验',
    ready: '待推送',
    push: '推送到表型系统',
    fieldbook: 'Field Book',
    entry: '数据录入',
    qc: '质量检查',
    analysis: '单点分析',
    rule: '须在 50 到 400 之间',
    excluded: '已排除',
    ok: /确\s*定|OK/,
    perRow: '逐行保存',
    range: '有效范围',
    distribution: '试验分布',
    rangeLegend: '按有效范围五等分',
  },
  en: {
    group: 'Phenotypes',
    menu: 'Phenotyping',
    ready: 'Ready to push',
    push: 'Push to phenotyping',
    fieldbook: 'Field Book',
    entry: 'Data entry',
    qc: 'Quality checks',
    analysis: 'Analysis',
    rule: 'must be between 50 and 400',
    excluded: 'Excluded',
    ok: /OK|确\s*定/,
    perRow: 'Save per row',
    range: 'Valid range',
    distribution: 'Trial distribution',
    rangeLegend: 'fifths of the valid range',
  },
} as const;

async function api(page: Page, token: string, method: 'post' | 'put', url: string, data: unknown) {
  const res = await page.request[method](url, { headers: { token }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data;
}

/** A designed alpha lattice of its own (20 entries, 2 reps, blocks of 5 on an 8 x 5 field) and three traits, through the API. */
async function setUp(page: Page, token: string, tag: string) {
  const loc = await api(page, token, 'post', '/api/doe/api/location/create', { name: `表型站 ${tag}`, code: `PH-${tag}` });
  const field = await api(page, token, 'post', '/api/doe/api/field/create', {
    locationId: loc.id,
    name: `F-${tag}`,
    code: `F${tag}`,
    type: 1,
    rows: 8,
    cols: 5,
    tiers: 1,
    plantRowsPerPlot: 2,
  });
  const project = await api(page, token, 'post', '/api/doe/api/project/create', { name: `表型项目 ${tag}`, code: `PP-${tag}` });
  const exp = await api(page, token, 'post', '/api/doe/api/experiment/create', {
    name: `表型试验 ${tag}`,
    year: 2026,
    season: 'summer',
    designMethod: 'alpha',
    reps: 2,
    projectId: project.id,
    locationId: loc.id,
    fieldId: field.id,
  });
  const entries = Array.from({ length: 20 }, (_, i) => ({
    entryNo: i + 1,
    name: `L${tag}-${String(i + 1).padStart(2, '0')}`,
    type: i >= 18 ? 'check' : 'test',
  }));
  await api(page, token, 'put', '/api/doe/api/experiment/entries', { id: exp.id, entries });
  const design = await api(page, token, 'post', '/api/doe/api/experiment/design', {
    id: exp.id,
    planName: 'alpha',
    designMethod: 'alpha',
    reps: 2,
    blockCount: 4,
    rows: 8,
    cols: 5,
    seed: 11,
  });
  await expect(async () => {
    const task = (await (await page.request.get(`/api/common/task/detail/${design.taskId}`, { headers: { token } })).json()).data;
    expect(task.status).toBe('succeeded');
  }).toPass({ timeout: 30_000 });
  const v = (code: string, body: Record<string, unknown>) => api(page, token, 'post', '/api/pheno/api/variable/create', { code, ...body });
  const ph = await v(`PH${tag}`, { name: '株高 Plant height', trait: '株高', scaleType: 'numeric', unit: 'cm', minimum: 50, maximum: 400 });
  const yld = await v(`YLD${tag}`, { name: '小区产量 Plot yield', trait: '产量', scaleType: 'numeric', unit: 'kg', minimum: 0, maximum: 60 });
  const nlb = await v(`NLB${tag}`, {
    name: '大斑病 Leaf blight',
    trait: '大斑病',
    scaleType: 'ordinal',
    categories: [{ value: '1' }, { value: '5' }, { value: '9' }],
  });
  return { exp, ph, yld, nlb };
}

async function shot(page: Page, name: string) {
  if (!process.env.PHENO_SHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${process.env.PHENO_SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`phenotypes (${lang}): push with three traits, Field Book round trip with a refused value, fix it in the grid, outliers and heat map, analysis`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const L = T[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await page.waitForTimeout(1500);
    for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const { exp, ph, yld, nlb } = await setUp(page, token, tag);

    // Push the experiment to phenotyping with its three traits.
    await ws.openMenu(L.group, L.menu);
    await page.getByTestId('study-pushed').getByText(L.ready).click();
    await page.getByTestId('study-search').locator('input').fill(exp.code);
    await page.getByTestId('study-search').locator('input').press('Enter');
    const row = page.getByTestId('study-table').locator('.ant-table-row', { hasText: exp.code });
    await row.getByText(L.push).click();
    const select = page.getByTestId('traits-select');
    await select.click();
    for (const v of [ph, yld, nlb]) {
      await page.keyboard.type(v.code);
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(v.code);
      await page.keyboard.press('Enter');
    }
    await expect(select.locator('.ant-select-selection-item')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.getByTestId('traits-ok').click();
    await expect(page.getByRole('tab', { name: L.entry })).toBeVisible();

    // Field Book: the field file and the trait file.
    await page.getByRole('tab', { name: L.fieldbook }).click();
    const [fieldDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fb-field').click()]);
    const fieldCsv = (await (await fieldDl.createReadStream())!.toArray()).join('');
    const lines = fieldCsv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('plot_id,plot_number,rep,block,row,col,entry,name');
    expect(lines).toHaveLength(41);
    const [trtDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fb-trait').click()]);
    expect(trtDl.suggestedFilename()).toMatch(/\.trt$/);
    const trt = (await (await trtDl.createReadStream())!.toArray()).join('');
    expect(trt).toContain(`"${ph.code}","numeric","","50","400"`);
    expect(trt).toContain(`"${nlb.code}","categorical"`);

    // Field Book's database export: one plant height out of range, one plot yield far off.
    const plots = lines.slice(1).map((l) => {
      const [plotId, , rep, , , , entry] = l.split(',');
      return { plotId, rep: Number(rep), entry: Number(entry) };
    });
    const bad = plots[2].plotId;
    const outlier = plots[7].plotId;
    const csv = [
      'plot_id,trait,value,timestamp,person,location,number',
      ...plots.flatMap((p, i) => [
        `${p.plotId},${ph.code},${i === 2 ? 999 : 200 + (p.entry % 6) * 8 + (i % 3)},2026-07-10 09:00:00.000+0800,Li,,1`,
        `${p.plotId},${yld.code},${i === 7 ? 45 : (8 + (p.entry % 5) * 0.6 + (p.rep === 2 ? 0.3 : 0) + ((i * 7) % 5) * 0.1).toFixed(2)},2026-09-20 09:00:00.000+0800,Li,,1`,
        `${p.plotId},${nlb.code},${p.entry % 3 === 0 ? 9 : p.entry % 3 === 1 ? 1 : 5},2026-08-01 09:00:00.000+0800,Li,,1`,
      ]),
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'field_book_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByTestId('fb-report');
    await expect(report.getByTestId('fb-count-refused')).toContainText('1');
    await expect(report.getByTestId('fb-count-inserted')).toContainText('119');
    await expect(report).toContainText(bad);
    await expect(report).toContainText(L.rule);
    await shot(page, `fieldbook-${lang}`);

    // Fix the refused value in the grid: an out-of-range entry is refused and shown, the right one saved.
    await page.getByRole('tab', { name: L.entry }).click();
    const cell = page.getByTestId(`cell-${bad}-${ph.code}`);
    await cell.click();
    await page.keyboard.type('999');
    await page.keyboard.press('Enter');
    await expect(cell).toHaveAttribute('data-state', 'bad');
    await expect(cell).toHaveAttribute('title', new RegExp(L.rule));
    await cell.click();
    await page.keyboard.press('Enter');
    await page.getByTestId('grid-input').fill('236');
    await page.keyboard.press('Enter');
    await expect(cell).toHaveAttribute('data-state', 'saved');
    await expect(cell).toHaveText('236');
    await expect(page.getByTestId('grid-filled')).toContainText('120');
    // A block copied from Excel (two rows of leaf blight) pasted from the active cell; "4" is not a category.
    await page.getByTestId(`cell-${plots[0].plotId}-${nlb.code}`).click();
    await page.getByTestId('entry-grid').evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '9\r\n4\r\n1\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId(`cell-${plots[0].plotId}-${nlb.code}`)).toHaveText('9');
    await expect(page.getByTestId(`cell-${plots[1].plotId}-${nlb.code}`)).toHaveAttribute('data-state', 'bad');
    await expect(page.getByTestId(`cell-${plots[2].plotId}-${nlb.code}`)).toHaveText('1');
    await expect(page.getByTestId(`cell-${plots[2].plotId}-${nlb.code}`)).toHaveAttribute('data-state', 'saved');
    await shot(page, `grid-${lang}`);

    // Saving per row: a row's edits wait (Tab moves along the row), then go together in one request.
    await page.getByTestId('grid-save-mode').getByText(L.perRow).click();
    const rowPh = page.getByTestId(`cell-${plots[4].plotId}-${ph.code}`);
    const rowYld = page.getByTestId(`cell-${plots[4].plotId}-${yld.code}`);
    await rowPh.click();
    await page.keyboard.type('251');
    await page.keyboard.press('Tab');
    await page.keyboard.type('9.5');
    await page.keyboard.press('Tab');
    await expect(rowPh).toHaveAttribute('data-state', 'pending');
    await expect(rowYld).toHaveAttribute('data-state', 'pending');
    const saving = page.waitForRequest((r) => r.url().includes('/api/pheno/api/study/observation/row') && r.method() === 'PUT');
    await page.getByTestId('grid-save-row').click();
    const sent = (await saving).postDataJSON() as { values: { variableId: number; value: string }[] };
    expect(sent.values).toEqual([
      { variableId: ph.id, value: '251' },
      { variableId: yld.id, value: '9.5' },
    ]);
    await expect(rowPh).toHaveAttribute('data-state', 'saved');
    await expect(rowYld).toHaveText('9.5');
    await expect(rowYld).toHaveAttribute('data-state', 'saved');

    // Range colours: plant height 251 lies in the middle fifth of 50–400; the legend names the bands.
    await rowPh.click();
    await page.getByTestId('grid-colour-mode').getByText(L.range).click();
    await expect(page.getByTestId('grid-colour-legend')).toContainText(L.rangeLegend);
    await expect(page.getByTestId('legend-band-0')).toHaveText('50 – 120');
    await expect(rowPh).toHaveAttribute('data-band', '2');
    await page.getByTestId('grid-colour-mode').getByText(L.distribution).click();
    await expect(page.getByTestId('legend-band-4')).toBeVisible();
    await expect(rowPh).toHaveAttribute('data-band', /^[0-4]$/);
    await shot(page, `grid-colours-${lang}`);

    // Quality checks: the outlier, the heat map; exclude it with a reason.
    await page.getByRole('tab', { name: L.qc }).click();
    await chooseOption(page, page.getByTestId('qc-trait'), yld.code, yld.code);
    const outliers = page.getByTestId('qc-outliers');
    await expect(outliers).toContainText(outlier);
    await expect(page.getByTestId('qc-heatmap').locator('svg')).toBeVisible();
    await expect(page.getByTestId('qc-histogram').locator('svg')).toBeVisible();
    await page.getByTestId('qc-heatmap').scrollIntoViewIfNeeded();
    await shot(page, `qc-${lang}`);
    await outliers.getByTestId('qc-exclude').click();
    await page.getByTestId('qc-reason').fill(lang === 'en' ? 'weighing error' : '称重错误');
    await page.getByTestId('qc-exclude-ok').click();
    await expect(outliers).toContainText(L.excluded);

    // Analysis: BLUEs and heritability per trait.
    await page.getByRole('tab', { name: L.analysis }).click();
    await page.getByTestId('analysis-run').click();
    const card = page.getByTestId(`analysis-${yld.code}`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('analysis-blues').locator('.ant-table-row')).toHaveCount(10);
    await expect(card.getByTestId('analysis-blues')).toContainText(`L${tag}-`);
    const h2 = Number(await card.getByTestId('analysis-h2').locator('.ant-statistic-content-value').innerText());
    expect(h2).toBeGreaterThan(0);
    expect(h2).toBeLessThanOrEqual(1);
    await expect(page.getByTestId(`analysis-${ph.code}`)).toBeVisible();
    await shot(page, `analysis-${lang}`);
  });
}

test('trait list: the form refuses a range upside down and a bad Crop Ontology id, then saves; the trait is found by its synonym', async ({ page }) => {
  const code = `TL${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await page.goto('/login');
  await new LoginScreen(page).login('admin');
  await new Workspace(page).openMenu('表型数据', '表型性状');
  await page.getByTestId('variable-add').click();
  const form = page.getByTestId('variable-form');
  await form.getByLabel('缩写').fill(code);
  await form.getByLabel('变量名称').fill('穗长 (cm)');
  await form.getByLabel('性状', { exact: true }).fill('穗长');
  await form.getByLabel('最小值').fill('30');
  await form.getByLabel('最大值').fill('5');
  await form.getByLabel('单位').fill('cm');
  await form.getByLabel('同义词').fill(`${code}-EL; EarLen`);
  await form.getByLabel('作物本体编号').fill('ear length');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(form).toContainText('最小值 30 不能大于最大值 5');
  await expect(form).toContainText('作物本体编号须形如 CO_321:0000020');
  await form.getByLabel('最大值').fill('40');
  await form.getByLabel('作物本体编号').fill('CO_322:0000999');
  await page.getByRole('button', { name: '保 存' }).click();
  await expect(form).toBeHidden();
  await page.getByPlaceholder('缩写、名称、性状、同义词').fill(`${code}-EL`);
  await page.keyboard.press('Enter');
  const row = page.getByTestId('variable-table').locator('.ant-table-row', { hasText: code });
  await expect(row).toContainText('30–40 cm');
  await expect(row).toContainText('CO_322:0000999');
  await shot(page, 'variables-zh-CN');
});
