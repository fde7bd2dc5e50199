import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let locationId: number;
let fieldId: number;
let listId: number;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown) => t.call(method, `/api/doe/api${url}`, { token: admin, body, headers: en });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  locationId = (await call('POST', '/location/create', { name: 'Gene bank', code: 'GB-1' })).body.data.id;
  fieldId = (await call('POST', '/field/create', { locationId, name: 'Bank field', code: 'BF', type: 3, rows: 6, cols: 5, tiers: 2 })).body.data.id;
  const entries = Array.from({ length: 24 }, (_, i) => ({ entryId: i + 1, materialName: `Acc${i + 1}`, generation: 'F8', isCheck: i >= 22 }));
  listId = (await call('POST', '/germList/create', { name: 'Accessions', type: 'germplasm', entries })).body.data.id;
});
afterAll(() => t.close());

const plan = (designs: unknown[], extra: Record<string, unknown> = {}) => ({ planName: 'Renewal 2026', year: 2026, season: 'summer', designs, ...extra });

describe('germplasm nursery designs', () => {
  it('needs a plan name, at least one design and a location for every design', async () => {
    const none = await call('POST', '/germDesign/create', plan([]));
    expect(none.body).toMatchObject({ errorCode: 'DOE_DESIGN_REQUIRED', msg: 'At least one design is required' });
    const noLocation = await call('POST', '/germDesign/create', plan([{ listId }, { locationId, listId }]));
    expect(noLocation.body).toMatchObject({ errorCode: 'DOE_DESIGN_LOCATION_REQUIRED', msg: 'Design 1 needs a location' });
    expect(noLocation.body.errors[0].field).toBe('designs.0.locationId');
    const noName = await call('POST', '/germDesign/create', plan([{ locationId, listId }], { planName: '' }));
    expect(noName.body.errors[0]).toMatchObject({ field: 'planName', rule: 'required', message: 'Plan name is required' });
  });

  it('lays out a list in entry order with checks inserted, numbered within the chosen digits', async () => {
    const created = await call(
      'POST',
      '/germDesign/create',
      plan([{ locationId, fieldId, listId, startNumber: 1, digits: 3, checkStart: 5, checkInterval: 10 }]),
    );
    expect(created.body.data).toMatchObject({ status: 'temporary', designCount: 1 });
    const id = created.body.data.id;
    const generated = await call('POST', `/germDesign/generate/${id}`);
    expect(generated.body.data).toMatchObject({ status: 'designed' });
    const plots = (await call('GET', `/germDesign/plots/${id}`)).body.data[0].plots;
    const sequence = plots.filter((p: { entryType: string }) => p.entryType !== 'filler').map((p: { name: string }) => p.name);
    expect(sequence.slice(0, 6)).toEqual(['Acc1', 'Acc2', 'Acc3', 'Acc4', 'Acc23', 'Acc5']);
    expect(plots[0]).toMatchObject({ plotNumber: 1, row: 1, col: 1 });
    expect(plots[5]).toMatchObject({ row: 2, col: 5 });
    const edit = await call('PUT', '/germDesign/update', { ...plan([{ locationId, fieldId, listId }]), id });
    expect(edit.body.errorCode).toBe('DOE_GERM_DESIGN_DESIGNED');
    expect((await call('POST', `/germDesign/reset/${id}`)).body.data.status).toBe('temporary');
  });

  it('refuses serial numbers beyond the digits, a design without a field, and an empty list', async () => {
    const digits = (await call('POST', '/germDesign/create', plan([{ locationId, fieldId, listId, startNumber: 90, digits: 2 }]))).body.data.id;
    const res = await call('POST', `/germDesign/generate/${digits}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('DOE_DESIGN_DIGITS_TOO_FEW');
    const noField = (await call('POST', '/germDesign/create', plan([{ locationId, listId }]))).body.data.id;
    expect((await call('POST', `/germDesign/generate/${noField}`)).body).toMatchObject({
      errorCode: 'DOE_GERM_DESIGN_FIELD_REQUIRED',
      msg: 'Design 1 needs a field before it can be generated',
    });
    const empty = (await call('POST', '/germList/create', { name: 'Empty', type: 'germplasm' })).body.data.id;
    const emptyPlan = (await call('POST', '/germDesign/create', plan([{ locationId, fieldId, listId: empty }]))).body.data.id;
    expect((await call('POST', `/germDesign/generate/${emptyPlan}`)).body).toMatchObject({
      errorCode: 'DOE_LIST_EMPTY',
      msg: 'Planting list Empty has no entries',
    });
    expect((await call('DELETE', `/germList/${empty}`)).body.errorCode).toBe('DOE_LIST_IN_USE');
  });

  it('plants a nursery from an entry group turned into a list', async () => {
    const group = (
      await call('POST', '/entryGroup/create', {
        name: 'Advance',
        members: [
          { materialName: 'L1', generation: 'F3' },
          { materialName: 'L2', generation: 'F3' },
        ],
      })
    ).body.data;
    const list = await call('POST', '/entryGroup/toList', { id: group.id, name: 'Advance list' });
    expect(list.body.data).toMatchObject({ type: 'nursery', materialCount: 2 });
    const nursery = await call(
      'POST',
      '/germDesign/create',
      plan([{ locationId, fieldId, listId: list.body.data.id }], { kind: 'nursery', planName: 'Nursery' }),
    );
    const plots = await call('POST', `/germDesign/generate/${nursery.body.data.id}`);
    expect(plots.body.data.plotCount).toBe(2);
  });
});
