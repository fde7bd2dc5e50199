import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, type TestApp } from '../../../test/harness';

const base = '/api/nursery/api/dhFlow';
let t: TestApp, admin: string, breeder: string, outsider: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
});
afterAll(() => t.close());

const attrs = (formula: string) => [
  { name: 'Total kernels', code: 'total', type: 'number', order: 1 },
  { name: 'Haploid kernels', code: 'haploid', type: 'number', order: 2 },
  { name: 'Inducer', code: 'inducer', type: 'select', order: 3, options: ['CAU5', 'RWS'] },
  { name: 'Induction rate', code: 'rate', type: 'formula', order: 4, formula },
];
const create = (code: string, formula: string, token = admin) =>
  t.call('POST', `${base}/create`, { token, body: { name: `Flow ${code}`, code, attributes: attrs(formula) }, headers: en });

describe('DH flow templates', () => {
  it('saves a template whose formula computes the induction rate, and computes it', async () => {
    const res = await create('DH-RATE', 'haploid / total * 100');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'DH-RATE', attributeCount: 4 });
    const computed = await t.call('POST', `${base}/compute`, {
      token: breeder,
      body: { id: res.body.data.id, values: { total: 400, haploid: 38, inducer: 'CAU5' } },
    });
    expect(computed.body.data.values).toEqual({ total: 400, haploid: 38, inducer: 'CAU5', rate: 9.5 });
    // A value not given yet leaves the formula empty.
    const partial = await t.call('POST', `${base}/compute`, { token: admin, body: { id: res.body.data.id, values: { total: 400 } } });
    expect(partial.body.data.values.rate).toBeNull();
  });

  it('refuses a formula naming an unknown attribute, naming the attribute and the field', async () => {
    const res = await create('DH-UNK', 'haploids / total');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'NURSERY_DH_FORMULA_UNKNOWN', msg: 'The formula of Induction rate names an unknown attribute haploids' });
    expect(res.body.errors[0]).toMatchObject({ field: 'attributes.3.formula' });
  });

  it('refuses a division by zero when computing, with the attribute and the reason', async () => {
    const res = await create('DH-ZERO', 'haploid / total');
    const computed = await t.call('POST', `${base}/compute`, { token: admin, body: { id: res.body.data.id, values: { total: 0, haploid: 3 } }, headers: en });
    expect(computed.status).toBe(400);
    expect(computed.body.errorCode).toBe('NURSERY_DH_FORMULA_FAILED');
    expect(computed.body.msg).toContain('Attribute Induction rate cannot be computed: Division by zero');
  });

  it('never runs a formula as code: member calls, constructor and prototype tricks are refused', async () => {
    for (const formula of [
      "constructor.constructor('return process')()",
      'total.constructor',
      'process.exit(1)',
      '__proto__.polluted',
      'haploid; total',
      'eval("1")',
    ]) {
      const res = await create(`DH-X${Math.random().toString(36).slice(2, 7)}`, formula);
      expect(res.status, formula).toBe(400);
      expect(['NURSERY_DH_FORMULA_INVALID', 'NURSERY_DH_FORMULA_UNKNOWN']).toContain(res.body.errorCode);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a formula naming itself or a later formula, repeated codes and a formula attribute without formula', async () => {
    const self = await create('DH-SELF', 'rate + 1');
    expect(self.body.errorCode).toBe('NURSERY_DH_FORMULA_CYCLE');
    const repeated = await t.call('POST', `${base}/create`, {
      token: admin,
      body: {
        name: 'R',
        code: 'DH-REP',
        attributes: [
          { name: 'a', code: 'a', type: 'number', order: 1 },
          { name: 'b', code: 'a', type: 'text', order: 2 },
        ],
      },
    });
    expect(repeated.body.errorCode).toBe('NURSERY_DH_ATTRIBUTE_REPEATED');
    const missing = await t.call('POST', `${base}/create`, {
      token: admin,
      body: { name: 'M', code: 'DH-MISS', attributes: [{ name: 'Rate', code: 'rate', type: 'formula', order: 1 }] },
      headers: en,
    });
    expect(missing.body).toMatchObject({ errorCode: 'NURSERY_DH_FORMULA_REQUIRED', msg: 'Formula attribute Rate needs a formula' });
    const badCode = await t.call('POST', `${base}/create`, {
      token: admin,
      body: { name: 'C', code: 'DH-CODE', attributes: [{ name: 'x', code: '1x', type: 'number', order: 1 }] },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors[0].field).toBe('attributes.0.code');
  });

  it('keeps codes unique per crop and templates private to the organisation', async () => {
    const a = await create('DH-UNIQ', 'haploid / total');
    expect((await create('DH-UNIQ', 'haploid / total')).body.errorCode).toBe('NURSERY_DH_FLOW_CODE_EXISTS');
    expect((await t.call('GET', `${base}/detail/${a.body.data.id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('DELETE', `${base}/${a.body.data.id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('DELETE', `${base}/${a.body.data.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses to delete a template that DH batches follow, naming it and the count (the fuzzing found a 500 here)', async () => {
    const page = await t.call('GET', `${base}/page`, { token: admin, query: { pageNum: 1, pageSize: 50 } });
    const demo = page.body.rows.find((f: { code: string }) => f.code === 'MZ-DH');
    expect(demo).toBeDefined();
    const res = await t.call('DELETE', `${base}/${demo.id}`, { token: admin, headers: en });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: 'NURSERY_DH_FLOW_IN_USE',
      msg: 'DH flow template 玉米 DH 标准流程 is used by 2 DH batches and cannot be deleted',
    });
    expect((await t.call('GET', `${base}/detail/${demo.id}`, { token: admin })).status).toBe(200);
  });
});
