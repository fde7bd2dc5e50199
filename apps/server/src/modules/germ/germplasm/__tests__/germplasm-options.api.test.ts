// Issue 14 item 8: remote selects rank an exact match first, then a prefix, then anywhere (the shared
// keywordSearch of every `.../options` endpoint), whatever the endpoint's own order would say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('germplasm options', () => {
  it('list 郑58 before 郑58×Mo17 and before names that only contain it', async () => {
    // Accession numbers sort the other way round, so only the ranking can put the exact match first.
    const records = [
      { accessionNo: 'RK-001', name: '京豫RK88改' },
      { accessionNo: 'RK-002', name: '豫RK88×Mo17' },
      { accessionNo: 'RK-003', name: '豫RK88' },
    ];
    for (const r of records) {
      const res = await t.call('POST', '/api/germ/api/germplasm/create', { token: admin, body: { ...r, type: 'inbred' } });
      expect(res.status, res.text).toBe(200);
    }
    const res = await t.call('GET', '/api/germ/api/germplasm/options', { token: admin, query: { keyword: '郑58' } });
    expect(res.status, res.text).toBe(200);
    // The demo bank holds 郑58 and dozens of 郑58×... lines: 郑58 itself comes first.
    expect(res.body.data[0].name).toBe('郑58');
    expect(res.body.data[1].name).toMatch(/^郑58./);
    const mine = await t.call('GET', '/api/germ/api/germplasm/options', { token: admin, query: { keyword: '豫RK88' } });
    expect(mine.body.data.map((o: { name: string }) => o.name)).toEqual(['豫RK88', '豫RK88×Mo17', '京豫RK88改']);

    // Case-insensitive, on either column: the accession number typed in lower case is exact.
    const byCode = await t.call('GET', '/api/germ/api/germplasm/options', { token: admin, query: { keyword: 'rk-00' } });
    expect(byCode.body.data.map((o: { accessionNo: string }) => o.accessionNo)).toEqual(['RK-001', 'RK-002', 'RK-003']);
    const exactCode = await t.call('GET', '/api/germ/api/germplasm/options', { token: admin, query: { keyword: 'rk-003' } });
    expect(exactCode.body.data[0].accessionNo).toBe('RK-003');
  });

  it('rank the DOE pickers the same way (projects by name or code)', async () => {
    const names = ['Maize trial 2026 north', 'Maize trial', 'Early maize trial'];
    for (const [i, name] of names.entries()) {
      const res = await t.call('POST', '/api/doe/api/project/create', { token: admin, body: { name, code: `RKP-${i}` } });
      expect(res.status, res.text).toBe(200);
    }
    const res = await t.call('GET', '/api/doe/api/project/options', { token: admin, query: { keyword: 'maize trial' } });
    expect(res.status, res.text).toBe(200);
    const got = res.body.data.map((o: { name: string }) => o.name).filter((n: string) => names.includes(n));
    expect(got).toEqual(['Maize trial', 'Maize trial 2026 north', 'Early maize trial']);
  });

  it('rank the pickers that search a page the same way when no column is sorted: lots, fields and planting lists', async () => {
    const germ = '/api/germ/api';
    // Created in the ranked order: the default order (newest first) would list them the other way round.
    const lines = ['RKL7', 'RKL7×Mo17', '京RKL7改'];
    const wh = await t.call('POST', `${germ}/place/create`, { token: admin, body: { level: 'warehouse', code: 'RK-WH', name: 'Rank store' } });
    const shelf = await t.call('POST', `${germ}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'RK-A', name: 'A' } });
    const box = await t.call('POST', `${germ}/place/create`, {
      token: admin,
      body: { level: 'box', parentId: shelf.body.data.id, code: 'RK-A-1', name: 'Box' },
    });
    for (const [i, name] of lines.entries()) {
      const g = await t.call('POST', `${germ}/germplasm/create`, { token: admin, body: { accessionNo: `RKL-${i}`, name, type: 'inbred' } });
      expect(g.status, g.text).toBe(200);
      const lot = await t.call('POST', `${germ}/lot/create`, {
        token: admin,
        body: { germplasmId: g.body.data.id, placeId: box.body.data.id, unit: 'g', quantity: 5 },
      });
      expect(lot.status, lot.text).toBe(200);
    }
    const lots = await t.call('GET', `${germ}/lot/page`, { token: admin, query: { keyword: 'rkl7' } });
    expect(lots.status, lots.text).toBe(200);
    expect(lots.body.rows.map((r: { germplasmName: string }) => r.germplasmName)).toEqual(lines);
    // A column the user sorts by wins over the ranking.
    const sorted = await t.call('GET', `${germ}/lot/page`, { token: admin, query: { keyword: 'rkl7', orderByColumn: 'accessionNo', isAsc: 'asc' } });
    expect(sorted.body.rows.map((r: { accessionNo: string }) => r.accessionNo)).toEqual(['RKL-0', 'RKL-1', 'RKL-2']);

    const doe = '/api/doe/api';
    const locationId = (await t.call('GET', `${doe}/location/page`, { token: admin, query: { keyword: 'BJ-CP' } })).body.rows[0].id;
    const fields = ['RKF9', 'RKF9 north', '北RKF9区'];
    for (const [i, name] of fields.entries()) {
      const f = await t.call('POST', `${doe}/field/create`, { token: admin, body: { locationId, name, code: `RKF-${i}`, type: 1, rows: 4, cols: 4 } });
      expect(f.status, f.text).toBe(200);
    }
    const f = await t.call('GET', `${doe}/field/page`, { token: admin, query: { keyword: 'RKF9' } });
    expect(f.status, f.text).toBe(200);
    expect(f.body.rows.map((r: { name: string }) => r.name)).toEqual(fields);

    const lists = ['RKG4', 'RKG4 spring', 'Spring RKG4 list'];
    for (const name of lists) {
      const l = await t.call('POST', `${doe}/germList/create`, { token: admin, body: { name, type: 'experiment' } });
      expect(l.status, l.text).toBe(200);
    }
    const l = await t.call('GET', `${doe}/germList/page`, { token: admin, query: { keyword: 'rkg4' } });
    expect(l.status, l.text).toBe(200);
    expect(l.body.rows.map((r: { name: string }) => r.name)).toEqual(lists);
  });
});
