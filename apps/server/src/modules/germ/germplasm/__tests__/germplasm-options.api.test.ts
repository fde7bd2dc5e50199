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
});
