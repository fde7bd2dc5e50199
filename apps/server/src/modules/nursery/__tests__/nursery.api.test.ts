import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { germLotTxn } from '../../germ/ledger/ledger.tables';
import { createOtherOrg, createTestApp, type TestApp } from '../../../test/harness';

const N = '/api/nursery/api';
const D = '/api/doe/api';
let t: TestApp, G: string, admin: string, breeder: string, outsider: string, box: number;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  G = '/api/germ/api';
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  const wh = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'warehouse', code: 'N-WH', name: 'Nursery store' } });
  const shelf = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'N-WH-A', name: 'A' } });
  box = (await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'N-WH-A-1', name: 'Box 1' } }))
    .body.data.id;
}, 180_000);
afterAll(() => t.close());

let seq = 0;
/** A nursery with the planting list A (F6), B (F6), C (F1 of A/B) and its entries. */
async function nursery(opts: { maxMales?: number } = {}) {
  const n = ++seq;
  const list = await t.call('POST', `${D}/germList/create`, {
    token: admin,
    body: {
      name: `NUR list ${n}`,
      type: 'nursery',
      entries: [
        { entryId: 1, materialName: 'A', generation: 'F6' },
        { entryId: 2, materialName: 'B', generation: 'F6' },
        { entryId: 3, materialName: `C${n}`, generation: 'f1', pedigree: 'A/B' },
        { entryId: 4, materialName: 'D', generation: 'D1' },
      ],
    },
  });
  expect(list.status).toBe(200);
  const act = await t.call('POST', `${N}/activity/create`, {
    token: admin,
    body: { name: `Maize nursery ${n}`, code: `NUR${n}`, year: 2026, season: 'summer', maxMales: opts.maxMales ?? 3 },
  });
  expect(act.status).toBe(200);
  const added = await t.call('POST', `${N}/entry/fromList`, { token: admin, body: { activityId: act.body.data.id, germListId: list.body.data.id } });
  expect(added.body.data).toEqual({ updated: 4 });
  const entries = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: act.body.data.id } })).body.rows;
  const byName = (name: string) => entries.find((e: { name: string }) => e.name.startsWith(name)).id as number;
  return { activity: act.body.data, code: `NUR${n}`, A: byName('A'), B: byName('B'), C: byName('C'), D: byName('D') };
}

const pollinations = async (activityId: number) => (await t.call('GET', `${N}/pollination/page`, { token: admin, query: { activityId } })).body.rows;

async function recordAndFinish(ids: number[], result: 'success' | 'fail' = 'success') {
  const rec = await t.call('PUT', `${N}/pollination/record`, { token: admin, body: { ids, date: '2026-07-15', person: 'Li', bags: 4, result } });
  expect(rec.status).toBe(200);
  const fin = await t.call('PUT', `${N}/pollination/finish`, { token: admin, body: { ids } });
  expect(fin.status).toBe(200);
}

describe('nursery activities', () => {
  it('creates an activity and lists its entries from a planting list, generations in canonical form', async () => {
    const x = await nursery();
    expect(x.activity).toMatchObject({ status: 'planning', year: 2026, season: 'summer', maxMales: 3, createdBy: '系统管理员' });
    const page = await t.call('GET', `${N}/entry/page`, { token: breeder, query: { activityId: x.activity.id } });
    expect(page.body.total).toBe(4);
    expect(page.body.rows[2]).toMatchObject({
      entryNo: 3,
      plotNo: 3,
      materialNo: `${x.code}-003`,
      generation: 'F1',
      pedigree: 'A/B',
      source: `list:NUR list ${seq}`,
    });
    const filtered = await t.call('GET', `${N}/entry/page`, {
      token: admin,
      query: { activityId: x.activity.id, filters: JSON.stringify([{ key: 'generation', value: 'F6' }]) },
    });
    expect(filtered.body.rows.map((r: { name: string }) => r.name)).toEqual(['A', 'B']);
  });

  it('refuses a duplicate code and a bad generation form, naming the field and rule', async () => {
    const x = await nursery();
    const dup = await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: 'x', code: x.code, year: 2026, season: 'summer' }, headers: en });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'NURSERY_CODE_EXISTS', msg: `Nursery code ${x.code} already exists` });
    for (const bad of ['F', 'X2', 'S1', 'BC1', 'F0']) {
      const res = await t.call('PUT', `${N}/entry/update`, { token: admin, body: { id: x.A, generation: bad }, headers: en });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'generation', message: `Generation "${bad}" must be in F, D or BC form (for example F1, D1, BC1F1)` });
    }
    for (const [good, canonical] of [
      ['bc1f2', 'BC1F2'],
      ['D0', 'D0'],
      [' F3 ', 'F3'],
    ]) {
      const res = await t.call('PUT', `${N}/entry/update`, { token: admin, body: { id: x.A, generation: good, fieldNo: 'R1-01' } });
      expect(res.body.data).toMatchObject({ generation: canonical, fieldNo: 'R1-01' });
    }
  });

  it('is not visible to another organisation', async () => {
    const x = await nursery();
    expect((await t.call('GET', `${N}/activity/detail/${x.activity.id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('PUT', `${N}/activity/finish/${x.activity.id}`, { token: outsider })).status).toBe(404);
  });
});

describe('pollination planning', () => {
  it('needs at least one female and one male', async () => {
    const x = await nursery();
    for (const body of [
      { activityId: x.activity.id, femaleEntryIds: [], maleEntryIds: [x.B] },
      { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [] },
    ]) {
      const res = await t.call('POST', `${N}/pollination/planCross`, { token: admin, body, headers: en });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'NURSERY_SELECT_MALE_FEMALE', msg: 'Select at least one female and one male' });
    }
    expect(await pollinations(x.activity.id)).toEqual([]);
  });

  it('plans a factorial and refuses going past the male parents per material, counting planned crosses', async () => {
    const x = await nursery({ maxMales: 2 });
    const plan = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A, x.C], maleEntryIds: [x.B, x.D] },
    });
    expect(plan.body.data).toEqual({ updated: 4 });
    const more = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.C] },
      headers: en,
    });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ errorCode: 'NURSERY_MALE_EXCESS', msg: 'Female A would have 3 male parents, more than the limit of 2 per material' });
    // A male already used is no new male parent.
    const again = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] },
    });
    expect(again.status).toBe(200);
    expect((await pollinations(x.activity.id)).length).toBe(5);
  });

  it('pairs in order for a single-cross plan, and refuses uneven groups and crossing an entry with itself', async () => {
    const x = await nursery();
    const uneven = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A, x.B], maleEntryIds: [x.D], mode: 'single' },
    });
    expect(uneven.body.errorCode).toBe('NURSERY_SINGLE_PAIRS');
    const itself = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.A] },
    });
    expect(itself.body.errorCode).toBe('NURSERY_SELF_CROSS');
    const ok = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A, x.B], maleEntryIds: [x.D, x.A], mode: 'single' },
    });
    expect(ok.body.data.updated).toBe(2);
    const rows = await pollinations(x.activity.id);
    expect(rows.map((r: { progenyPedigree: string }) => r.progenyPedigree)).toEqual(['A/D', 'B/A']);
  });

  it('refuses an entry of another nursery', async () => {
    const x = await nursery();
    const y = await nursery();
    const res = await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [y.B] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('NURSERY_ENTRY_NOT_IN_ACTIVITY');
  });

  it('names progeny with the pedigree engine: cross A/B F1, backcross, self F1 -> F2 with selection history, DH D0', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] } });
    await t.call('POST', `${N}/pollination/planSelf`, { token: admin, body: { activityId: x.activity.id, type: 'self', entryIds: [x.C, x.C] } });
    await t.call('POST', `${N}/pollination/planSelf`, { token: admin, body: { activityId: x.activity.id, type: 'dh', entryIds: [x.C] } });
    const rows = await pollinations(x.activity.id);
    expect(rows.map((r: Record<string, unknown>) => [r.code, r.type, r.progenyName, r.progenyPedigree, r.progenyGeneration])).toEqual([
      [`${x.code}-P001`, 'cross', `${x.code}-P001`, 'A/B', 'F1'],
      [`${x.code}-P002`, 'self', `C${seq}-1`, 'A/B', 'F2'],
      [`${x.code}-P003`, 'self', `C${seq}-2`, 'A/B', 'F2'],
      [`${x.code}-P004`, 'dh', `C${seq}-DH1`, 'A/B', 'D0'],
    ]);
  });
});

describe('recording and finishing', () => {
  it('records a result, finishes irreversibly and refuses edits after', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] } });
    const [p] = await pollinations(x.activity.id);
    const early = await t.call('PUT', `${N}/pollination/finish`, { token: admin, body: { ids: [p.id] }, headers: en });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ errorCode: 'NURSERY_RESULT_REQUIRED' });
    const badBody = await t.call('PUT', `${N}/pollination/record`, {
      token: admin,
      body: { ids: [p.id], date: '2026-13-01', person: '', bags: -1, result: 'maybe' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['bags', 'date', 'person', 'result']);
    await recordAndFinish([p.id]);
    const detail = (await t.call('GET', `${N}/pollination/detail/${p.id}`, { token: breeder })).body.data;
    expect(detail).toMatchObject({ result: 'success', date: '2026-07-15', person: 'Li', bags: 4, finished: true });
    for (const [method, url, body] of [
      ['PUT', `${N}/pollination/record`, { ids: [p.id], date: '2026-07-16', person: 'Wang', bags: 1, result: 'fail' }],
      ['PUT', `${N}/pollination/finish`, { ids: [p.id] }],
      ['DELETE', `${N}/pollination/${p.id}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body, headers: en });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ errorCode: 'NURSERY_POLLINATION_FINISHED', msg: `Pollination ${p.code} is finished and can no longer be changed` });
    }
    expect((await t.call('GET', `${N}/pollination/detail/${p.id}`, { token: admin })).body.data.result).toBe('success');
  });

  it('a finished activity refuses edits of itself, its entries and pollinations', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] } });
    const [p] = await pollinations(x.activity.id);
    const fin = await t.call('PUT', `${N}/activity/finish/${x.activity.id}`, { token: admin });
    expect(fin.body.data).toMatchObject({ status: 'finished' });
    expect(fin.body.data.finishedAt).toBeTruthy();
    const refusals = [
      ['PUT', `${N}/activity/update`, { id: x.activity.id, name: 'x', code: x.code, year: 2026, season: 'summer' }],
      ['PUT', `${N}/activity/finish/${x.activity.id}`, undefined],
      ['DELETE', `${N}/activity/${x.activity.id}`, undefined],
      ['POST', `${N}/entry/fromGermplasm`, { activityId: x.activity.id, germplasmIds: [1] }],
      ['PUT', `${N}/entry/update`, { id: x.A, generation: 'F7' }],
      ['DELETE', `${N}/entry/${x.D}`, undefined],
      ['POST', `${N}/pollination/planCross`, { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.D] }],
      ['POST', `${N}/pollination/planSelf`, { activityId: x.activity.id, type: 'self', entryIds: [x.C] }],
      ['PUT', `${N}/pollination/record`, { ids: [p.id], date: '2026-07-16', person: 'Wang', bags: 1, result: 'fail' }],
    ] as const;
    for (const [method, url, body] of refusals) {
      const res = await t.call(method, url, { token: admin, body, headers: en });
      expect(res.status, url).toBe(409);
      expect(res.body).toMatchObject({ errorCode: 'NURSERY_FINISHED', msg: `Nursery activity ${x.code} is finished and can no longer be changed` });
    }
  });
});

describe('harvest into seed lots', () => {
  it('turns successful finished pollinations into germplasm and seed lots with ledger, pedigree, generation and parents, in one go', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] } });
    await t.call('POST', `${N}/pollination/planSelf`, { token: admin, body: { activityId: x.activity.id, type: 'self', entryIds: [x.C] } });
    const [cross, self] = await pollinations(x.activity.id);
    await recordAndFinish([cross.id, self.id]);
    const harvestable = await t.call('GET', `${N}/pollination/page`, { token: admin, query: { activityId: x.activity.id, state: 'harvestable' } });
    expect(harvestable.body.total).toBe(2);
    const res = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { activityId: x.activity.id, pollinationIds: [cross.id, self.id], harvestType: 'ear', placeId: box, unit: 'g', quantity: 125.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.harvested).toBe(2);
    const lots = await Promise.all(
      res.body.data.lotIds.map(async (id: number) => (await t.call('GET', `${G}/lot/detail/${id}`, { token: breeder })).body.data),
    );
    expect(lots[0]).toMatchObject({ germplasmName: `${x.code}-P001`, pedigree: 'A/B', generation: 'F1', quantity: 125.5, unit: 'g', harvestYear: 2026 });
    expect(lots[1]).toMatchObject({ germplasmName: `C${seq}-1`, pedigree: 'A/B', generation: 'F2', quantity: 125.5 });
    expect(lots[0].seedSource).toBe(`${x.code} ${x.code}-P001 (cross)`);
    const txns = await t.db.select().from(germLotTxn).where(eq(germLotTxn.lotId, lots[0].id));
    expect(txns.map((r) => [r.type, Number(r.amount), r.reason])).toEqual([['deposit', 125.5, `harvest ${x.code}-H001`]]);
    const harvests = await t.call('GET', `${N}/harvest/page`, { token: breeder, query: { activityId: x.activity.id } });
    expect(harvests.body.rows.map((h: Record<string, unknown>) => [h.harvestNumber, h.pollinationCode, h.pedigree, h.generation, h.lotNo, h.quantity])).toEqual(
      [
        [`${x.code}-H001`, `${x.code}-P001`, 'A/B', 'F1', lots[0].lotNo, 125.5],
        [`${x.code}-H002`, `${x.code}-P002`, 'A/B', 'F2', lots[1].lotNo, 125.5],
      ],
    );
    const after = await pollinations(x.activity.id);
    expect(after[0]).toMatchObject({ harvested: true, harvestNumber: `${x.code}-H001`, lotNo: lots[0].lotNo });
    // The entries show the harvest numbers and pollination types.
    const entries = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: x.activity.id } })).body.rows;
    expect(entries[0]).toMatchObject({ name: 'A', pollinationTypes: ['cross'], harvestNumbers: [`${x.code}-H001`] });
  });

  it('links parents when the entries are germplasm records', async () => {
    const f = (await t.call('POST', `${G}/germplasm/create`, { token: admin, body: { accessionNo: 'NF-1', name: 'Mother', type: 'inbred', generation: 'F8' } }))
      .body.data.id;
    const m = (await t.call('POST', `${G}/germplasm/create`, { token: admin, body: { accessionNo: 'NM-1', name: 'Father', type: 'inbred', generation: 'D1' } }))
      .body.data.id;
    const act = (await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: 'Parents', code: 'NURPAR', year: 2026, season: 'spring' } })).body
      .data;
    await t.call('POST', `${N}/entry/fromGermplasm`, { token: admin, body: { activityId: act.id, germplasmIds: [f, m] } });
    const [ef, em] = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: act.id } })).body.rows;
    expect(ef).toMatchObject({ germplasmId: f, generation: 'F8', source: 'germplasm:NF-1' });
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: act.id, femaleEntryIds: [ef.id], maleEntryIds: [em.id] } });
    const [p] = await pollinations(act.id);
    await recordAndFinish([p.id]);
    const res = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { activityId: act.id, pollinationIds: [p.id], harvestType: 'bulk', placeId: box, unit: 'seed', quantity: 300 },
    });
    const lot = (await t.call('GET', `${G}/lot/detail/${res.body.data.lotIds[0]}`, { token: admin })).body.data;
    const g = (await t.call('GET', `${G}/germplasm/detail/${lot.germplasmId}`, { token: admin })).body.data;
    expect(g).toMatchObject({ femaleParentId: f, maleParentId: m, pedigree: 'Mother/Father', generation: 'F1' });
  });

  it('refuses pollinations that failed, are not finished or not of the nursery, and leaves nothing behind', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B, x.D] } });
    await t.call('POST', `${N}/pollination/planSelf`, { token: admin, body: { activityId: x.activity.id, type: 'self', entryIds: [x.C] } });
    const [ok, failed, open] = await pollinations(x.activity.id);
    await recordAndFinish([ok.id]);
    await recordAndFinish([failed.id], 'fail');
    const lotsBefore = (await t.call('GET', `${G}/lot/page`, { token: admin })).body.total;
    for (const id of [failed.id, open.id]) {
      const res = await t.call('POST', `${N}/harvest/create`, {
        token: admin,
        body: { activityId: x.activity.id, pollinationIds: [ok.id, id], harvestType: 'bulk', placeId: box, unit: 'g', quantity: 1 },
        headers: en,
      });
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe('NURSERY_NOT_HARVESTABLE');
    }
    const y = await nursery();
    const foreign = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { activityId: y.activity.id, pollinationIds: [ok.id], harvestType: 'bulk', placeId: box, unit: 'g', quantity: 1 },
    });
    expect(foreign.status).toBe(404);
    expect((await t.call('GET', `${G}/lot/page`, { token: admin })).body.total).toBe(lotsBefore);
    expect((await pollinations(x.activity.id))[0].harvested).toBe(false);
  });

  it('harvests a pollination once when two harvests race', async () => {
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B] } });
    const [p] = await pollinations(x.activity.id);
    await recordAndFinish([p.id]);
    const body = { activityId: x.activity.id, pollinationIds: [p.id], harvestType: 'bulk', placeId: box, unit: 'g', quantity: 10 };
    const [a, b] = await Promise.all([
      t.call('POST', `${N}/harvest/create`, { token: admin, body }),
      t.call('POST', `${N}/harvest/create`, { token: admin, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.errorCode).toBe('NURSERY_ALREADY_HARVESTED');
    expect((await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId: x.activity.id } })).body.total).toBe(1);
    // A finished activity still takes its harvest, but not twice.
    await t.call('PUT', `${N}/activity/finish/${x.activity.id}`, { token: admin });
    expect((await t.call('POST', `${N}/harvest/create`, { token: admin, body })).body.errorCode).toBe('NURSERY_ALREADY_HARVESTED');
    expect((await t.call('DELETE', `${N}/activity/${x.activity.id}`, { token: admin })).status).toBe(409);
  });

  it('refuses a harvest to an unknown place, a bad unit and no quantity', async () => {
    const x = await nursery();
    const res = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { activityId: x.activity.id, pollinationIds: [], harvestType: 'sack', placeId: box, unit: 'ton', quantity: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['harvestType', 'pollinationIds', 'quantity', 'unit']);
  });
});

describe("the dashboard's breeding-list to-do", () => {
  it('counts my open pollinations and my successes waiting for harvest, not those of others', async () => {
    const before = (await t.call('GET', `${N}/todo/mine`, { token: admin })).body.data;
    const x = await nursery();
    await t.call('POST', `${N}/pollination/planCross`, { token: admin, body: { activityId: x.activity.id, femaleEntryIds: [x.A], maleEntryIds: [x.B, x.D] } });
    const [p1] = await pollinations(x.activity.id);
    expect((await t.call('GET', `${N}/todo/mine`, { token: admin })).body.data).toEqual({
      pollinations: before.pollinations + 2,
      harvests: before.harvests,
      dhSteps: before.dhSteps,
      total: before.total + 2,
    });
    await recordAndFinish([p1.id]);
    expect((await t.call('GET', `${N}/todo/mine`, { token: admin })).body.data).toEqual({
      pollinations: before.pollinations + 1,
      harvests: before.harvests + 1,
      dhSteps: before.dhSteps,
      total: before.total + 2,
    });
    expect((await t.call('GET', `${N}/todo/mine`, { token: breeder })).body.data.total).toBe(0);
  });
});

describe('demo data', () => {
  it('holds a finished maize nursery whose crosses, self and DH were harvested into seed lots, and one in planning', async () => {
    const page = await t.call('GET', `${N}/activity/page`, { token: admin, query: { keyword: 'NUR-2026' } });
    const byCode = Object.fromEntries(page.body.rows.map((r: { code: string }) => [r.code, r]));
    expect(byCode['NUR-2026-S']).toMatchObject({ entryCount: 7, pollinationCount: 8 });
    expect(byCode['NUR-2026-W']).toMatchObject({ status: 'planning', pollinationCount: 2 });
    const harvests = (await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId: byCode['NUR-2026-S'].id } })).body.rows;
    expect(harvests.length).toBe(7);
    expect(harvests[0]).toMatchObject({ pedigree: '郑58/PH4CV', generation: 'F1', quantity: 180 });
    expect(harvests.map((h: { generation: string }) => h.generation)).toEqual(expect.arrayContaining(['F1', 'F2', 'D0']));
  });
});
