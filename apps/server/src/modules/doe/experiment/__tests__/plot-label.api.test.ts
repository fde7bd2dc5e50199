import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, waitForTask, type TestApp } from '../../../../test/harness';
import { pdfPages } from '../../../../test/pdf-pages';

let t: TestApp;
let admin: string;
let outsider: string;
const base = '/api/doe/api/experiment';
let designed: { id: number; code: string };
let empty: { id: number };

const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, `${base}${url}`, { token, body, headers: en });
const labels = (body: Record<string, unknown>, token = admin, lang = 'en') =>
  t.app.inject({ method: 'POST', url: `${base}/labels`, headers: { token, 'accept-language': lang }, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  const loc = await t.call('POST', '/api/doe/api/location/create', { token: admin, body: { name: 'Label station', code: 'LBL-LOC' } });
  const field = await t.call('POST', '/api/doe/api/field/create', {
    token: admin,
    body: { locationId: loc.body.data.id, name: 'Stake field', code: 'S1', type: 1, rows: 6, cols: 5, length: 30, width: 25, tiers: 1, plantRowsPerPlot: 2 },
  });
  const projectId = (await t.call('POST', '/api/doe/api/project/create', { token: admin, body: { name: 'Label project', code: 'LBL-P' } })).body.data.id;
  const where = { projectId, locationId: loc.body.data.id, fieldId: field.body.data.id };
  const exp = await call('POST', '/create', {
    projectId,
    name: 'Label trial',
    code: 'LBL-2026',
    year: 2026,
    season: 'summer',
    designMethod: 'rcbd',
    reps: 2,
    locationId: loc.body.data.id,
    fieldId: field.body.data.id,
  });
  designed = exp.body.data;
  const entries = [
    ...Array.from({ length: 12 }, (_, i) => ({ entryNo: i + 1, name: `郑单${i + 1}`, type: 'test' })),
    { entryNo: 13, name: 'Check', type: 'check' },
  ];
  expect((await call('PUT', '/entries', { id: designed.id, entries })).status).toBe(200);
  // 13 entries × 2 reps = 26 plots on 6 × 5 = 30: four fillers.
  const params = { id: designed.id, planName: 'Stakes', designMethod: 'rcbd', reps: 2, rows: 6, cols: 5, filler: 'Filler' };
  const preview = await call('POST', '/preview', params);
  expect(preview.status).toBe(200);
  const saved = await call('POST', '/design', { ...params, seed: preview.body.data.seed });
  expect((await waitForTask(t, admin, saved.body.data.taskId)).status).toBe('succeeded');
  empty = (await call('POST', '/create', { name: 'Not designed', year: 2026, season: 'summer', designMethod: 'rcbd', ...where })).body.data;
});
afterAll(() => t.close());

describe('plot labels and stakes', () => {
  it('prints one label per page on a 50 x 30 mm thermal roll, every planted plot, fillers left out', async () => {
    const res = await labels({ id: designed.id, fields: ['plotNumber', 'entryNo', 'name', 'rep', 'experiment'], code: 'both', labelFormat: 'roll-50x30' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('LBL-2026-plot-labels.pdf');
    const pages = pdfPages(res.rawPayload);
    expect(pages.count).toBe(26);
    expect(pages.sizesMm).toHaveLength(26);
    expect(pages.sizesMm.every((s) => s.width === 50 && s.height === 30)).toBe(true);
    expect(res.rawPayload.toString('latin1')).toMatch(/NotoSansSC/);
  });

  it('prints 60 x 40 mm rolls with copies, fillers when asked, and a plot range and rep', async () => {
    const withFillers = await labels({ id: designed.id, fields: ['plotId'], code: 'qr', labelFormat: 'roll-60x40', fillers: true, copies: 2 });
    const pages = pdfPages(withFillers.rawPayload);
    expect(pages.count).toBe(60);
    expect(pages.sizesMm[0]).toEqual({ width: 60, height: 40 });

    const plots = (await call('GET', `/plots/${designed.id}`)).body.data as { plotNumber: number; rep: number | null; entryType: string }[];
    const rep2 = plots.filter((p) => p.rep === 2 && p.entryType !== 'filler');
    const from = Math.min(...rep2.map((p) => p.plotNumber));
    const chosen = rep2.filter((p) => p.plotNumber >= from && p.plotNumber <= from + 4);
    const range = await labels({
      id: designed.id,
      fields: ['plotNumber', 'name'],
      code: 'code128',
      labelFormat: 'roll-100x30',
      reps: [2],
      plotFrom: from,
      plotTo: from + 4,
    });
    expect(range.statusCode).toBe(200);
    const rangePages = pdfPages(range.rawPayload);
    expect(rangePages.count).toBe(chosen.length);
    expect(rangePages.sizesMm[0]).toEqual({ width: 100, height: 30 });
  });

  it('prints A4 sheets in the sheet layouts, as many labels a page as the layout holds', async () => {
    const sheet = await labels({ id: designed.id, fields: ['plotNumber', 'plotId', 'entryNo', 'rep'], labelFormat: 'a4-4x10' });
    const pages = pdfPages(sheet.rawPayload);
    expect(pages.count).toBe(1);
    expect(pages.sizesMm[0]).toEqual({ width: 210, height: 297 });
    // 26 labels, 24 to a 3 x 8 sheet: two pages.
    expect(pdfPages((await labels({ id: designed.id, fields: ['plotNumber'], labelFormat: 'a4-3x8' })).rawPayload).count).toBe(2);
  });

  it('refuses bad requests with translated messages naming the field', async () => {
    const noLayout = await labels({ id: empty.id, fields: ['plotNumber'] });
    expect(noLayout.statusCode).toBe(409);
    expect(noLayout.json()).toMatchObject({ errorCode: 'DOE_LABELS_NO_LAYOUT' });

    const order = await labels({ id: designed.id, fields: ['plotNumber'], plotFrom: 120, plotTo: 101 }, admin, 'zh-CN');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors[0]).toMatchObject({ field: 'plotTo', errorCode: 'DOE_PLOT_RANGE_ORDER' });
    expect(order.json().msg).toContain('结束小区号 101 小于起始小区号 120');

    const none = await labels({ id: designed.id, fields: ['plotNumber'], plotFrom: 90_000 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errorCode: 'DOE_LABELS_NONE_SELECTED', msg: 'No plot lies in the chosen range and reps' });

    const format = await labels({ id: designed.id, fields: ['plotNumber'], labelFormat: 'roll-1x1' });
    expect(format.statusCode).toBe(400);
    expect(format.json().errors[0].field).toBe('labelFormat');
    expect(format.json().msg).toContain('Label format');

    const field = await labels({ id: designed.id, fields: ['lotNo'] });
    expect(field.statusCode).toBe(400);
    expect(field.json().errors[0].field).toBe('fields.0');
  });

  it('is invisible to another organisation', async () => {
    const res = await labels({ id: designed.id, fields: ['plotNumber', 'name'] }, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('郑单');
  });
});
