import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, type TestApp } from '../../../test/harness';

const N = '/api/nursery/api';
const D = '/api/doe/api';
const G = '/api/germ/api';
let t: TestApp, admin: string, breeder: string, outsider: string, box: number, flowId: number, d0Harvest: number, d0Germplasm: number, f1Germplasm: number;
const en = { 'accept-language': 'en' };

/** Plans, records, finishes and harvests one pollination of a nursery; answers the harvest row. */
async function harvestOne(activityId: number) {
  const [p] = (await t.call('GET', `${N}/pollination/page`, { token: admin, query: { activityId } })).body.rows;
  await t.call('PUT', `${N}/pollination/record`, { token: admin, body: { ids: [p.id], date: '2026-07-10', person: 'Li', bags: 2, result: 'success' } });
  await t.call('PUT', `${N}/pollination/finish`, { token: admin, body: { ids: [p.id] } });
  const h = await t.call('POST', `${N}/harvest/create`, {
    token: admin,
    body: { activityId, pollinationIds: [p.id], harvestType: 'bulk', placeId: box, unit: 'g', quantity: 50 },
  });
  expect(h.status).toBe(200);
  return (await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId } })).body.rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  const wh = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'warehouse', code: 'DH-WH', name: 'DH store' } });
  const shelf = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'DH-WH-A', name: 'A' } });
  box = (await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'DH-WH-A-1', name: 'Box 1' } }))
    .body.data.id;
  const flow = await t.call('POST', `${N}/dhFlow/create`, {
    token: admin,
    body: {
      name: 'Maize DH',
      code: 'MDH',
      attributes: [
        { name: 'Total kernels', code: 'total', type: 'number', order: 1 },
        { name: 'Haploid kernels', code: 'haploid', type: 'number', order: 2 },
        { name: 'Inducer', code: 'inducer', type: 'select', order: 3, options: ['CAU5', 'RWS'] },
        { name: 'Induction rate', code: 'rate', type: 'formula', order: 4, formula: 'haploid / total * 100' },
      ],
    },
  });
  flowId = flow.body.data.id;
  // The source cross: A x B harvested as an F1 record.
  const list = await t.call('POST', `${D}/germList/create`, {
    token: admin,
    body: {
      name: 'DH source list',
      type: 'nursery',
      entries: [
        { entryId: 1, materialName: 'DHA', generation: 'F6' },
        { entryId: 2, materialName: 'DHB', generation: 'F6' },
      ],
    },
  });
  const n1 = (await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: 'DH cross nursery', code: 'DHX', year: 2025, season: 'summer' } }))
    .body.data;
  await t.call('POST', `${N}/entry/fromList`, { token: admin, body: { activityId: n1.id, germListId: list.body.data.id } });
  const entries = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: n1.id } })).body.rows;
  await t.call('POST', `${N}/pollination/planCross`, {
    token: admin,
    body: { activityId: n1.id, femaleEntryIds: [entries[0].id], maleEntryIds: [entries[1].id], mode: 'factorial' },
  });
  const cross = await harvestOne(n1.id);
  expect(cross).toMatchObject({ pedigree: 'DHA/DHB', generation: 'F1' });
  f1Germplasm = cross.germplasmId;
  // The DH induction of that F1, harvested as D0.
  const n2 = (await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: 'DH induction nursery', code: 'DHI', year: 2026, season: 'spring' } }))
    .body.data;
  const fromG = await t.call('POST', `${N}/entry/fromGermplasm`, { token: admin, body: { activityId: n2.id, germplasmIds: [f1Germplasm] } });
  expect(fromG.status).toBe(200);
  const [f1Entry] = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: n2.id } })).body.rows;
  await t.call('POST', `${N}/pollination/planSelf`, { token: admin, body: { activityId: n2.id, type: 'dh', entryIds: [f1Entry.id] } });
  const dh = await harvestOne(n2.id);
  expect(dh).toMatchObject({ generation: 'D0', pedigree: 'DHA/DHB' });
  d0Harvest = dh.id;
  d0Germplasm = dh.germplasmId;
}, 180_000);
afterAll(() => t.close());

const batch = (over: Record<string, unknown> = {}) => ({
  listName: 'DH list 2026',
  project: 'Maize DH',
  year: 2026,
  season: 'spring',
  fieldNo: 'DH1',
  germCount: 400,
  batchNo: `B-${Math.random().toString(36).slice(2, 8)}`,
  taskName: 'Spring induction',
  flowId,
  ...over,
});
const event = (dhEntryId: number, step: string, count: number, extra: Record<string, unknown> = {}) =>
  t.call('POST', `${N}/dhEvent/create`, { token: admin, headers: en, body: { dhEntryId, step, date: '2026-05-01', person: 'Wang', count, ...extra } });

describe('DH batches and events', () => {
  it('carries a batch from a DH induction harvest through every step to a D1 lot, with its chain back to the cross', async () => {
    const created = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ harvestId: d0Harvest, fieldNo: 'dh' }) });
    expect(created.status).toBe(200);
    const e = created.body.data;
    expect(e).toMatchObject({
      generation: 'D0',
      pedigree: 'DHA/DHB',
      femaleParent: 'DHX-P001',
      maleParent: null,
      fieldNo: 'DH',
      germCount: 400,
      nextStep: 'induction',
      carried: 400,
    });
    expect(e.name).toMatch(/-DH1$/);

    const ind = await event(e.id, 'induction', 400, { values: { total: 400, haploid: 38, inducer: 'CAU5' } });
    expect(ind.status).toBe(200);
    expect(ind.body.data.values).toEqual({ total: 400, haploid: 38, inducer: 'CAU5', rate: 9.5 });
    expect((await event(e.id, 'identification', 38, { values: { haploid: 36 } })).body.data.values).toEqual({ haploid: 36, rate: 9 });
    expect((await event(e.id, 'doubling', 30)).status).toBe(200);
    expect((await event(e.id, 'transplanting', 25)).status).toBe(200);
    const selfing = await event(e.id, 'selfing', 20, { placeId: box, unit: 'g', quantity: 120 });
    expect(selfing.status).toBe(200);
    expect(selfing.body.data.lotNo).toBeTruthy();

    const detail = (await t.call('GET', `${N}/dhEntry/detail/${e.id}`, { token: breeder })).body.data;
    expect(detail).toMatchObject({ nextStep: null, carried: 20, lotId: selfing.body.data.lotId });
    expect(detail.events.map((x: { step: string }) => x.step)).toEqual(['induction', 'identification', 'doubling', 'transplanting', 'selfing']);
    expect(detail.chain.map((l: { kind: string; code: string }) => `${l.kind}:${l.code}`)).toEqual([
      'cross:DHX-P001',
      'harvest:DHX-H001',
      'induction:DHI-P001',
      'harvest:DHI-H001',
      `entry:${e.batchNo}`,
      'event:400',
      'event:38',
      'event:30',
      'event:25',
      'event:20',
      `lot:${selfing.body.data.lotNo}`,
    ]);
    // The D1 lot is in the inventory: a DH line of generation D1 with the pedigree, 120 g deposited.
    const lots = await t.call('GET', `${G}/lot/page`, { token: admin, query: { keyword: selfing.body.data.lotNo } });
    expect(lots.body.rows[0]).toMatchObject({ lotNo: selfing.body.data.lotNo, generation: 'D1', pedigree: 'DHA/DHB', quantity: 120 });
    // A closed batch takes no more events and cannot be deleted.
    const again = await event(e.id, 'selfing', 1, { placeId: box, unit: 'g', quantity: 1 });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('NURSERY_DH_ENTRY_FINISHED');
    expect((await t.call('DELETE', `${N}/dhEntry/${e.id}`, { token: admin })).body.errorCode).toBe('NURSERY_DH_HAS_EVENTS');
  });

  it('takes a D0 germplasm record as source and refuses material that is not D0', async () => {
    const sources = await t.call('GET', `${N}/dhEntry/sources`, { token: admin, query: { keyword: 'DHX-P001' } });
    expect(sources.body.data).toEqual([expect.objectContaining({ germplasmId: d0Germplasm, harvestId: d0Harvest })]);
    expect(sources.body.data[0].label).toContain('(DHI-H001)');
    const ok = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ germplasmId: d0Germplasm }) });
    expect(ok.status).toBe(200);
    // Chosen as a record, the D0 still knows the harvest that made it.
    expect(ok.body.data.harvestId).toBe(d0Harvest);
    const f1 = await t.call('POST', `${N}/dhEntry/create`, { token: admin, headers: en, body: batch({ germplasmId: f1Germplasm }) });
    expect(f1.status).toBe(400);
    expect(f1.body.errorCode).toBe('NURSERY_DH_SOURCE_NOT_D0');
    expect(f1.body.msg).toContain('generation F1');
    const none = await t.call('POST', `${N}/dhEntry/create`, { token: admin, headers: en, body: batch() });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({ field: 'germplasmId', errorCode: 'NURSERY_DH_SOURCE_REQUIRED' });
    const both = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ germplasmId: d0Germplasm, harvestId: d0Harvest }) });
    expect(both.status).toBe(400);
    const dup = await t.call('POST', `${N}/dhEntry/create`, {
      token: admin,
      headers: en,
      body: batch({ germplasmId: d0Germplasm, batchNo: ok.body.data.batchNo }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(`DH batch number ${ok.body.data.batchNo} already exists`);
    // A batch without events can be deleted.
    expect((await t.call('DELETE', `${N}/dhEntry/${ok.body.data.id}`, { token: admin })).status).toBe(200);
  });

  it('applies the DH field code rule: letters, or letters plus digits, at least two characters', async () => {
    for (const good of ['AB', 'A1', 'dhx', 'DH2026']) {
      const res = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ germplasmId: d0Germplasm, fieldNo: good }) });
      expect(res.status, good).toBe(200);
    }
    for (const bad of ['A', '12', '1A', 'A-1', 'A1B', 'A 1']) {
      const res = await t.call('POST', `${N}/dhEntry/create`, { token: admin, headers: en, body: batch({ germplasmId: d0Germplasm, fieldNo: bad }) });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].field, bad).toBe('fieldNo');
    }
    const fmt = await t.call('POST', `${N}/dhEntry/create`, { token: admin, headers: en, body: batch({ germplasmId: d0Germplasm, fieldNo: '1A' }) });
    expect(fmt.body.errors[0]).toMatchObject({ errorCode: 'NURSERY_DH_FIELD_CODE' });
    expect(fmt.body.errors[0].message).toContain('letters, or letters followed by digits');
  });

  it('refuses steps out of order, entered numbers out of range and values the template does not have', async () => {
    const e = (await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ germplasmId: d0Germplasm, germCount: 100 }) })).body.data;
    const early = await event(e.id, 'doubling', 10);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      errorCode: 'NURSERY_DH_STEP_ORDER',
      msg: `The next step of DH batch ${e.batchNo} is "Induction", not "Chromosome doubling"`,
    });
    const over = await event(e.id, 'induction', 101);
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatchObject({ field: 'count', errorCode: 'NURSERY_DH_COUNT_RANGE' });
    expect(over.body.msg).toBe('The entered number 101 must be 1 to 100 (what the step before carried on)');
    expect((await event(e.id, 'induction', 0)).status).toBe(400);
    const unknown = await event(e.id, 'induction', 100, { values: { kernels: 3 } });
    expect(unknown.body.errors[0]).toMatchObject({ field: 'values.kernels', errorCode: 'NURSERY_DH_VALUE_UNKNOWN' });
    const formula = await event(e.id, 'induction', 100, { values: { rate: 3 } });
    expect(formula.body.errorCode).toBe('NURSERY_DH_VALUE_UNKNOWN');
    const badOption = await event(e.id, 'induction', 100, { values: { inducer: 'XYZ' } });
    expect(badOption.body.errors[0]).toMatchObject({ field: 'values.inducer', errorCode: 'NURSERY_DH_VALUE_INVALID' });
    const notNumber = await event(e.id, 'induction', 100, { values: { total: 'many' } });
    expect(notNumber.body.errorCode).toBe('NURSERY_DH_VALUE_INVALID');
    const zero = await event(e.id, 'induction', 100, { values: { total: 0, haploid: 3 } });
    expect(zero.body.errorCode).toBe('NURSERY_DH_FORMULA_FAILED');
    expect((await event(e.id, 'induction', 100, { values: { total: 100, haploid: 8 } })).status).toBe(200);
    // The next step may carry at most what this one carried: 100.
    expect((await event(e.id, 'identification', 100)).status).toBe(200);
    expect((await event(e.id, 'doubling', 101)).body.errorCode).toBe('NURSERY_DH_COUNT_RANGE');
    // Each step once.
    expect((await event(e.id, 'induction', 5)).body.errorCode).toBe('NURSERY_DH_STEP_ORDER');
    expect((await event(e.id, 'doubling', 90)).status).toBe(200);
    expect((await event(e.id, 'transplanting', 80)).status).toBe(200);
    const noSeed = await event(e.id, 'selfing', 70);
    expect(noSeed.body).toMatchObject({ errorCode: 'NURSERY_DH_SEED_REQUIRED' });
    // Nothing of the refused selfing was kept.
    expect((await t.call('GET', `${N}/dhEntry/detail/${e.id}`, { token: admin })).body.data).toMatchObject({ nextStep: 'selfing', lotId: null });
  });

  it('keeps batches to their organisation and lists them', async () => {
    const page = await t.call('GET', `${N}/dhEntry/page`, { token: breeder, query: { keyword: 'DH list 2026' } });
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThan(0);
    const id = page.body.rows[0].id;
    expect((await t.call('GET', `${N}/dhEntry/detail/${id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('GET', `${N}/dhEntry/page`, { token: outsider })).body.total).toBe(0);
    expect(
      (
        await event(id, 'induction', 1).then(() =>
          t.call('POST', `${N}/dhEvent/create`, { token: outsider, body: { dhEntryId: id, step: 'induction', date: '2026-05-01', count: 1 } }),
        )
      ).status,
    ).toBe(404);
  });
});

describe('DH batches in the breeding lists, the inventory and the demo data', () => {
  it("counts the caller's open DH batches in the dashboard's to-do until the D1 lot, and not those of others", async () => {
    const mine = async (token: string) => (await t.call('GET', `${N}/todo/mine`, { token })).body.data;
    const before = await mine(admin);
    const created = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ germplasmId: d0Germplasm }) });
    const id = created.body.data.id;
    expect(await mine(admin)).toMatchObject({ dhSteps: before.dhSteps + 1, total: before.total + 1 });
    expect((await mine(breeder)).dhSteps).toBe(0);
    await event(id, 'induction', 100);
    expect((await mine(admin)).dhSteps).toBe(before.dhSteps + 1);
    await event(id, 'identification', 10);
    await event(id, 'doubling', 9);
    await event(id, 'transplanting', 8);
    await event(id, 'selfing', 7, { placeId: box, unit: 'g', quantity: 10 });
    expect(await mine(admin)).toMatchObject({ dhSteps: before.dhSteps, total: before.total });
  });

  it('answers the DH batch of a D1 lot (its chain back to the cross), and 404 for any other lot or organisation', async () => {
    const created = await t.call('POST', `${N}/dhEntry/create`, { token: admin, body: batch({ harvestId: d0Harvest }) });
    const id = created.body.data.id;
    await event(id, 'induction', 50);
    await event(id, 'identification', 5);
    await event(id, 'doubling', 5);
    await event(id, 'transplanting', 5);
    const selfing = await event(id, 'selfing', 4, { placeId: box, unit: 'g', quantity: 30 });
    const lotId = selfing.body.data.lotId;
    const ofLot = await t.call('GET', `${N}/dhEntry/ofLot/${lotId}`, { token: breeder });
    expect(ofLot.status).toBe(200);
    expect(ofLot.body.data).toMatchObject({ id, lotId });
    expect(ofLot.body.data.chain[0]).toMatchObject({ kind: 'cross', code: 'DHX-P001' });
    expect(ofLot.body.data.chain.at(-1)).toMatchObject({ kind: 'lot', code: selfing.body.data.lotNo });
    // The lot's seed source is what the inventory links by.
    const lot = (await t.call('GET', `${G}/lot/page`, { token: admin, query: { keyword: selfing.body.data.lotNo } })).body.rows[0];
    expect(lot.seedSource).toMatch(/^DH /);
    // The D0 lot of the induction's harvest was made by no DH batch.
    const d0Lot = (
      await t.call('GET', `${N}/harvest/page`, {
        token: admin,
        query: { activityId: (await t.call('GET', `${N}/activity/page`, { token: admin, query: { keyword: 'DHI' } })).body.rows[0].id },
      })
    ).body.rows[0].lotId;
    expect((await t.call('GET', `${N}/dhEntry/ofLot/${d0Lot}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `${N}/dhEntry/ofLot/${lotId}`, { token: outsider })).status).toBe(404);
  });

  it('holds a demo DH batch carried from the demo nursery to a D1 seed lot, and one waiting at chromosome doubling', async () => {
    const page = await t.call('GET', `${N}/dhEntry/page`, { token: admin, query: { keyword: 'DH-2026-0' } });
    const byBatch = Object.fromEntries(page.body.rows.map((r: { batchNo: string }) => [r.batchNo, r]));
    expect(byBatch['DH-2026-01']).toMatchObject({ nextStep: null, fieldNo: 'DH', generation: 'D0' });
    expect(byBatch['DH-2026-02']).toMatchObject({ nextStep: 'doubling', lotId: null });
    const full = (await t.call('GET', `${N}/dhEntry/detail/${byBatch['DH-2026-01'].id}`, { token: admin })).body.data;
    expect(full.events.map((e: { step: string }) => e.step)).toEqual(['induction', 'identification', 'doubling', 'transplanting', 'selfing']);
    expect(full.events[0].values).toMatchObject({ total: 600, haploid: 54, rate: 9 });
    expect(full.chain.map((l: { kind: string }) => l.kind)).toEqual(['induction', 'harvest', 'entry', 'event', 'event', 'event', 'event', 'event', 'lot']);
    expect(full.chain[0].code).toBe('NUR-2026-S-P008');
    const lot = (await t.call('GET', `${G}/lot/page`, { token: admin, query: { keyword: full.lotNo } })).body.rows[0];
    expect(lot).toMatchObject({ generation: 'D1', quantity: 240 });
  });
});
