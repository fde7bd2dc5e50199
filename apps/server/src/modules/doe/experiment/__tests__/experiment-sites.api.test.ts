import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitForTask, type TestApp } from '../../../../test/harness';
import { pdfPages } from '../../../../test/pdf-pages';
import { atSite, plotLabel } from '../plot-label.service';

/** Issue 14 items 1 and 16: field over-booking, and one experiment over several locations. */
let t: TestApp;
let admin: string;
let projectId: number;
let stationA: number;
let stationB: number;
let fieldA: number;
let fieldB: number;
const base = '/api/doe/api/experiment';
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, lang = 'en') =>
  t.call(method, `/api/doe/api${url}`, { token: admin, body, headers: { 'accept-language': lang } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  projectId = (await call('POST', '/project/create', { name: 'Sites', code: 'SITES-P' })).body.data.id;
  stationA = (await call('POST', '/location/create', { name: 'Station A', code: 'ST-A' })).body.data.id;
  stationB = (await call('POST', '/location/create', { name: 'Station B', code: 'ST-B' })).body.data.id;
  fieldA = (await call('POST', '/field/create', { locationId: stationA, name: 'A14x12', code: 'A1', type: 1, rows: 14, cols: 12 })).body.data.id;
  fieldB = (await call('POST', '/field/create', { locationId: stationB, name: 'B10x10', code: 'B1', type: 1, rows: 10, cols: 10 })).body.data.id;
});
afterAll(() => t.close());

const entries = (tests: number) => [
  ...Array.from({ length: tests }, (_, i) => ({ entryNo: i + 1, name: `L${i + 1}`, type: 'test' })),
  { entryNo: tests + 1, name: 'Check', type: 'check' },
];

async function experiment(name: string, fieldId = fieldA, locationId = stationA, season = 'spring') {
  const res = await call('POST', '/experiment/create', { name, year: 2026, season, designMethod: 'rcbd', reps: 2, projectId, locationId, fieldId });
  expect(res.status).toBe(200);
  await call('PUT', '/experiment/entries', { id: res.body.data.id, entries: entries(29) });
  return res.body.data.id as number;
}
const rcbd = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  planName: 'RCBD',
  designMethod: 'rcbd',
  reps: 2,
  rows: 6,
  cols: 10,
  seed: 11,
  filler: 'Guard',
  ...extra,
});
async function save(body: Record<string, unknown>) {
  const res = await call('POST', '/experiment/design', body);
  if (res.status !== 200) return res;
  return { status: 200, body: await waitForTask(t, admin, res.body.data.taskId) };
}

describe('field over-booking (issue 14 item 1)', () => {
  it('refuses a layout over plots another experiment of the season uses, names them, and records an explicit share', async () => {
    const first = await experiment('Owner');
    expect((await save(rcbd(first))).body).toMatchObject({ status: 'succeeded' });

    const second = await experiment('Intruder');
    const preview = await call('POST', '/experiment/preview', rcbd(second, { rows: 8 }));
    expect(preview.status).toBe(200);
    expect(preview.body.data.conflicts).toEqual([expect.objectContaining({ experimentId: first, name: 'Owner', plots: 60 })]);

    const refused = await call('POST', '/experiment/design', rcbd(second, { rows: 8 }));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'DOE_PLOTS_IN_USE' });
    expect(refused.body.msg).toContain('60 plots of field A14x12 are already used by Owner (');
    expect(refused.body.errors[0].field).toBe('sharePlots');
    const zh = await call('POST', '/experiment/design', rcbd(second, { rows: 8 }), 'zh-CN');
    expect(zh.body.msg).toContain('田块 A14x12 的 60 个小区已被同季试验 Owner');
    expect((await call('GET', `/experiment/detail/${second}`)).body.data.status).toBe('temporary');

    // Sharing on purpose: saved, and recorded on the design.
    const shared = await save(rcbd(second, { rows: 8, sharePlots: true }));
    expect(shared.body).toMatchObject({ status: 'succeeded' });
    const detail = (await call('GET', `/experiment/detail/${second}`)).body.data;
    expect(detail.sites[0]).toMatchObject({ sharePlots: true, design: { sharedWith: [expect.objectContaining({ experimentId: first, plots: 60 })] } });
  });

  it('lets another season use the same plots, and a user share them on purpose', async () => {
    const free = await call('POST', '/field/create', { locationId: stationA, name: 'Free', code: 'A2', type: 1, rows: 14, cols: 12 });
    const owner = await experiment('Spring owner', free.body.data.id);
    expect((await save(rcbd(owner))).body.status).toBe('succeeded');
    const autumn = await experiment('Autumn', free.body.data.id, stationA, 'autumn');
    const p = await call('POST', '/experiment/preview', rcbd(autumn));
    expect(p.body.data.conflicts).toEqual([]);
    expect((await save(rcbd(autumn))).body.status).toBe('succeeded');
    // A third of the season shares on purpose.
    const late = await experiment('Late', free.body.data.id);
    const task = await call('POST', '/experiment/design', rcbd(late, { sharePlots: true }));
    expect(task.status).toBe(200);
    expect((await waitForTask(t, admin, task.body.data.taskId)).status).toBe('succeeded');
  });

  it('lists the experiments on a field through the field filter', async () => {
    const res = await t.call('GET', `${base}/page`, { token: admin, query: { fieldId: String(fieldA), pageSize: '50' }, headers: en });
    expect(res.body.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Intruder', 'Owner']);
  });
});

describe('multi-location experiments (issue 14 item 16)', () => {
  it('designs and randomises each location on its own, and exports every location', async () => {
    const sitesField = (await call('POST', '/field/create', { locationId: stationA, name: 'Multi A', code: 'MA', type: 1, rows: 8, cols: 10 })).body.data.id;
    const id = await experiment('Multi', sitesField);
    const added = await call('POST', '/experiment/site', { id, locationId: stationB, fieldId: fieldB });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ seq: 2, locationName: 'Station B', fieldName: 'B10x10', fieldRows: 10, fieldCols: 10, design: null });
    const again = await call('POST', '/experiment/site', { id, locationId: stationB, fieldId: fieldB });
    expect(again.body).toMatchObject({ errorCode: 'DOE_SITE_FIELD_EXISTS', msg: 'The experiment already has a design on field B10x10' });
    const wrong = await call('POST', '/experiment/site', { id, locationId: stationA, fieldId: fieldB });
    expect(wrong.body.errorCode).toBe('DOE_FIELD_NOT_IN_LOCATION');

    const sites = (await call('GET', `/experiment/detail/${id}`)).body.data.sites;
    expect(sites.map((s: { seq: number; locationName: string }) => `${s.seq}:${s.locationName}`)).toEqual(['1:Station A', '2:Station B']);
    expect((await save(rcbd(id, { siteId: sites[0].id, seed: 1 }))).body.status).toBe('succeeded');
    const second = await save(rcbd(id, { siteId: sites[1].id, planName: 'RCBD B', seed: 2, rows: 10, cols: 6 }));
    expect(second.body.status).toBe('succeeded');

    const detail = (await call('GET', `/experiment/detail/${id}`)).body.data;
    expect(detail.status).toBe('designed');
    expect(detail.plotCount).toBe(120);
    expect(detail.sites.map((s: { plotCount: number; design: { seed: number; planName: string } }) => [s.plotCount, s.design.seed, s.design.planName])).toEqual(
      [
        [60, 1, 'RCBD'],
        [60, 2, 'RCBD B'],
      ],
    );
    const a = (await call('GET', `/experiment/plots/${id}?siteId=${sites[0].id}`)).body.data;
    const b = (await call('GET', `/experiment/plots/${id}?siteId=${sites[1].id}`)).body.data;
    expect(a).toHaveLength(60);
    expect(b).toHaveLength(60);
    expect(b.every((p: { site: number; plotId: string }) => p.site === 2 && /-L2-/.test(p.plotId))).toBe(true);
    // Randomised separately: another seed, another order.
    expect(b.map((p: { name: string }) => p.name)).not.toEqual(a.map((p: { name: string }) => p.name));
    const all = (await call('GET', `/experiment/plots/${id}`)).body.data;
    expect(all).toHaveLength(120);

    const csv = await t.app.inject({ method: 'GET', url: `${base}/fieldbook/${id}?format=csv`, headers: { token: admin } });
    const lines = csv.body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(120);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(120);
    expect(lines.filter((l) => l.includes(',Station B,B10x10,'))).toHaveLength(60);
    expect(lines.filter((l) => l.includes(',Station A,Multi A,'))).toHaveLength(60);
    const pdf = await t.app.inject({ method: 'GET', url: `${base}/map/${id}?siteId=${sites[1].id}`, headers: { token: admin } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('-L2-map.pdf');

    // The list names every location of the trial (site 1 first) and counts the plots of all sites.
    const listed = (await t.call('GET', `${base}/page`, { token: admin, query: { keyword: 'Multi', pageSize: '50' }, headers: en })).body.rows;
    expect(listed.find((r: { id: number }) => r.id === id)).toMatchObject({
      siteLocations: ['Station A', 'Station B'],
      plotCount: 120,
      locationName: 'Station A',
    });
    const single = listed.find((r: { name: string }) => r.name !== 'Multi');
    if (single) expect(single.siteLocations).toHaveLength(1);

    // Plot labels: one site, or every site; a site of another experiment is not found.
    const printLabels = (extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/labels`,
        headers: { token: admin, ...en },
        payload: { id, fields: ['plotNumber', 'place'], code: 'qr', labelFormat: 'roll-50x30', ...extra },
      });
    const one = await printLabels({ siteId: sites[1].id });
    expect(one.statusCode).toBe(200);
    expect(pdfPages(one.rawPayload).count).toBe(60);
    expect(pdfPages((await printLabels({})).rawPayload).count).toBe(120);
    expect((await printLabels({ siteId: 2_000_000_000 })).statusCode).toBe(404);
    // Each label names its own site's location and field.
    const exp = (await call('GET', `/experiment/detail/${id}`)).body.data;
    const label = plotLabel(b[0], atSite(exp, exp.sites, b[0].site), ['plotNumber', 'place'], 'en');
    expect(label.lines[1]).toBe('Place: Station B B10x10');

    // A designed site stays until the design is reset; the last site never goes.
    expect((await call('DELETE', `/experiment/site/${sites[1].id}`)).body.errorCode).toBe('DOE_SITE_DESIGNED');
    expect((await call('PUT', '/experiment/status', { id, action: 'reset' })).body.data).toMatchObject({ status: 'temporary', plotCount: 0 });
    expect((await call('DELETE', `/experiment/site/${sites[1].id}`)).status).toBe(200);
    const last = await call('DELETE', `/experiment/site/${sites[0].id}`);
    expect(last.body).toMatchObject({ errorCode: 'DOE_SITE_LAST', msg: 'An experiment needs at least one location' });
  });

  it('keeps a single-location experiment working as before (site 1 is its location and field)', async () => {
    const id = await experiment('Single', fieldB, stationB, 'winter');
    expect((await save(rcbd(id))).body.status).toBe('succeeded');
    const detail = (await call('GET', `/experiment/detail/${id}`)).body.data;
    expect(detail).toMatchObject({ locationName: 'Station B', fieldName: 'B10x10', plotCount: 60, design: { planName: 'RCBD', seed: 11 } });
    expect(detail.sites).toHaveLength(1);
    const plots = (await call('GET', `/experiment/plots/${id}`)).body.data;
    expect(plots[0].plotId).toMatch(/^E2026-\d{4}-\d+$/);
  });
});
