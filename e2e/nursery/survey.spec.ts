import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseOption, LoginScreen, Workspace } from '../support/pages';

const L = {
  'zh-CN': {
    group: '育种圃',
    feedback: '反馈本',
    tab: '田间调查',
    entriesTab: '材料',
    materialNo: '材料编号',
    rule: '须在 50 到 400 之间',
    inserted: '新增 3',
    refused: '拒绝 1',
  },
  en: {
    group: 'Nursery',
    feedback: 'Feedback books',
    tab: 'Field survey',
    entriesTab: 'Entries',
    materialNo: 'Material no.',
    rule: 'must be between 50 and 400',
    inserted: 'New 3',
    refused: 'Refused 1',
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

/** A nursery of three entries from a planting list, through the API (its planning screens are tested in nursery.spec.ts). */
async function nursery(request: APIRequestContext, token: string, tag: string) {
  const call = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const res = await request[method](url, { headers: { token }, ...(method === 'get' ? { params: data as Record<string, string> } : { data }) });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { data: never };
  };
  const list = (
    await call('post', '/api/doe/api/germList/create', {
      name: `Survey ${tag}`,
      type: 'nursery',
      entries: [
        { entryId: 1, materialName: `郑58-${tag}`, generation: 'F6' },
        { entryId: 2, materialName: `PH6WC-${tag}`, generation: 'F6' },
        { entryId: 3, materialName: `F1-${tag}`, generation: 'F1', pedigree: '郑58/PH6WC' },
      ],
    })
  ).data as { id: number };
  const act = (await call('post', '/api/nursery/api/activity/create', { name: `调查圃 ${tag}`, code: `S${tag}`, year: 2026, season: 'summer' })).data as {
    id: number;
  };
  await call('post', '/api/nursery/api/entry/fromList', { activityId: act.id, germListId: list.id });
  return { id: act.id, code: `S${tag}` };
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: field survey values entered in the grid, the feedback book downloaded and a filled one imported with one bad row`, async ({ page }) => {
    test.setTimeout(240_000);
    const l = L[lang];
    const tag = `${lang === 'en' ? 'E' : 'Z'}${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/login');
    await new LoginScreen(page).login('admin');
    const ws = new Workspace(page);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    if (lang === 'en') await ws.switchLanguage('English');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bw-token')!).v as string);
    const n = await nursery(page.request, token, tag);
    const m = (i: number) => `${n.code}-00${i}`;

    // The nursery's Field survey tab: choose plant height and leaf blight (demo traits of maize).
    await page.goto(`/nursery/nursery/design/viewActivity/${n.id}`);
    await page.getByRole('tab', { name: l.tab }).click();
    const select = page.getByTestId('survey-traits');
    await select.click();
    for (const code of ['PH', 'NLB']) {
      await page.keyboard.type(`${code} ·`);
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(code);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('survey-traits-save').click();
    await expect(page.getByTestId('survey-grid')).toBeVisible();

    // The grid: an out-of-scale height is refused and flagged, the right one saved; a score typed next to it.
    const ph1 = page.getByTestId(`survey-cell-${m(1)}-PH`);
    await ph1.click();
    await page.keyboard.type('999');
    await page.keyboard.press('Enter');
    await expect(ph1).toHaveAttribute('data-state', 'bad');
    await expect(ph1).toHaveAttribute('title', new RegExp(l.rule));
    await ph1.click();
    await page.keyboard.press('Enter');
    await page.getByTestId('survey-input').fill('210');
    await page.keyboard.press('Tab');
    await expect(ph1).toHaveAttribute('data-state', 'saved');
    await expect(ph1).toHaveText('210');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`survey-cell-${m(1)}-NLB`)).toHaveText('3');
    await expect(page.getByTestId('survey-filled')).toContainText('2');
    await shoot(page, `survey-grid-${lang}`);

    // The feedback book: the PDF, and the xlsx filled in (one height out of range) and imported back.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('book-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('book-xlsx').click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(await (await xlsx.createReadStream())!.toArray()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers[0]).toBe(l.materialNo);
    const ph = headers.findIndex((h) => h.endsWith('[PH]')) + 1;
    const nlb = headers.findIndex((h) => h.endsWith('[NLB]')) + 1;
    expect(ph).toBeGreaterThan(0);
    const values: Record<string, [number, string]> = { [m(2)]: [185, '5'], [m(3)]: [999, '7'] };
    sheet.eachRow((row, i) => {
      const v = values[String(row.getCell(1).value)];
      if (i === 1 || !v) return;
      row.getCell(ph).value = v[0];
      row.getCell(nlb).value = v[1];
    });
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'book.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    const report = page.getByTestId('book-report');
    await expect(report.getByTestId('book-count-inserted')).toHaveText(l.inserted);
    await expect(report.getByTestId('book-count-refused')).toHaveText(l.refused);
    await expect(report).toContainText(m(3));
    await expect(report).toContainText(l.rule);
    await expect(page.getByTestId(`survey-cell-${m(2)}-PH`)).toHaveText('185');
    await expect(page.getByTestId(`survey-cell-${m(3)}-NLB`)).toHaveText('7');
    await expect(page.getByTestId(`survey-cell-${m(3)}-PH`)).toHaveText('');
    await report.scrollIntoViewIfNeeded();
    await shoot(page, `survey-report-${lang}`);

    // The values show on the entries.
    await page.getByRole('tab', { name: l.entriesTab, exact: true }).click();
    await expect(page.getByTestId('entry-survey-1-PH')).toHaveText('210');
    await expect(page.getByTestId('entry-survey-2-NLB')).toHaveText('5');

    // The feedback books page: the same nursery's book.
    await ws.openMenu(l.group, l.feedback);
    await chooseOption(page, page.getByTestId('book-nursery'), n.code, n.code);
    await expect(page.getByTestId('book-traits')).toContainText('PH, NLB');
    await expect(page.getByTestId('book-xlsx')).toBeVisible();
    await shoot(page, `feedback-${lang}`);
  });
}
