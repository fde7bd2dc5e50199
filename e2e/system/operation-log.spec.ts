import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { apiToken, call, shot, signedIn, type Lang } from './helpers';

const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

// Issue 14 item 12: business actions in the operation log, with their names and a readable before/after view.
for (const lang of ['zh-CN', 'en'] as Lang[]) {
  test(`operation log names the action and shows the changed fields (${lang})`, async ({ page, browser }) => {
    const token = await apiToken(page, 'admin');
    const code = `OL-${suffix()}`;
    const name = `Audit ${code}`;
    const loc = await call(page, token, 'POST', '/api/doe/api/location/create', { name, code, city: 'Jinan' });
    await call(page, token, 'PUT', '/api/doe/api/location/update', { id: loc.id, name, code, city: 'Qingdao' });

    const { ctx, page: p } = await signedIn(browser, token, lang);
    for (const size of SIZES) {
      await p.setViewportSize(size);
      await p.goto('/system/log/operlog');
      const table = p.getByTestId('audit-table');
      await table
        .getByRole('textbox')
        .or(p.getByPlaceholder(lang === 'en' ? 'Action' : '操作'))
        .first()
        .fill('doe.location.update');
      await p.keyboard.press('Enter');
      const row = table.locator('.ant-table-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(lang === 'en' ? 'Update location' : '修改试验地点');
      await expect(row).not.toContainText('doe.location.update');
      await row.getByTestId('audit-view').click();
      const detail = p.getByTestId('audit-detail');
      await expect(detail).toBeVisible();
      const changed = p.getByTestId('audit-changes').locator('tr.bw-audit-changed');
      await expect(changed).toHaveCount(1);
      await expect(changed).toContainText(lang === 'en' ? 'City' : '城市');
      await expect(changed).toContainText('Jinan');
      await expect(changed).toContainText('Qingdao');
      await expect(detail).not.toContainText('{"');
      await shot(p, `operation-log-${size.width}`, lang);
      await p.keyboard.press('Escape');
      await expect(detail).toBeHidden();
    }
    // The dashboard's recent operations use the same names.
    await p.setViewportSize(SIZES[0]);
    await p.goto('/dashboard');
    await expect(p.getByTestId('admin-audit')).toContainText(lang === 'en' ? 'Update location' : '修改试验地点');
    await ctx.close();
  });
}

// Issue 14 item 10: the import report in the user's language, naming the template's columns.
for (const lang of ['zh-CN', 'en'] as Lang[]) {
  test(`the import report speaks the user's language and names the columns (${lang})`, async ({ page, browser }, info) => {
    const token = await apiToken(page, 'admin');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(lang === 'en' ? ['Accession number*', 'Name*', 'Type*', 'Pedigree'] : ['种质编号*', '名称*', '类型*', '系谱']);
    ws.addRow([`IR-${suffix()}`, '', 'inbred', '']);
    ws.addRow([`IR-${suffix()}`, 'Bad pedigree', 'inbred', 'A/B//']);
    const file = info.outputPath('import-bad.xlsx');
    fs.writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

    const { ctx, page: p } = await signedIn(browser, token, lang);
    await p.setViewportSize(SIZES[1]);
    await p.goto('/germ/germplasm');
    await p.getByTestId('import-button').click();
    await p.locator('input[type=file][accept=".xlsx"]').setInputFiles(file);
    await p.getByTestId('import-start').click();
    const result = p.getByTestId('import-result');
    await expect(result.locator('.ant-table-row')).toHaveCount(2, { timeout: 30_000 });
    if (lang === 'en') {
      await expect(result).toContainText('Name is required');
      await expect(result).toContainText('a parent is missing');
    } else {
      await expect(result).toContainText('名称必填');
      await expect(result).toContainText('缺少亲本');
    }
    for (const raw of ['MISSING_PARENT', 'pedigree', '(name)', '（name）']) await expect(result).not.toContainText(raw);
    const download = p.waitForEvent('download');
    await result
      .getByRole('button')
      .filter({ hasText: lang === 'en' ? /error/i : '错误' })
      .first()
      .click();
    expect((await download).suggestedFilename()).toBe(lang === 'en' ? 'Germplasm-Import errors-import-bad.xlsx' : '种质资源-导入错误-import-bad.xlsx');
    await shot(p, 'import-report-1280', lang);
    await ctx.close();
  });
}

// Issue 14 item 13: the to-do line opens the list filtered to what waits for the user.
test('a dashboard to-do line opens the documents waiting for approval', async ({ page, browser }) => {
  const token = await apiToken(page, 'admin');
  for (const lang of ['zh-CN', 'en'] as Lang[]) {
    const { ctx, page: p } = await signedIn(browser, token, lang);
    for (const size of SIZES) {
      await p.setViewportSize(size);
      await p.goto('/dashboard');
      const line = p
        .getByTestId('todo-list')
        .locator('.bw-todo-item')
        .filter({ hasText: lang === 'en' ? 'Inbound documents to approve' : '待审核入库单' });
      await line.first().click();
      await expect(p).toHaveURL(/\/germ\/inbound\?status=submitted$/);
      const filter = p.getByTestId('doc-status-filter');
      await expect(filter.locator('.ant-segmented-item-selected')).toHaveText(lang === 'en' ? 'Submitted' : '待审核');
      const table = p.getByTestId('doc-table-inbound');
      await expect(table).toBeVisible();
      await shot(p, `todo-inbound-${size.width}`, lang);
    }
    await ctx.close();
  }
});
