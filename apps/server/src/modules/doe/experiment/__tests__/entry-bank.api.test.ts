import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitAccessionList } from '@breedwise/contracts/doe';
import { createOtherOrg, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let outsider: string;
const base = '/api/doe/api/experiment';
const germ = '/api/germ/api/germplasm';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
});
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin, headers: Record<string, string> = en) =>
  t.call(method, `${base}${url}`, { token, body, headers });

let seq = 0;
let where: { projectId: number; locationId: number; fieldId: number } | undefined;
async function newExperiment() {
  if (!where) {
    const post = async (url: string, body: unknown) => (await t.call('POST', `/api/doe/api${url}`, { token: admin, body })).body.data.id as number;
    const projectId = await post('/project/create', { name: 'Bank project', code: 'BANK-P' });
    const locationId = await post('/location/create', { name: 'Bank station', code: 'BANK-L' });
    const fieldId = await post('/field/create', { locationId, name: 'Bank field', code: 'BF1', type: 1, rows: 10, cols: 10 });
    where = { projectId, locationId, fieldId };
  }
  const res = await call('POST', '/create', { name: `Bank trial ${++seq}`, year: 2026, season: 'summer', designMethod: 'rcbd', reps: 2, ...where });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; code: string };
}

async function accession(accessionNo: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', `${germ}/create`, {
    token: admin,
    body: { accessionNo, name, type: 'inbred', generation: 'F8', pedigree: 'A/B', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; accessionNo: string };
}

describe('splitting a pasted list', () => {
  it('reads one number a line, or numbers separated by commas, tabs, semicolons or spaces', () => {
    expect(splitAccessionList('ZM1\r\nZM2\n\n  ZM3 ')).toEqual(['ZM1', 'ZM2', 'ZM3']);
    expect(splitAccessionList('ZM1,ZM2\tZM3;ZM4，ZM5 ZM1')).toEqual(['ZM1', 'ZM2', 'ZM3', 'ZM4', 'ZM5', 'ZM1']);
    expect(splitAccessionList(' \n,\t ')).toEqual([]);
  });
});

describe('experiment entries from the germplasm bank', () => {
  let a: { id: number; accessionNo: string }, b: { id: number; accessionNo: string }, c: { id: number; accessionNo: string };
  beforeAll(async () => {
    a = await accession('BANK-001', 'Bank line one');
    b = await accession('BANK-002', 'Bank line two', { generation: 'D1', pedigree: '' });
    c = await accession('BANK-003', 'Bank check', { type: 'variety', generation: 'F1' });
  });

  it('reports the known, unknown and repeated numbers of a pasted list, and saves nothing', async () => {
    const exp = await newExperiment();
    const res = await call('POST', '/bank/check', { id: exp.id, accessionList: `BANK-001\nNOPE-9\tBANK-002, BANK-001\n\nBANK-003;NOPE-9;NOPE-8` });
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report.total).toBe(7);
    expect(report.found.map((r: { accessionNo: string }) => r.accessionNo)).toEqual(['BANK-001', 'BANK-002', 'BANK-003']);
    expect(report.found[0]).toMatchObject({ id: a.id, name: 'Bank line one', generation: 'F8', type: 'inbred', inExperiment: false });
    expect(report.unknown).toEqual(['NOPE-9', 'NOPE-8']);
    expect(report.duplicates).toEqual([
      { accessionNo: 'BANK-001', count: 2 },
      { accessionNo: 'NOPE-9', count: 2 },
    ]);
    expect((await call('GET', `/entries/${exp.id}`)).body.data).toEqual([]);
  });

  it('adds accessions as entries in order, appends after the last entry, and keeps the link through a save', async () => {
    const exp = await newExperiment();
    await call('PUT', '/entries', { id: exp.id, entries: [{ entryNo: 7, name: 'Typed entry', type: 'test' }] });
    const res = await call('POST', '/bank/add', {
      id: exp.id,
      accessions: [
        { germplasmId: b.id, type: 'test' },
        { germplasmId: c.id, type: 'check' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ entryNo: 7, name: 'Typed entry', germplasmId: null, accessionNo: null }),
      expect.objectContaining({
        entryNo: 8,
        name: 'Bank line two',
        type: 'test',
        generation: 'D1',
        pedigree: null,
        materialType: 'inbred',
        germplasmId: b.id,
        accessionNo: 'BANK-002',
      }),
      expect.objectContaining({
        entryNo: 9,
        name: 'Bank check',
        type: 'check',
        generation: 'F1',
        materialType: 'variety',
        germplasmId: c.id,
        accessionNo: 'BANK-003',
      }),
    ]);
    const detail = await call('GET', `/detail/${exp.id}`);
    expect(detail.body.data).toMatchObject({ entryCount: 3, checkCount: 1 });

    // The picker and the check now mark them as entries of this experiment.
    const page = await call('GET', `/bank/page?experimentId=${exp.id}&keyword=BANK-00&pageSize=10`);
    expect(
      page.body.rows
        .filter((r: { inExperiment: boolean }) => r.inExperiment)
        .map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    const check = await call('POST', '/bank/check', { id: exp.id, accessionList: 'BANK-003' });
    expect(check.body.data.found[0].inExperiment).toBe(true);

    // Appending one that is already an entry is refused, naming the line; nothing changes.
    const again = await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }, { germplasmId: b.id }] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'DOE_BANK_GERMPLASM_IN_EXPERIMENT', msg: 'Accession BANK-002 is already an entry of this experiment' });
    expect(again.body.errors[0].field).toBe('accessions.1.germplasmId');
    expect((await call('GET', `/entries/${exp.id}`)).body.data).toHaveLength(3);

    // Saving the entries again (a check switched) keeps the accessions.
    const rows = (await call('GET', `/entries/${exp.id}`)).body.data;
    const saved = await call('PUT', '/entries', {
      id: exp.id,
      entries: rows.map((r: Record<string, unknown>) => ({ ...r, type: r.entryNo === 8 ? 'check' : r.type })),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((r: { entryNo: number }) => r.entryNo === 8)).toMatchObject({ type: 'check', germplasmId: b.id, accessionNo: 'BANK-002' });
  });

  it('replaces the entries when asked, numbering from 1', async () => {
    const exp = await newExperiment();
    await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }] });
    const res = await call('POST', '/bank/add', { id: exp.id, addMode: 'replace', accessions: [{ germplasmId: c.id, type: 'check' }, { germplasmId: a.id }] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { entryNo: number; accessionNo: string }) => `${r.entryNo}:${r.accessionNo}`)).toEqual(['1:BANK-003', '2:BANK-001']);
  });

  it('refuses repeated and unknown accessions with a translated 400 naming the line, in one transaction', async () => {
    const exp = await newExperiment();
    const twice = await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }, { germplasmId: b.id }, { germplasmId: a.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ errorCode: 'DOE_BANK_GERMPLASM_REPEATED', msg: 'Accession BANK-001 appears twice' });
    expect(twice.body.errors[0].field).toBe('accessions.2.germplasmId');
    const zh = await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }, { germplasmId: 99_999_999 }] }, admin, {
      'accept-language': 'zh-CN',
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ errorCode: 'DOE_BANK_GERMPLASM_NOT_FOUND', msg: '当前作物的种质库中没有种质 99999999' });
    expect(zh.body.errors[0].field).toBe('accessions.1.germplasmId');
    const empty = await call('POST', '/bank/add', { id: exp.id, accessions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('accessions');
    expect(empty.body.msg).toContain('Accessions');
    // Nothing of the refused calls was written.
    expect((await call('GET', `/entries/${exp.id}`)).body.data).toEqual([]);
    // A saved entry naming an accession the crop does not hold is refused as well.
    const save = await call('PUT', '/entries', { id: exp.id, entries: [{ entryNo: 1, name: 'X', germplasmId: 99_999_999 }] });
    expect(save.status).toBe(400);
    expect(save.body.errors[0].field).toBe('entries.0.germplasmId');
  });

  it('changes entries only in temporary storage', async () => {
    const exp = await newExperiment();
    await t.database.query(`update doe_experiment set status = 'designed' where id = $1`, [exp.id]);
    const res = await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }] });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('DOE_EXPERIMENT_ENTRIES_FIXED');
  });

  it('ranks exact matches first, then prefixes, then the rest, in the picker', async () => {
    const exp = await newExperiment();
    const res = await call('GET', `/bank/page?experimentId=${exp.id}&keyword=${encodeURIComponent('郑58')}&pageSize=50`);
    expect(res.status).toBe(200);
    const names = res.body.rows.map((r: { name: string }) => r.name);
    expect(names[0]).toBe('郑58');
    expect(names.length).toBeGreaterThan(1);
    expect(names.findIndex((n: string) => n.startsWith('郑58×'))).toBeGreaterThan(0);
    const typed = await call('GET', `/bank/page?experimentId=${exp.id}&type=variety&pageSize=200`);
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.rows.every((r: { type: string }) => r.type === 'variety')).toBe(true);
    expect(typed.body.total).toBeGreaterThan(0);
  });

  it('is scoped to the organisation and the crop', async () => {
    const exp = await newExperiment();
    // Another organisation finds neither the experiment nor the accessions.
    for (const res of [
      await call('POST', '/bank/check', { id: exp.id, accessionList: 'BANK-001' }, outsider),
      await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: a.id }] }, outsider),
      await call('GET', `/bank/page?experimentId=${exp.id}`, undefined, outsider),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Bank line');
    }
    const post = async (url: string, body: unknown) => (await t.call('POST', `/api/doe/api${url}`, { token: outsider, body })).body.data.id as number;
    const projectId = await post('/project/create', { name: 'Rival project', code: 'RIV-P' });
    const locationId = await post('/location/create', { name: 'Rival station', code: 'RIV-L' });
    const fieldId = await post('/field/create', { locationId, name: 'Rival field', code: 'RF1', type: 1, rows: 5, cols: 5 });
    const own = await call(
      'POST',
      '/create',
      { name: 'Rival trial', year: 2026, season: 'summer', designMethod: 'rcbd', projectId, locationId, fieldId },
      outsider,
    );
    const foreign = await call('POST', '/bank/add', { id: own.body.data.id, accessions: [{ germplasmId: a.id }] }, outsider);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCode).toBe('DOE_BANK_GERMPLASM_NOT_FOUND');
    const report = await call('POST', '/bank/check', { id: own.body.data.id, accessionList: 'BANK-001' }, outsider);
    expect(report.body.data.unknown).toEqual(['BANK-001']);
    // An accession of another crop of the same organisation is not in the maize bank.
    const [{ wheat, org }] = await t.database.query<{ wheat: number; org: number }>(
      `select c.id as wheat, c.org_id as org from sys_crop c join germ_germplasm g on g.org_id = c.org_id where g.id = $1 and c.code = 'wheat'`,
      [a.id],
    );
    const [{ id: wheatLine }] = await t.database.query<{ id: number }>(
      `insert into germ_germplasm (org_id, crop_id, accession_no, name, type) values ($1, $2, 'WHEAT-1', 'Wheat line', 'inbred') returning id`,
      [org, wheat],
    );
    const otherCrop = await call('POST', '/bank/add', { id: exp.id, accessions: [{ germplasmId: wheatLine }] });
    expect(otherCrop.status).toBe(400);
    expect(otherCrop.body.errorCode).toBe('DOE_BANK_GERMPLASM_NOT_FOUND');
    expect((await call('POST', '/bank/check', { id: exp.id, accessionList: 'WHEAT-1' })).body.data.unknown).toEqual(['WHEAT-1']);
  });
});
