import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, type TestApp } from '../../../../test/harness';
import { doeLocation } from '../location.tables';

let t: TestApp;
let admin: string;
let breeder: string;
let outsider: string;
const base = '/api/doe/api/location';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>, lang = 'zh-CN') =>
  t.call('POST', `${base}/create`, { token, body, headers: { 'accept-language': lang } });

describe('locations: create and read', () => {
  it('creates a location and reads it back', async () => {
    const res = await create(admin, {
      name: ' 德州试验站 ',
      code: 'SD-DZ',
      country: '中国',
      province: '山东',
      city: '德州',
      longitude: 116.36,
      latitude: 37.43,
      remark: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '德州试验站',
      code: 'SD-DZ',
      longitude: 116.36,
      latitude: 37.43,
      status: 'enabled',
      remark: null,
      createdBy: '系统管理员',
    });
    const detail = await t.call('GET', `${base}/detail/${res.body.data.id}`, { token: breeder });
    expect(detail.body.data).toEqual(res.body.data);
  });

  it('accepts a location without coordinates, and coordinates at the limits', async () => {
    expect((await create(admin, { name: 'No map', code: 'NOMAP' })).status).toBe(200);
    expect((await create(admin, { name: 'Corner', code: 'CORNER', longitude: -180, latitude: 90 })).status).toBe(200);
  });

  it('refuses coordinates out of range, naming field and rule', async () => {
    const res = await create(admin, { name: 'Bad', code: 'BAD1', longitude: 180.5, latitude: -91 }, 'en');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'longitude', rule: 'max', message: 'Longitude must be at most 180' },
        { field: 'latitude', rule: 'min', message: 'Latitude must be at least -90' },
      ]),
    );
  });

  it('refuses one coordinate without the other (both or neither)', async () => {
    const res = await create(admin, { name: 'Half', code: 'HALF', longitude: 100 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'DOE_COORDINATES_PAIR', msg: '经度和纬度须同时填写或同时为空' });
    expect(res.body.errors[0].field).toBe('latitude');
  });

  it('refuses a missing name, a bad code and wrong types', async () => {
    const res = await create(admin, { code: 'a b', longitude: 'east', latitude: 1 });
    expect(res.status).toBe(400);
    const rules = Object.fromEntries(res.body.errors.map((e: { field: string; rule: string }) => [e.field, e.rule]));
    expect(rules).toMatchObject({ name: 'required', code: 'format', longitude: 'type' });
  });

  it('keeps codes unique within the organisation, but not across organisations', async () => {
    await create(admin, { name: 'One', code: 'DUP-1' });
    const dup = await create(admin, { name: 'Two', code: 'DUP-1' }, 'en');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'DOE_LOCATION_CODE_EXISTS', msg: 'Location code DUP-1 already exists' });
    expect((await create(outsider, { name: 'Theirs', code: 'DUP-1' })).status).toBe(200);
  });

  it('ignores injected organisation, id and audit fields', async () => {
    const res = await create(admin, {
      name: 'Sneaky',
      code: 'SNEAKY',
      orgId: 999,
      org_id: 999,
      id: 424242,
      createdBy: 999,
      created_by: 999,
      status: 'disabled',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).not.toBe(424242);
    expect(res.body.data.status).toBe('enabled');
    const [row] = await t.db.select().from(doeLocation).where(eq(doeLocation.id, res.body.data.id));
    expect(row.orgId).not.toBe(999);
    expect(row.createdBy).not.toBe(999);
  });
});

describe('locations: list', () => {
  it('pages, counts and sorts', async () => {
    const first = await t.call('GET', `${base}/page`, { token: admin, query: { pageNum: 1, pageSize: 2, orderByColumn: 'code', isAsc: 'asc' } });
    expect(first.body.code).toBe(0);
    expect(first.body.rows).toHaveLength(2);
    const all = await t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 200, orderByColumn: 'code', isAsc: 'asc' } });
    expect(first.body.total).toBe(all.body.rows.length);
    const codes = all.body.rows.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(first.body.rows.map((r: { code: string }) => r.code)).toEqual(codes.slice(0, 2));
    const desc = await t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 200, orderByColumn: 'code', isAsc: 'desc' } });
    expect(desc.body.rows.map((r: { code: string }) => r.code)).toEqual([...codes].reverse());
  });

  it('ignores an unknown sort column instead of failing, and refuses an unsafe one', async () => {
    expect((await t.call('GET', `${base}/page`, { token: admin, query: { orderByColumn: 'password' } })).status).toBe(200);
    const injected = await t.call('GET', `${base}/page`, { token: admin, query: { orderByColumn: 'name;drop table doe_location' } });
    expect(injected.status).toBe(400);
    expect(injected.body.errors[0].field).toBe('orderByColumn');
  });

  it('filters by keyword (literally) and by status', async () => {
    const kw = await t.call('GET', `${base}/page`, { token: admin, query: { keyword: '三亚' } });
    expect(kw.body.rows.map((r: { code: string }) => r.code)).toEqual(['HN-SY']);
    const wildcard = await t.call('GET', `${base}/page`, { token: admin, query: { keyword: '%' } });
    expect(wildcard.body.total).toBe(0);
    const disabled = await t.call('GET', `${base}/page`, { token: admin, query: { status: 'disabled' } });
    expect(disabled.body.rows.every((r: { status: string }) => r.status === 'disabled')).toBe(true);
    expect(disabled.body.total).toBeGreaterThan(0);
  });

  it('caps the page size', async () => {
    const res = await t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 10000 } });
    expect(res.status).toBe(400);
  });
});

describe('locations: update, status, delete', () => {
  it('updates a location', async () => {
    const { id } = (await create(admin, { name: 'To edit', code: 'EDIT-1' })).body.data;
    const res = await t.call('PUT', `${base}/update`, { token: breeder, body: { id, name: 'Edited', code: 'EDIT-1', longitude: 1, latitude: 2 } });
    expect(res.body.data).toMatchObject({ id, name: 'Edited', longitude: 1, latitude: 2 });
  });

  it('refuses to update a code into one that exists', async () => {
    const { id } = (await create(admin, { name: 'Mover', code: 'MOVE-1' })).body.data;
    const res = await t.call('PUT', `${base}/update`, { token: admin, body: { id, name: 'Mover', code: 'HN-SY' } });
    expect(res.status).toBe(409);
  });

  it('enables and disables several at once, all or none', async () => {
    const a = (await create(admin, { name: 'A', code: 'ST-A' })).body.data.id;
    const b = (await create(admin, { name: 'B', code: 'ST-B' })).body.data.id;
    const res = await t.call('PUT', `${base}/status`, { token: admin, body: { ids: [a, b], status: 'disabled' } });
    expect(res.body.data).toEqual({ updated: 2 });
    const missing = await t.call('PUT', `${base}/status`, { token: admin, body: { ids: [a, 99999999], status: 'enabled' } });
    expect(missing.status).toBe(404);
    const [row] = await t.db.select().from(doeLocation).where(eq(doeLocation.id, a));
    expect(row.status).toBe('disabled');
  });

  it('discards locations: hidden from the list unless asked for, refused for new experiments, taken back', async () => {
    const { id } = (await create(admin, { name: 'Abandoned', code: 'ABND' })).body.data;
    const fieldId = (
      await t.call('POST', '/api/doe/api/field/create', { token: admin, body: { locationId: id, name: 'A', code: 'ABND-F', type: 1, rows: 4, cols: 4 } })
    ).body.data.id;
    const projectId = (await t.call('POST', '/api/doe/api/project/create', { token: admin, body: { name: 'Abandoned project', code: 'ABND-P' } })).body.data.id;
    expect((await t.call('PUT', `${base}/discard`, { token: admin, body: { ids: [id], discarded: true } })).body.data).toEqual({ updated: 1 });
    const codes = async (q: Record<string, string>) =>
      (await t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 200, ...q } })).body.rows.map((r: { code: string }) => r.code);
    expect(await codes({})).not.toContain('ABND');
    expect(await codes({ discarded: 'only' })).toEqual(['ABND']);
    expect(await codes({ discarded: 'all' })).toContain('ABND');
    const exp = await t.call('POST', '/api/doe/api/experiment/create', {
      token: admin,
      body: { name: 'X', year: 2026, season: 'spring', designMethod: 'rcbd', projectId, locationId: id, fieldId },
      headers: { 'accept-language': 'en' },
    });
    expect(exp.body).toMatchObject({ errorCode: 'DOE_LOCATION_DISCARDED', msg: 'Location Abandoned is discarded and cannot be used for a new design' });
    expect((await t.call('PUT', `${base}/discard`, { token: admin, body: { ids: [id, 99999999], discarded: false } })).status).toBe(404);
    await t.call('PUT', `${base}/discard`, { token: admin, body: { ids: [id], discarded: false } });
    expect(await codes({})).toContain('ABND');
    expect((await t.call('PUT', `${base}/discard`, { token: outsider, body: { ids: [id], discarded: true } })).status).toBe(404);
  });

  it('deletes a location', async () => {
    const { id } = (await create(admin, { name: 'Doomed', code: 'DOOM' })).body.data;
    expect((await t.call('DELETE', `${base}/${id}`, { token: admin })).body.code).toBe(0);
    expect((await t.call('GET', `${base}/detail/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', `${base}/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('locations: tenancy', () => {
  it('hides another organisation’s locations entirely (404, no foreign bytes, own totals)', async () => {
    const mine = (await create(admin, { name: '机密试验站', code: 'SECRET-1' })).body.data;
    const reads = [
      await t.call('GET', `${base}/detail/${mine.id}`, { token: outsider }),
      await t.call('PUT', `${base}/update`, { token: outsider, body: { id: mine.id, name: 'stolen', code: 'X' } }),
      await t.call('PUT', `${base}/status`, { token: outsider, body: { ids: [mine.id], status: 'disabled' } }),
      await t.call('DELETE', `${base}/${mine.id}`, { token: outsider }),
    ];
    for (const res of reads) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('机密');
      expect(res.text).not.toContain('SECRET-1');
    }
    const list = await t.call('GET', `${base}/page`, { token: outsider, query: { pageSize: 200 } });
    expect(list.text).not.toContain('SECRET-1');
    const [{ n }] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from doe_location l join sys_org o on o.id = l.org_id where o.code = 'rival'`,
    );
    expect(list.body.total).toBe(n);
    const [row] = await t.db.select().from(doeLocation).where(eq(doeLocation.id, mine.id));
    expect(row).toMatchObject({ name: '机密试验站', status: 'enabled' });
  });
});
