import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkbook } from '../../common';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness';

const N = '/api/nursery/api';
const D = '/api/doe/api';
const en = { 'accept-language': 'en' };
let t: TestApp, admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 180_000);
afterAll(() => t.close());

let seq = 0;
/** A nursery of four entries (A, B, C, D: material numbers CL<n>-001 ... -004), at most two males per female. */
async function nursery() {
  const n = ++seq;
  const list = await t.call('POST', `${D}/germList/create`, {
    token: admin,
    body: {
      name: `CL list ${n}`,
      type: 'nursery',
      entries: ['A', 'B', 'C', 'D'].map((name, i) => ({ entryId: i + 1, materialName: `${name}${n}`, generation: 'F6' })),
    },
  });
  const act = await t.call('POST', `${N}/activity/create`, {
    token: admin,
    body: { name: `Cross list ${n}`, code: `CL${n}`, year: 2026, season: 'summer', maxMales: 2 },
  });
  await t.call('POST', `${N}/entry/fromList`, { token: admin, body: { activityId: act.body.data.id, germListId: list.body.data.id } });
  return { id: act.body.data.id as number, code: `CL${n}`, n };
}

async function upload(activityId: number, name: string, content: Buffer) {
  const { payload, headers } = multipartBody({}, { name, content });
  const res = await t.app.inject({
    method: 'POST',
    url: `${N}/pollination/importCrosses?activityId=${activityId}`,
    payload,
    headers: { ...headers, token: admin, ...en },
  });
  return { status: res.statusCode, body: res.json() };
}
const csv = (lines: string[]) => Buffer.from(lines.join('\n'));
const crosses = async (activityId: number) =>
  (await t.call('GET', `${N}/pollination/page`, { token: admin, query: { activityId } })).body.rows.map(
    (r: { femaleName: string; maleName: string; progenyPedigree: string }) => r.progenyPedigree,
  );

describe('cross list from a file', () => {
  it('plans the crosses of an xlsx list in file order, with Purdy pedigrees', async () => {
    const x = await nursery();
    const xlsx = await buildWorkbook([
      {
        name: 'crosses',
        columns: [
          { header: '母本', key: 'f' },
          { header: '父本', key: 'm' },
        ],
        rows: [
          { f: `${x.code}-001`, m: `${x.code}-002` },
          { f: `${x.code.toLowerCase()}-3`, m: `${x.code}-004` },
        ],
      },
    ]);
    const res = await upload(x.id, 'crosses.xlsx', xlsx);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ total: 2, valid: 2, invalid: 0, planned: 2, refused: false, errors: [] });
    expect(await crosses(x.id)).toEqual([`A${x.n}/B${x.n}`, `C${x.n}/D${x.n}`]);
  });

  it('reports every refused row and plans nothing: unknown or missing material, a self cross, the male-parent limit counting planned crosses', async () => {
    const x = await nursery();
    const res = await upload(
      x.id,
      'crosses.csv',
      csv([
        'female,male',
        `${x.code}-001,${x.code}-002`,
        `${x.code}-001,${x.code}-003`,
        `${x.code}-001,${x.code}-004`,
        `${x.code}-002,${x.code}-002`,
        `${x.code}-009,${x.code}-001`,
        `,${x.code}-001`,
        `${x.code}-003,${x.code}-001`,
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 7, valid: 3, invalid: 4, planned: 0, refused: true });
    expect(res.body.data.errors).toEqual([
      { row: 4, field: 'male', message: `Female A${x.n} would have 3 male parents, more than the limit of 2 per material` },
      { row: 5, field: 'male', message: `Entry B${x.n} cannot be crossed with itself: plan a self instead` },
      { row: 6, field: 'female', message: `Material number ${x.code}-009 is not an entry of this nursery` },
      { row: 7, field: 'female', message: 'The material number is missing' },
    ]);
    expect(await crosses(x.id)).toEqual([]);
    // Crosses planned before count toward the limit.
    await t.call('POST', `${N}/pollination/planCross`, {
      token: admin,
      body: { activityId: x.id, femaleEntryIds: [await entryId(x.id, 1)], maleEntryIds: [await entryId(x.id, 2), await entryId(x.id, 3)] },
    });
    const more = await upload(x.id, 'more.csv', csv(['female,male', `${x.code}-001,${x.code}-004`]));
    expect(more.body.data.errors[0].message).toBe(`Female A${x.n} would have 3 male parents, more than the limit of 2 per material`);
  });

  it('refuses a file that is not xlsx or CSV, one without rows, and a finished nursery', async () => {
    const x = await nursery();
    const txt = await upload(x.id, 'crosses.txt', csv(['female,male']));
    expect(txt.status).toBe(400);
    expect(txt.body.errorCode).toBe('NURSERY_CROSS_LIST_FORMAT');
    const empty = await upload(x.id, 'crosses.csv', csv(['female,male']));
    expect(empty.body).toMatchObject({ errorCode: 'NURSERY_CROSS_LIST_EMPTY', msg: 'The cross list has no rows' });
    const oneColumn = await upload(x.id, 'crosses.csv', csv(['female', 'x']));
    expect(oneColumn.body.errorCode).toBe('NURSERY_CROSS_LIST_FORMAT');
    expect((await t.call('PUT', `${N}/activity/finish/${x.id}`, { token: admin })).status).toBe(200);
    const finished = await upload(x.id, 'crosses.csv', csv(['female,male', `${x.code}-001,${x.code}-002`]));
    expect(finished.status).toBe(409);
    expect(finished.body.errorCode).toBe('NURSERY_FINISHED');
    const missing = await upload(999_999, 'crosses.csv', csv(['female,male', 'A,B']));
    expect(missing.status).toBe(404);
  });
});

async function entryId(activityId: number, entryNo: number) {
  const rows = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId } })).body.rows;
  return rows.find((r: { entryNo: number }) => r.entryNo === entryNo).id as number;
}
