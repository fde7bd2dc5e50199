import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createOtherOrg, createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let breeder: string;
let outsider: string;
const base = '/api/germ/api/germplasm';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = admin, lang = 'zh-CN') =>
  t.call('POST', `${base}/create`, { token, body, headers: { 'accept-language': lang } });

describe('germplasm records', () => {
  let a: number;
  let b: number;
  let f1: number;

  it('registers records; the pedigree is written from the parents when none is typed', async () => {
    const ra = await create({
      accessionNo: 'T-A',
      name: 'TestA',
      type: 'inbred',
      generation: 'f8',
      synonyms: ['Alpha'],
      attributes: [{ key: 'group', value: 'Reid' }],
    });
    expect(ra.status).toBe(200);
    expect(ra.body.data).toMatchObject({
      accessionNo: 'T-A',
      generation: 'F8',
      synonyms: ['Alpha'],
      lotCount: 0,
      stock: [],
      attributes: [{ key: 'group', value: 'Reid' }],
    });
    a = ra.body.data.id;
    b = (await create({ accessionNo: 'T-B', name: 'TestB', type: 'inbred' })).body.data.id;
    const rf = await create({ accessionNo: 'T-F1', name: 'TestA/TestB', type: 'hybrid', generation: 'F1', femaleParentId: a, maleParentId: b });
    expect(rf.body.data).toMatchObject({ pedigree: 'TestA/TestB', femaleParentName: 'TestA', maleParentName: 'TestB', generatedPedigree: 'TestA/TestB' });
    f1 = rf.body.data.id;
    const bc = await create({ accessionNo: 'T-BC1', name: 'BC1', type: 'breeding', generation: 'BC1F1', femaleParentId: f1, maleParentId: a });
    const bc2 = await create({ accessionNo: 'T-BC2', name: 'BC2', type: 'breeding', generation: 'BC2F1', femaleParentId: bc.body.data.id, maleParentId: a });
    expect(bc2.body.data.pedigree).toBe('TestB/3*TestA');
  });

  it('reports a Purdy syntax error with its position, in the caller’s language', async () => {
    const res = await create({ accessionNo: 'T-BAD', name: 'Bad', type: 'breeding', pedigree: 'A/B//' }, admin, 'en');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'pedigree', errorCode: 'GERM_PEDIGREE_SYNTAX' });
    expect(res.body.errors[0].message).toBe('Pedigree syntax error at character 6: a parent is missing');
    const check = await t.call('POST', `${base}/pedigree/check`, { token: breeder, body: { text: 'TestA*3/TestB' } });
    expect(check.body.data).toMatchObject({ ok: true, normalized: 'TestA*3/TestB' });
    expect(check.body.data.names.map((n: { name: string; matches: unknown[] }) => [n.name, n.matches.length])).toEqual([
      ['TestA', 1],
      ['TestB', 1],
    ]);
  });

  it('refuses an invalid generation code, naming the field and rule', async () => {
    const res = await create({ accessionNo: 'T-GEN', name: 'Gen', type: 'breeding', generation: 'X9' }, admin, 'en');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'generation', rule: 'format' });
    expect(res.body.errors[0].message).toContain('Generation has the wrong format');
  });

  it('keeps accession numbers unique in the crop', async () => {
    const res = await create({ accessionNo: 'T-A', name: 'Again', type: 'inbred' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'GERM_ACCESSION_EXISTS', msg: '种质编号 T-A 已存在' });
  });

  it('refuses a parent that would close a pedigree cycle', async () => {
    const res = await t.call('PUT', `${base}/update`, {
      token: admin,
      body: { id: a, accessionNo: 'T-A', name: 'TestA', type: 'inbred', femaleParentId: f1 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'GERM_PARENT_CYCLE' });
    expect(res.body.msg).toContain('TestA/TestB');
  });

  it('draws the ancestry graph and lists offspring', async () => {
    const res = await t.call('GET', `${base}/pedigree/${f1}`, { token: breeder, query: { depth: 3 } });
    expect(res.body.data).toMatchObject({ rootId: f1, purdy: 'TestA/TestB' });
    expect(res.body.data.edges).toEqual(
      expect.arrayContaining([
        { child: f1, parent: a, role: 'female' },
        { child: f1, parent: b, role: 'male' },
      ]),
    );
    expect(res.body.data.children.map((c: { accessionNo: string }) => c.accessionNo)).toEqual(['T-BC1']);
  });

  it('lists with keyword, filters and type; the demo maize bank is there', async () => {
    const all = await t.call('GET', `${base}/page`, { token: breeder, query: { pageSize: 5 } });
    expect(all.body.total).toBeGreaterThanOrEqual(500);
    const kw = await t.call('GET', `${base}/page`, { token: breeder, query: { keyword: 'Alpha' } });
    expect(kw.body.rows.map((r: { accessionNo: string }) => r.accessionNo)).toEqual(['T-A']);
    const filtered = await t.call('GET', `${base}/page`, {
      token: breeder,
      query: {
        filters: JSON.stringify([
          { key: 'accessionNo', value: 'T-|begins' },
          { key: 'type', value: 'hybrid|eq' },
        ]),
      },
    });
    expect(filtered.body.rows.map((r: { accessionNo: string }) => r.accessionNo)).toEqual(['T-F1']);
    const zd = await t.call('GET', `${base}/page`, { token: breeder, query: { keyword: '郑单958' } });
    expect(zd.body.rows[0]).toMatchObject({ pedigree: '郑58/昌7-2', type: 'variety' });
  });

  it('finds a keyword of any length in any searched column, case-insensitive and literal (the grams index)', async () => {
    await create({ accessionNo: 'KW-1', name: '郑单 Quartz', type: 'inbred', synonyms: ['Ω-9'] });
    await create({ accessionNo: 'KW-2', name: 'Other', type: 'inbred', pedigree: 'qUARTZ/郑58' });
    await create({ accessionNo: 'KW-3', name: '50%_off', type: 'inbred' });
    const find = async (keyword: string) => {
      const r = await t.call('GET', `${base}/page`, {
        token: breeder,
        query: { keyword, pageSize: 200, filters: JSON.stringify([{ key: 'accessionNo', value: 'KW-|begins' }]) },
      });
      expect(r.status, r.text).toBe(200);
      return (r.body.rows as { accessionNo: string }[]).map((x) => x.accessionNo).sort();
    };
    expect(await find('郑')).toEqual(['KW-1', 'KW-2']); // one character
    expect(await find('郑单')).toEqual(['KW-1']); // two (no trigram)
    expect(await find('quartz')).toEqual(['KW-1', 'KW-2']); // name and pedigree, either case
    expect(await find('Ω')).toEqual(['KW-1']); // a synonym
    expect(await find('%_')).toEqual(['KW-3']); // wildcards are literal
    expect(await find('0%')).toEqual(['KW-3']);
    expect(await find('z/')).toEqual(['KW-2']); // a pair across characters of one column only
    expect(await find('2q')).toEqual([]); // never across columns
    expect(await find('Quartz/郑58')).toEqual(['KW-2']);
  });

  it('searches through the trigram index of search_text, or the grams index for keywords without a trigram', async () => {
    const { keywordCondition } = await import('../germplasm.service');
    const { matchRow } = await import('../../../../platform/pagination');
    const { germGermplasm } = await import('../germplasm.tables');
    const { sql } = await import('drizzle-orm');
    const plan = (keyword: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = await tx.execute(sql`explain ${tx.select(matchRow).from(germGermplasm).where(keywordCondition(keyword))}`);
        return (r as unknown as { rows: Record<string, string>[] }).rows.map((x) => Object.values(x)[0]).join('\n');
      });
    expect(await plan('郑单')).toContain('germ_germplasm_grams');
    expect(await plan('B-7')).toContain('search_grams @>'); // no word of three: the pairs narrow it
    const long = await plan('LD00123');
    expect(long).toContain('germ_germplasm_search_trgm');
    expect(long).not.toContain('germ_germplasm_grams');
  });

  it('drops control characters from a keyword: a match never spans two searched columns', async () => {
    // KW-2's accession number and name, joined by the separator of search_text.
    const r = await t.call('GET', `${base}/page`, { token: breeder, query: { keyword: 'KW-2\u001fOther' } });
    expect(r.status).toBe(200);
    expect(r.body.rows).toEqual([]);
  });

  it('counts the matches of a filter up to the cap, then says "more than"', async () => {
    const { cappedCount, matchRow } = await import('../../../../platform/pagination');
    const { germGermplasm } = await import('../germplasm.tables');
    const { eq } = await import('drizzle-orm');
    const all = await cappedCount(t.db, t.db.select(matchRow).from(germGermplasm), 3);
    expect(all).toEqual({ total: 3, totalCapped: true });
    const one = await cappedCount(t.db, t.db.select(matchRow).from(germGermplasm).where(eq(germGermplasm.accessionNo, 'KW-1')), 3);
    expect(one).toEqual({ total: 1 });
    const r = await t.call('GET', `${base}/page`, { token: breeder, query: { type: 'inbred', pageSize: 5 } });
    expect(r.body.totalCapped).toBeUndefined(); // the demo bank has fewer inbreds than COUNT_CAP
    expect(r.body.total).toBeGreaterThan(5);
  });

  it("counts a keyword's matches up to its cap, or ten pages past the page asked, and pages through them in order", async () => {
    const { KEYWORD_COUNT_CAP, KEYWORD_PAGES_AHEAD, SHORT_KEYWORD_COUNT_CAP } = await import('@breedwise/contracts');
    const { sql } = await import('drizzle-orm');
    // KEYWORD_COUNT_CAP + 5 accessions named "Capkw …" in the breeder's crop, written in one statement.
    const n = KEYWORD_COUNT_CAP + 5;
    await t.db.execute(sql`insert into germ_germplasm (org_id, crop_id, accession_no, name, type, created_by, updated_by)
      select g0.org_id, g0.crop_id, 'CAPKW-' || n, 'Capkw ' || n, 'inbred', g0.created_by, g0.created_by
      from (select org_id, crop_id, created_by from germ_germplasm where accession_no = 'KW-1') g0, generate_series(1, ${n}) n`);
    const page = async (pageNum: number, pageSize: number, keyword = 'capkw', order: Record<string, string> = {}) => {
      const r = await t.call('GET', `${base}/page`, { token: breeder, query: { keyword, pageNum, pageSize, ...order } });
      expect(r.status, r.text).toBe(200);
      return r.body as { total: number; totalCapped?: true; rows: { accessionNo: string }[] };
    };
    const many = await page(1, 5);
    expect(many).toMatchObject({ total: KEYWORD_COUNT_CAP, totalCapped: true });
    expect(many.rows).toHaveLength(5);
    // Further on, the count reaches ten pages past the page asked: every match is counted again.
    const pageSize = 100;
    const deep = Math.ceil(KEYWORD_COUNT_CAP / pageSize) - KEYWORD_PAGES_AHEAD + 2;
    const far = await page(deep, pageSize);
    expect(far.total).toBe(n);
    expect(far.totalCapped).toBeUndefined();
    expect(far.rows).toHaveLength(pageSize);
    // Within the cap the page comes from the counted matches; in the list's order either way.
    const byAccession = { orderByColumn: 'accessionNo', isAsc: 'asc' };
    const few = await page(1, 5, 'capkw-10', byAccession);
    expect(few.total).toBe(17); // CAPKW-10, CAPKW-100 ... CAPKW-109, CAPKW-1000 ... CAPKW-1005
    expect(few.totalCapped).toBeUndefined();
    expect(few.rows.map((r) => r.accessionNo)).toEqual(['CAPKW-10', 'CAPKW-100', 'CAPKW-1000', 'CAPKW-1001', 'CAPKW-1002']);
    const third = ['CAPKW-103', 'CAPKW-104', 'CAPKW-105', 'CAPKW-106', 'CAPKW-107'];
    expect((await page(3, 5, 'capkw-10', byAccession)).rows.map((r) => r.accessionNo)).toEqual(third);
    expect((await page(4, 5, 'capkw-10', byAccession)).rows.map((r) => r.accessionNo)).toEqual(['CAPKW-108', 'CAPKW-109']);
    expect((await page(5, 5, 'capkw-10', byAccession)).rows).toEqual([]);
    // A keyword without three letters or digits in a row stops at its own, lower cap.
    expect(await page(1, 5, 'kw')).toMatchObject({ total: SHORT_KEYWORD_COUNT_CAP, totalCapped: true });
    await t.db.execute(sql`delete from germ_germplasm where accession_no like 'CAPKW-%'`);
  });

  it('serves trait groups of a record and saves values with their rules', async () => {
    const trait = await t.call('POST', '/api/germ/api/trait/create', {
      token: admin,
      body: { groupName: 'T-group', code: 'T-NLB', name: 'Leaf blight', dataType: 'category', categories: ['1', '3', '5'] },
    });
    expect(trait.status).toBe(200);
    const bad = await t.call('PUT', `${base}/traits`, { token: admin, body: { germplasmId: a, values: [{ traitId: trait.body.data.id, value: '4' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('GERM_TRAIT_VALUE');
    expect(
      (await t.call('PUT', `${base}/traits`, { token: admin, body: { germplasmId: a, values: [{ traitId: trait.body.data.id, value: '3' }] } })).status,
    ).toBe(200);
    const groups = await t.call('GET', `/api/germ/front/germplasm/traitGroup/list/${a}/T-group`, { token: breeder });
    expect(groups.body.data).toEqual([{ groupName: 'T-group', traits: [expect.objectContaining({ code: 'T-NLB', value: '3' })] }]);
    const all = await t.call('GET', `/api/germ/front/germplasm/traitGroup/list/${a}/all`, { token: breeder });
    expect(all.body.data.map((g: { groupName: string }) => g.groupName)).toEqual(expect.arrayContaining(['T-group', '农艺性状']));
  });

  it('is invisible to another organisation (404, no foreign bytes) and to writes without crop operate rights', async () => {
    const res = await t.call('GET', `${base}/detail/${a}`, { token: outsider });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('TestA');
    const list = await t.call('GET', `${base}/page`, { token: outsider });
    expect(list.body.total).toBe(0);
    const upd = await t.call('PUT', `${base}/update`, { token: outsider, body: { id: a, accessionNo: 'T-A', name: 'Stolen', type: 'inbred' } });
    expect(upd.status).toBe(404);
    // The breeder only views wheat: switching to it, writes are refused.
    const crops = await t.call('GET', '/api/auth/api/login/info', { token: breeder });
    const wheat = crops.body.data.crops.find((c: { code?: string; name?: string }) => c.code === 'wheat' || /小麦|wheat/i.test(c.name ?? ''));
    await t.call('POST', `/api/auth/api/login/setCropId/${wheat.cropId ?? wheat.id}`, { token: breeder });
    const refused = await create({ accessionNo: 'W-1', name: 'Wheat', type: 'variety' }, breeder);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('CROP_READ_ONLY');
  });

  it('refuses deleting a record with offspring', async () => {
    const res = await t.call('DELETE', `${base}/${a}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('GERM_IN_USE');
  });
});

describe('germplasm import and export', () => {
  it('imports rows whose parents are earlier rows or existing records, and exports them back', async () => {
    const tpl = await t.call('GET', `${base}/template`, { token: admin, headers: { 'accept-language': 'en' } });
    expect(tpl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Germplasm');
    ws.addRow(['Accession number*', 'Name*', 'Type*', 'Generation', 'Female parent accession', 'Male parent accession', 'Pedigree', 'Synonyms']);
    ws.addRow(['IMP-1', 'Imported one', 'inbred', 'F7', '', '', '', 'I-1; One']);
    ws.addRow(['IMP-2', 'Imported two', '自交系', 'F6', '', '', '', '']);
    ws.addRow(['IMP-3', 'Imported cross', 'Hybrid', 'F1', 'IMP-1', 'IMP-2', '', '']);
    ws.addRow(['IMP-4', 'Imported BC', 'breeding', 'BC1F1', 'IMP-3', 'ZM00002', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const { payload, headers } = multipartBody({ mode: 'all' }, { name: 'germplasm.xlsx', content: file });
    const res = await t.app.inject({ method: 'POST', url: `${base}/import`, headers: { ...headers, token: admin }, payload });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(t, admin, res.json().data.taskId);
    expect(task.status).toBe('succeeded');
    const rows = (await t.call('GET', `${base}/page`, { token: admin, query: { keyword: 'Imported', orderByColumn: 'accessionNo', isAsc: 'asc' } })).body.rows;
    expect(rows.map((r: { accessionNo: string; type: string }) => [r.accessionNo, r.type])).toEqual([
      ['IMP-1', 'inbred'],
      ['IMP-2', 'inbred'],
      ['IMP-3', 'hybrid'],
      ['IMP-4', 'breeding'],
    ]);
    expect(rows[2]).toMatchObject({ pedigree: 'Imported one/Imported two', femaleParentAccession: 'IMP-1' });
    expect(rows[0].synonyms).toEqual(['I-1', 'One']);
    const exp = await t.app.inject({ method: 'GET', url: `${base}/export?keyword=Imported`, headers: { token: admin, 'accept-language': 'en' } });
    expect(exp.statusCode).toBe(200);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(exp.rawPayload as never);
    const sheet = back.worksheets[0];
    expect(sheet.rowCount).toBe(5);
    const cross = sheet.getSheetValues().find((row) => Array.isArray(row) && row[1] === 'IMP-3') as unknown[];
    expect(cross).toEqual(expect.arrayContaining(['IMP-3', 'Imported cross', 'Hybrid', 'IMP-1', 'IMP-2', 'Imported one/Imported two']));
  });

  it('refuses the whole file when a parent is unknown or an accession repeats (all or nothing)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['种质编号', '名称', '类型', '母本编号']);
    ws.addRow(['IMP-9', 'Nine', 'inbred', 'NOPE']);
    ws.addRow(['IMP-1', 'Dup', 'inbred', '']);
    const { payload, headers } = multipartBody({ mode: 'all' }, { name: 'bad.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: `${base}/import`, headers: { ...headers, token: admin }, payload });
    const task = await waitForTask(t, admin, res.json().data.taskId);
    expect(task.result).toMatchObject({ total: 2, invalid: 2, imported: 0, refused: true });
    const messages = task.result.errors.map((e: { message: string }) => e.message).join('\n');
    expect(messages).toContain('母本“NOPE”在当前作物中不存在');
    expect(messages).toContain('种质编号 IMP-1 已存在');
    const nine = await t.call('GET', `${base}/page`, { token: admin, query: { keyword: 'IMP-9' } });
    expect(nine.body.total).toBe(0);
  });

  it('reports every problem of every row in one run, naming the columns, in the user’s language (task log and report too)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['种质编号*', '名称*', '类型*', '入库日期', '系谱']);
    // Row 2: no name (schema) and an accession that exists (database): both reported in the first run.
    ws.addRow(['IMP-1', '', 'inbred', '', '']);
    ws.addRow(['IMP-20', 'Twenty', 'inbred', 'yesterday', 'A/B//']);
    ws.addRow(['IMP-21', 'Ok', 'inbred', '', '']);
    const { payload, headers } = multipartBody({ mode: 'valid' }, { name: 'import-bad.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: `${base}/import`, headers: { ...headers, token: admin, 'accept-language': 'zh-CN' }, payload });
    const task = await waitForTask(t, admin, res.json().data.taskId);
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 3, invalid: 2, imported: 1 });
    const errors = task.result.errors as { row: number; field: string; message: string }[];
    const row2 = errors.filter((e) => e.row === 2);
    expect(row2.map((e) => e.field).sort()).toEqual(['名称', '种质编号']);
    expect(row2.find((e) => e.field === '种质编号')?.message).toContain('种质编号 IMP-1 已存在');
    const row3 = errors.filter((e) => e.row === 3);
    expect(row3.map((e) => e.field).sort()).toEqual(['入库日期', '系谱'].sort());
    const text = errors.map((e) => `${e.field} ${e.message}`).join('\n');
    for (const raw of ['introducedOn', 'name', 'pedigree', 'MISSING_PARENT', 'accessionNo']) expect(text).not.toContain(raw);
    expect(row3.find((e) => e.field === '系谱')?.message).toContain('缺少亲本');
    const logs = await t.call('GET', '/api/common/logs', { token: admin, query: { taskId: task.id } });
    const lines = (logs.body.data as { message: string }[]).map((l) => l.message).join('\n');
    expect(lines).toContain('读取文件 import-bad.xlsx');
    expect(lines).toContain('共 3 行：有效 1 行，无效 2 行');
    expect(lines).not.toMatch(/rows|attempt|finished/i);
    const report = await t.app.inject({ method: 'GET', url: `/api/common/task/report/${task.id}`, headers: { token: admin, 'accept-language': 'zh-CN' } });
    expect(report.statusCode).toBe(200);
    expect(decodeURIComponent(String(report.headers['content-disposition']).split("UTF-8''")[1])).toBe('种质资源-导入错误-import-bad.xlsx');
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(report.rawPayload as never);
    expect(back.worksheets[0].getRow(2).getCell(2).value).toBe('名称');
    const en = await t.app.inject({ method: 'GET', url: `/api/common/task/report/${task.id}`, headers: { token: admin, 'accept-language': 'en' } });
    expect(decodeURIComponent(String(en.headers['content-disposition']).split("UTF-8''")[1])).toBe('Germplasm-Import errors-import-bad.xlsx');
  });
});
