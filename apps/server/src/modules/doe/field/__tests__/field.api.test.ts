import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let outsider: string;
let locationId: number;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, `/api/doe/api${url}`, { token, body, headers: en });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  locationId = (await call('POST', '/location/create', { name: 'Field station', code: 'FS-1' })).body.data.id;
});
afterAll(() => t.close());

const field = (extra: Record<string, unknown> = {}) => ({
  locationId,
  name: 'F',
  code: `F-${Math.random().toString(36).slice(2, 7)}`,
  type: 1,
  rows: 10,
  cols: 8,
  ...extra,
});

describe('fields', () => {
  it('creates a field with its area computed from length and width', async () => {
    const res = await call('POST', '/field/create', field({ name: 'East', code: 'EAST', length: 50.5, width: 20, spacing: 60, plantRowsPerPlot: 4, tiers: 3 }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'East',
      plots: 80,
      area: 1010,
      tiers: 3,
      plantRowsPerPlot: 4,
      locationName: 'Field station',
      status: 'enabled',
      discarded: false,
    });
    expect((await call('POST', '/field/create', field({ code: 'NOAREA' }))).body.data.area).toBeNull();
  });

  it('keeps codes unique per location', async () => {
    await call('POST', '/field/create', field({ code: 'DUP' }));
    const dup = await call('POST', '/field/create', field({ code: 'DUP' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'DOE_FIELD_CODE_EXISTS', msg: 'Field code DUP already exists at this location' });
    const other = (await call('POST', '/location/create', { name: 'Other', code: 'FS-2' })).body.data.id;
    expect((await call('POST', '/field/create', field({ code: 'DUP', locationId: other }))).status).toBe(200);
  });

  it('refuses a plot total over the maximum, tiers outside 1..1000 or above the rows, and a bad type', async () => {
    const big = await call('POST', '/field/create', field({ rows: 1000, cols: 101 }));
    expect(big.body).toMatchObject({ errorCode: 'DOE_PLOT_TOTAL_EXCEEDED', msg: 'The plot total (rows × columns) 101000 exceeds the maximum of 100000' });
    expect((await call('POST', '/field/create', field({ tiers: 0 }))).body.errors[0]).toMatchObject({
      field: 'tiers',
      rule: 'min',
      message: 'Tiers must be at least 1',
    });
    expect((await call('POST', '/field/create', field({ rows: 2000, cols: 2, tiers: 1001 }))).body.errors[0]).toMatchObject({ field: 'tiers', rule: 'max' });
    expect((await call('POST', '/field/create', field({ rows: 3, tiers: 4 }))).body).toMatchObject({
      errorCode: 'DOE_TIERS_EXCEED_ROWS',
      msg: 'There cannot be more tiers (4) than rows (3)',
    });
    expect((await call('POST', '/field/create', field({ type: 4 }))).body.errors[0]).toMatchObject({ field: 'type', rule: 'max' });
  });

  it('enables and disables; discards, hides and takes back', async () => {
    const { id } = (await call('POST', '/field/create', field({ name: 'Old', code: 'OLD' }))).body.data;
    expect((await call('PUT', '/field/status', { ids: [id], status: 'disabled' })).body.data.updated).toBe(1);
    expect((await call('GET', `/field/detail/${id}`)).body.data.status).toBe('disabled');
    await call('PUT', '/field/discard', { ids: [id], discarded: true });
    const list = async (q: string) =>
      (await t.call('GET', `/api/doe/api/field/page?locationId=${locationId}&pageSize=200${q}`, { token: admin })).body.rows.map((r: { id: number }) => r.id);
    expect(await list('')).not.toContain(id);
    expect(await list('&discarded=only')).toEqual([id]);
    expect(await list('&discarded=all')).toContain(id);
    await call('PUT', '/field/discard', { ids: [id], discarded: false });
    expect(await list('')).toContain(id);
    expect((await call('PUT', '/field/status', { ids: [id, 99999999], status: 'enabled' })).status).toBe(404);
  });

  it('lists germplasm fields (type 3) for the germplasm location screen', async () => {
    await call('POST', '/field/create', field({ name: 'Gene bank', code: 'GB', type: 3 }));
    const res = await t.call('GET', '/api/doe/api/field/page?type=3&pageSize=200', { token: admin });
    expect(res.body.rows.length).toBeGreaterThan(0);
    expect(res.body.rows.every((r: { type: number }) => r.type === 3)).toBe(true);
  });

  it('keeps a field and a location that are in use', async () => {
    const { id } = (await call('POST', '/field/create', field({ code: 'USED' }))).body.data;
    const projectId = (await call('POST', '/project/create', { name: 'Uses fields', code: 'USES-F' })).body.data.id;
    const exp = await call('POST', '/experiment/create', {
      name: 'Uses it',
      year: 2026,
      season: 'summer',
      designMethod: 'rcbd',
      projectId,
      locationId,
      fieldId: id,
    });
    expect(exp.status).toBe(200);
    const res = await call('DELETE', `/field/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('DOE_FIELD_IN_USE');
    expect((await call('DELETE', `/location/${locationId}`)).body.errorCode).toBe('DOE_LOCATION_IN_USE');
    const free = (await call('POST', '/field/create', field({ code: 'FREE' }))).body.data.id;
    expect((await call('DELETE', `/field/${free}`)).status).toBe(200);
  });

  it('hides fields of other organisations', async () => {
    const { id } = (await call('POST', '/field/create', field({ name: '机密田', code: 'SECRET' }))).body.data;
    for (const res of [
      await call('GET', `/field/detail/${id}`, undefined, outsider),
      await call('PUT', '/field/update', field({ id, code: 'X' }), outsider),
      await call('PUT', '/field/discard', { ids: [id], discarded: true }, outsider),
      await call('DELETE', `/field/${id}`, undefined, outsider),
      await call('GET', `/block/page?fieldId=${id}`, undefined, outsider),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('机密');
    }
  });
});

describe('blocks', () => {
  let fieldId: number;
  beforeAll(async () => {
    // 10 rows in 2 tiers: rows 1-5 and 6-10.
    fieldId = (await call('POST', '/field/create', field({ name: 'Blocks', code: 'BLK', rows: 10, cols: 8, tiers: 2 }))).body.data.id;
  });
  const block = (extra: Record<string, unknown>) => ({ fieldId, name: 'B', startRow: 1, startCol: 1, rows: 2, cols: 4, ...extra });

  it('adds blocks inside the field, each in one tier, with unique names and no overlap', async () => {
    const a = await call('POST', '/block/create', block({ name: 'A' }));
    expect(a.body.data).toMatchObject({ name: 'A', tier: 1, plots: 8 });
    const b = await call('POST', '/block/create', block({ name: 'B', startRow: 6 }));
    expect(b.body.data.tier).toBe(2);
    const dup = await call('POST', '/block/create', block({ name: 'A', startCol: 5 }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'DOE_BLOCK_NAME_EXISTS', msg: 'Block name A already exists in this field' });
    expect(dup.body.errors[0]).toMatchObject({ field: 'name' });
    const crossing = await call('POST', '/block/create', block({ name: 'C', startRow: 5, startCol: 5 }));
    expect(crossing.body).toMatchObject({ errorCode: 'DOE_BLOCK_CROSSES_TIER', msg: 'Block C crosses a tier (rows 5–6); a plot layout cannot cross tiers' });
    const outside = await call('POST', '/block/create', block({ name: 'D', startCol: 6 }));
    expect(outside.body.errorCode).toBe('DOE_BLOCK_OUTSIDE_FIELD');
    const overlap = await call('POST', '/block/create', block({ name: 'E', startCol: 3 }));
    expect(overlap.body).toMatchObject({ errorCode: 'DOE_BLOCK_OVERLAP', msg: 'Block E overlaps block A' });
    const moved = await call('PUT', '/block/update', { id: a.body.data.id, name: 'A', startRow: 3, startCol: 1, rows: 3, cols: 4 });
    expect(moved.body.data).toMatchObject({ startRow: 3, tier: 1 });
  });

  it('tiles a field tier by tier and refuses more blocks than the maximum', async () => {
    const tiled = await call('POST', '/block/generate', { fieldId, rowsPerBlock: 2, colsPerBlock: 4, prefix: 'T' });
    // Each tier of 5 rows: blocks of 2, 2 and 1 rows, two across: 6 per tier.
    expect(tiled.body.data.updated).toBe(12);
    const page = await t.call('GET', `/api/doe/api/block/page?fieldId=${fieldId}&pageSize=200`, { token: admin });
    expect(
      page.body.rows.every((b: { startRow: number; rows: number; tier: number }) =>
        b.startRow + b.rows - 1 <= 5 ? b.tier === 1 : b.startRow >= 6 && b.tier === 2,
      ),
    ).toBe(true);
    const big = (await call('POST', '/field/create', field({ name: 'Huge', code: 'HUGE', rows: 100, cols: 100 }))).body.data.id;
    const blocks = Array.from({ length: 1001 }, (_, i) => ({ name: `b${i}`, startRow: Math.floor(i / 100) + 1, startCol: (i % 100) + 1, rows: 1, cols: 1 }));
    const res = await call('PUT', '/block/save', { fieldId: big, blocks });
    expect(res.body).toMatchObject({ errorCode: 'DOE_BLOCK_COUNT_EXCEEDED', msg: 'Block count 1001 exceeds the maximum of 1000' });
    expect((await call('PUT', '/block/save', { fieldId: big, blocks: blocks.slice(0, 1000) })).body.data.updated).toBe(1000);
  });

  it('a field keeps its blocks: shrinking or re-tiering that would cut one is refused', async () => {
    const f = (await call('GET', `/field/detail/${fieldId}`)).body.data;
    const shrink = await call('PUT', '/field/update', { ...f, rows: 8 });
    expect(shrink.body.errorCode).toBe('DOE_FIELD_CUTS_BLOCKS');
    const retier = await call('PUT', '/field/update', { ...f, tiers: 4 });
    expect(retier.body.errorCode).toBe('DOE_FIELD_TIERS_CUT_BLOCKS');
    expect((await call('PUT', '/field/update', { ...f, name: 'Blocks 2', cols: 9 })).body.data.cols).toBe(9);
  });
});
