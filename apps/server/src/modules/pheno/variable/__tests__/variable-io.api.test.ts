import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';
import { analysedEntryValues } from '../..';
import { taskContext } from '../../../common';

let t: TestApp;
let admin: string;
const base = '/api/pheno/api/variable';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('traits');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('trait list import and export', () => {
  it('imports traits with categories and synonyms from xlsx, reports bad rows, and exports them back', async () => {
    const header = [
      'Abbreviation',
      'Variable name',
      'Trait',
      'Method',
      'Scale type',
      'Unit',
      'Minimum',
      'Maximum',
      'Categories',
      'Synonyms',
      'Crop Ontology id',
      'Description',
    ];
    const content = await workbook([
      header,
      ['SL', 'Stalk lodging', 'Stalk lodging', 'count', 'percentage', '', '', '', '', 'STLP; Lodging', 'CO_322:0000123', ''],
      ['GLS', 'Grey leaf spot', 'Grey leaf spot', 'visual', 'ordinal', '', '', '', '1=Resistant|5=Moderate|9=Susceptible', '', '', ''],
      ['BAD', 'Bad range', 'x', '', 'numeric', '', 9, 1, '', '', '', ''],
    ]);
    const { payload, headers } = multipartBody({ mode: 'valid' }, { name: 'traits.xlsx', content });
    const res = await t.app.inject({ method: 'POST', url: `${base}/import`, payload, headers: { ...headers, token: admin, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t, admin, res.json().data.taskId);
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 3, imported: 2 });
    expect(JSON.stringify(task.result)).toContain('cannot be greater than the maximum');
    const page = await t.call('GET', `${base}/page`, { token: admin, query: { keyword: 'Lodging' } });
    expect(page.body.rows[0]).toMatchObject({ code: 'SL', scaleType: 'percentage', unit: '%', synonyms: ['STLP', 'Lodging'], ontologyId: 'CO_322:0000123' });
    const gls = (await t.call('GET', `${base}/page`, { token: admin, query: { keyword: 'GLS' } })).body.rows[0];
    expect(gls.categories).toEqual([
      { value: '1', label: 'Resistant' },
      { value: '5', label: 'Moderate' },
      { value: '9', label: 'Susceptible' },
    ]);
    const exported = await t.app.inject({ method: 'GET', url: `${base}/export?keyword=GLS`, headers: { token: admin, 'accept-language': 'en' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const values = (wb.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect(values).toEqual(expect.arrayContaining(['GLS', 'ordinal', '1=Resistant|5=Moderate|9=Susceptible']));
  });
});

describe('demo data', () => {
  it('has the alpha-lattice trial pushed with three traits observed and analysed, its BLUEs offered to genomic selection', async () => {
    const studies = await t.call('GET', '/api/pheno/api/study/page', { token: admin, query: { keyword: 'E2025-PYT01' } });
    const demo = studies.body.rows[0];
    expect(demo).toMatchObject({ pushed: true, traitCount: 3 });
    expect(demo.observationCount).toBe(demo.plotCount * 3);
    const saved = await t.call('GET', `/api/pheno/api/study/analysis/${demo.experimentId}`, { token: admin });
    expect(saved.body.data.map((r: { code: string }) => r.code).sort()).toEqual(['DTS', 'PH', 'YLD']);
    for (const r of saved.body.data) {
      expect(r.heritability).toBeGreaterThan(0);
      expect(r.heritability).toBeLessThan(1);
    }
    const found = (await t.db.execute(`select org_id as "orgId", crop_id as "cropId" from doe_experiment where id = ${demo.experimentId}`)) as unknown as {
      rows: { orgId: number; cropId: number }[];
    };
    const { orgId, cropId } = found.rows[0]!;
    const gs = await analysedEntryValues(t.db, taskContext({ orgId, createdBy: null }, 'en', cropId), { experimentId: demo.experimentId });
    expect(gs.traits.sort()).toEqual(['DTS', 'PH', 'YLD']);
    expect(gs.rows.length).toBe(saved.body.data[0].entries.length);
    expect(typeof gs.rows[0]!.values.YLD).toBe('number');
  });
});
