import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';
import { sysCrop, sysOrg } from '../../../system';

const api = '/api/germ/api';
let t: TestApp, admin: string, breeder: string, maizeId: number, riceId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  const crops = await t.db.select().from(sysCrop).where(eq(sysCrop.orgId, org.id));
  maizeId = crops.find((c) => c.code === 'maize')!.id;
  riceId = crops.find((c) => c.code === 'rice')!.id;
});
afterAll(() => t.close());

const register = (token: string, body: Record<string, unknown>, lang = 'en') =>
  t.call('POST', `${api}/germplasm/create`, { token, body: { name: 'Series line', type: 'inbred', ...body }, headers: { 'accept-language': lang } });

describe('accession number series', () => {
  it('lists the default series of every crop; the next maize number follows the demo records', async () => {
    const res = await t.call('GET', `${api}/accessionSeries/list`, { token: admin, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const maize = res.body.data.find((r: { cropCode: string }) => r.cropCode === 'maize');
    expect(maize).toMatchObject({ cropName: 'Maize', prefix: 'ZM', digits: 5, configured: false });
    // The demo bank numbers ZM00001 ... upwards: the series continues after the highest.
    const result = await t.db.execute(`select max(accession_no) as max from germ_germplasm where crop_id = ${maizeId} and accession_no ~ '^ZM[0-9]{5}$'`);
    const [{ max }] = (result as unknown as { rows: { max: string }[] }).rows;
    expect(maize.next).toBe(`ZM${String(Number(max.slice(2)) + 1).padStart(5, '0')}`);
    expect(res.body.data.find((r: { cropCode: string }) => r.cropCode === 'rice')).toMatchObject({ prefix: 'OS', next: 'OS00001' });
  });

  it('registers with the next number when none is given, and with a manual one (validated, unique per crop)', async () => {
    await t.call('PUT', `${api}/accessionSeries/save`, { token: admin, body: { cropId: maizeId, prefix: 'TS', digits: 4 } });
    const next = await t.call('GET', `${api}/accessionSeries/next`, { token: breeder });
    expect(next.body.data).toEqual({ prefix: 'TS', digits: 4, next: 'TS0001' });
    const a = await register(breeder, {});
    expect(a.status).toBe(200);
    expect(a.body.data.accessionNo).toBe('TS0001');
    expect((await register(breeder, { accessionNo: '' })).body.data.accessionNo).toBe('TS0002');
    // A number given by hand inside the series is skipped by the automatic numbering.
    expect((await register(breeder, { accessionNo: 'TS0003' })).body.data.accessionNo).toBe('TS0003');
    expect((await register(breeder, {})).body.data.accessionNo).toBe('TS0004');
    const taken = await register(breeder, { accessionNo: 'TS0003' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'GERM_ACCESSION_EXISTS', msg: 'Accession number TS0003 already exists' });
    const bad = await register(breeder, { accessionNo: 'TS 9/1' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'accessionNo' });
    expect(bad.body.errors[0].message).toContain('Accession number');
  });

  it('a refused registration gives its number back (one transaction)', async () => {
    const before = (await t.call('GET', `${api}/accessionSeries/next`, { token: admin })).body.data.next;
    const refused = await register(admin, { femaleParentId: 2_000_000_000 });
    expect(refused.status).toBe(400);
    expect((await t.call('GET', `${api}/accessionSeries/next`, { token: admin })).body.data.next).toBe(before);
  });

  it('allocates distinct numbers to concurrent registrations', async () => {
    await t.call('PUT', `${api}/accessionSeries/save`, { token: admin, body: { cropId: maizeId, prefix: 'CC', digits: 5 } });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => register(i % 2 ? admin : breeder, { name: `Parallel ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.body.data.accessionNo).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `CC${String(i + 1).padStart(5, '0')}`));
  });

  it('refuses a bad series with the field named, and when the digits are used up', async () => {
    const bad = await t.call('PUT', `${api}/accessionSeries/save`, {
      token: admin,
      body: { cropId: maizeId, prefix: '9-X', digits: 2 },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['digits', 'prefix']);
    expect(bad.body.errors.find((e: { field: string }) => e.field === 'digits').message).toContain('Digits');
    const foreign = await t.call('PUT', `${api}/accessionSeries/save`, { token: admin, body: { cropId: 2_000_000_000, prefix: 'X', digits: 3 } });
    expect(foreign.status).toBe(404);
    await t.call('PUT', `${api}/accessionSeries/save`, { token: admin, body: { cropId: maizeId, prefix: 'FULL', digits: 3 } });
    await t.db.execute(`insert into germ_counter (org_id, key, value) select org_id, 'accession-${maizeId}-FULL', 999 from sys_crop where id = ${maizeId}`);
    const full = await register(admin, {});
    expect(full.status).toBe(409);
    expect(full.body.errorCode).toBe('GERM_SERIES_FULL');
  });

  it('only administrators read and set the series; registrars see the next number', async () => {
    expect((await t.call('GET', `${api}/accessionSeries/list`, { token: breeder })).status).toBe(403);
    expect((await t.call('PUT', `${api}/accessionSeries/save`, { token: breeder, body: { cropId: maizeId, prefix: 'X', digits: 3 } })).status).toBe(403);
    expect((await t.call('GET', `${api}/accessionSeries/next`, { token: breeder })).status).toBe(200);
    const [row] = await t.db
      .execute(`select count(*)::int as n from germ_accession_series where crop_id = ${riceId}`)
      .then((r) => (r as { rows: { n: number }[] }).rows);
    expect(row.n).toBe(0);
  });
});

describe('accession numbers of imported rows', () => {
  const importFile = async (rows: string[][], name: string) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Germplasm');
    ws.addRow(['Accession number', 'Name*', 'Type*', 'Female parent accession']);
    for (const r of rows) ws.addRow(r);
    const { payload, headers } = multipartBody({ mode: 'all' }, { name, content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: `${api}/germplasm/import`, headers: { ...headers, token: admin, 'accept-language': 'en' }, payload });
    expect(res.statusCode).toBe(200);
    return waitForTask(t, admin, res.json().data.taskId);
  };
  const next = async () => (await t.call('GET', `${api}/accessionSeries/next`, { token: admin })).body.data.next as string;

  it('an empty accession number takes the next of the crop series, as a registration does; manual numbers of the file are skipped', async () => {
    await t.call('PUT', `${api}/accessionSeries/save`, { token: admin, body: { cropId: maizeId, prefix: 'IM', digits: 3 } });
    const task = await importFile(
      [
        ['', 'Series import auto one', 'inbred', ''],
        // A number of the series given by hand further down the file: the series does not hand it out again.
        ['IM002', 'Series import manual', 'inbred', ''],
        ['', 'Series import auto two', 'inbred', 'IM002'],
      ],
      'series.xlsx',
    );
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 3, imported: 3, invalid: 0 });
    const rows = (
      await t.call('GET', `${api}/germplasm/page`, { token: admin, query: { keyword: 'Series import', orderByColumn: 'accessionNo', isAsc: 'asc' } })
    ).body.rows as { accessionNo: string; name: string; femaleParentAccession: string | null }[];
    expect(rows.map((r) => [r.accessionNo, r.name])).toEqual([
      ['IM001', 'Series import auto one'],
      ['IM002', 'Series import manual'],
      ['IM003', 'Series import auto two'],
    ]);
    expect(rows[2].femaleParentAccession).toBe('IM002');
    expect(await next()).toBe('IM004');
  });

  it('a refused import gives its numbers back (the import transaction)', async () => {
    const before = await next();
    const task = await importFile(
      [
        ['', 'Refused auto', 'inbred', ''],
        ['', 'Refused orphan', 'inbred', 'NO-SUCH-PARENT'],
      ],
      'refused.xlsx',
    );
    expect(task.result).toMatchObject({ total: 2, imported: 0, refused: true });
    expect(await next()).toBe(before);
    expect((await t.call('GET', `${api}/germplasm/page`, { token: admin, query: { keyword: 'Refused auto' } })).body.total).toBe(0);
  });
});
