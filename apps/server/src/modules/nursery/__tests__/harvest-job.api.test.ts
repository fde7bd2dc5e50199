import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HarvestStart } from '@breedwise/contracts/nursery';
import { sysCrop, sysOrg, sysUser } from '../../system';
import { sysTaskLog } from '../../common/task/task.tables';
import { taskContext } from '../../common';
import { activityOfCrop } from '../activity/activity.service';
import { HARVEST_JOB, startHarvestTask } from '../harvest/harvest.job';
import { harvestInTx } from '../harvest/harvest.service';
import { nurseryHarvest } from '../harvest/harvest.tables';
import { createTestApp, waitForTask, type TestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-pages';

const N = '/api/nursery/api';
const G = '/api/germ/api';
const D = '/api/doe/api';
const en = { 'accept-language': 'en' };
let t: TestApp, admin: string, box: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const wh = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'warehouse', code: 'HJ-WH', name: 'Harvest store' } });
  const shelf = await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'HJ-WH-A', name: 'A' } });
  box = (await t.call('POST', `${G}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'HJ-WH-A-1', name: 'Box 1' } }))
    .body.data.id;
}, 180_000);
afterAll(() => t.close());

const chunks = (ids: number[], n = 200) => Array.from({ length: Math.ceil(ids.length / n) }, (_, k) => ids.slice(k * n, k * n + n));

let seq = 0;
/** A nursery whose F1 entry is selfed `count` times, each recorded successful and finished. */
async function selfed(count: number) {
  const n = ++seq;
  const list = await t.call('POST', `${D}/germList/create`, {
    token: admin,
    body: { name: `HJ list ${n}`, type: 'nursery', entries: [{ entryId: 1, materialName: `HJ${n}`, generation: 'F1', pedigree: 'A/B' }] },
  });
  const act = await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: `Harvest job ${n}`, code: `HJ${n}`, year: 2026, season: 'summer' } });
  const activityId = act.body.data.id as number;
  await t.call('POST', `${N}/entry/fromList`, { token: admin, body: { activityId, germListId: list.body.data.id } });
  const [entry] = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId } })).body.rows;
  for (let i = 0; i < count; i += 100) {
    const planned = await t.call('POST', `${N}/pollination/planSelf`, {
      token: admin,
      body: { activityId, type: 'self', entryIds: Array(Math.min(100, count - i)).fill(entry.id) },
    });
    expect(planned.status).toBe(200);
  }
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const rows = (await t.call('GET', `${N}/pollination/page`, { token: admin, query: { activityId, pageNum: page, pageSize: 100 } })).body.rows;
    if (!rows.length) break;
    ids.push(...rows.map((r: { id: number }) => r.id));
  }
  expect(ids).toHaveLength(count);
  for (const c of chunks(ids)) {
    expect(
      (await t.call('PUT', `${N}/pollination/record`, { token: admin, body: { ids: c, date: '2026-07-15', person: 'Li', bags: 1, result: 'success' } })).status,
    ).toBe(200);
    expect((await t.call('PUT', `${N}/pollination/finish`, { token: admin, body: { ids: c } })).status).toBe(200);
  }
  return { activityId, code: `HJ${n}`, ids: ids.sort((a, b) => a - b) };
}

const fields = { harvestType: 'bulk', placeId: 0, unit: 'g', quantity: 50 };
const harvests = async (activityId: number) => t.db.select().from(nurseryHarvest).where(eq(nurseryHarvest.activityId, activityId));
const logsOf = async (taskId: number) => (await t.db.select().from(sysTaskLog).where(eq(sysTaskLog.taskId, taskId))).map((l) => l.message);

async function adminCtx() {
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
  const [crop] = await t.db
    .select()
    .from(sysCrop)
    .where(and(eq(sysCrop.orgId, org.id), eq(sysCrop.code, 'maize')));
  const ctx = taskContext({ orgId: org.id, createdBy: user.id }, 'en', crop.id);
  const src = { orgId: org.id, userId: user.id, username: 'admin', ip: null, userAgent: null, requestId: null };
  return { ctx, src };
}

describe('harvest as a background task', () => {
  it('keeps the synchronous harvest to 200 pollinations and harvests 250 waiting ones as a task, in chunks with progress', async () => {
    const x = await selfed(250);
    const sync = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { ...fields, placeId: box, activityId: x.activityId, pollinationIds: x.ids.slice(0, 201) },
      headers: en,
    });
    expect(sync.status).toBe(400);
    expect(sync.body.errors[0].field).toBe('pollinationIds');

    const started = await t.call('POST', `${N}/harvest/start`, {
      token: admin,
      body: { ...fields, placeId: box, activityId: x.activityId, all: true },
      headers: en,
    });
    expect(started.status).toBe(200);
    expect(started.body.data.count).toBe(250);
    const task = await waitForTask(t, admin, started.body.data.taskId, 120_000);
    expect(task).toMatchObject({ status: 'succeeded', progress: 1, result: { harvested: 250, total: 250, chunks: 5 }, module: 'nursery' });
    expect(task.title).toBe(`Harvest job ${seq}: harvest of 250 pollinations`.replace(`${seq}:`, `${seq} (${x.code}):`));
    const rows = await harvests(x.activityId);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.taskId))).toEqual(new Set([started.body.data.taskId]));
    expect(await logsOf(started.body.data.taskId)).toEqual(expect.arrayContaining(['Harvested 100 of 250', 'Harvested 200 of 250']));
    // The lots are in the inventory with the self's pedigree and generation.
    const page = await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId: x.activityId, pageSize: 1 } });
    expect(page.body.total).toBe(250);
    expect(page.body.rows[0]).toMatchObject({ generation: 'F2', pedigree: 'A/B', quantity: 50, unit: 'g' });
    // Nothing left: a second task is refused at once.
    const again = await t.call('POST', `${N}/harvest/start`, {
      token: admin,
      body: { ...fields, placeId: box, activityId: x.activityId, all: true },
      headers: en,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'NURSERY_HARVEST_NONE_WAITING', msg: `Nursery ${x.code} has no pollinations waiting for harvest` });
  }, 180_000);

  it('refuses at once: nothing chosen, more than 5,000, a harvested or failed pollination, another nursery, another organisation', async () => {
    const x = await selfed(3);
    const y = await selfed(1);
    const start = (body: Record<string, unknown>) =>
      t.call('POST', `${N}/harvest/start`, { token: admin, body: { ...fields, placeId: box, ...body }, headers: en });
    const none = await start({ activityId: x.activityId });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({ field: 'pollinationIds', message: 'Choose the pollinations to harvest, or harvest all waiting' });
    const many = await start({ activityId: x.activityId, pollinationIds: Array.from({ length: 5001 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect(many.body.errors[0].field).toBe('pollinationIds');
    const other = await start({ activityId: x.activityId, pollinationIds: [x.ids[0], y.ids[0]] });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].field).toBe('pollinationIds');
    const sync = await t.call('POST', `${N}/harvest/create`, {
      token: admin,
      body: { ...fields, placeId: box, activityId: x.activityId, pollinationIds: [x.ids[0]] },
    });
    expect(sync.status).toBe(200);
    const twice = await start({ activityId: x.activityId, pollinationIds: x.ids });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('NURSERY_ALREADY_HARVESTED');
    const missing = await start({ activityId: x.activityId, pollinationIds: [999_999] });
    expect(missing.status).toBe(404);
  });

  it('stops failed when a pollination was harvested meanwhile, saying how many it harvested (those lots stay)', async () => {
    const x = await selfed(150);
    const { ctx, src } = await adminCtx();
    const input = HarvestStart.parse({ ...fields, placeId: box, activityId: x.activityId, all: true });
    const { taskId } = await startHarvestTask(t.db, ctx, src, input, 'en');
    // Someone harvests a pollination of the second chunk before the task runs.
    const late = x.ids[120];
    expect(
      (await t.call('POST', `${N}/harvest/create`, { token: admin, body: { ...fields, placeId: box, activityId: x.activityId, pollinationIds: [late] } }))
        .status,
    ).toBe(200);
    await t.app.jobs.enqueue(HARVEST_JOB, taskId);
    const task = await waitForTask(t, admin, taskId, 120_000);
    expect(task.status).toBe('failed');
    expect(task.message).toContain('has already been harvested');
    expect(await logsOf(taskId)).toContain('Harvested 100 of 150 before the refusal (those seed lots stay); the rest were not harvested');
    const rows = await harvests(x.activityId);
    expect(rows.filter((r) => r.taskId === taskId)).toHaveLength(100);
    expect(rows).toHaveLength(101);
  }, 180_000);

  it('a retried task skips what an earlier attempt harvested', async () => {
    const x = await selfed(120);
    const { ctx, src } = await adminCtx();
    const input = HarvestStart.parse({ ...fields, placeId: box, activityId: x.activityId, pollinationIds: x.ids });
    const { taskId } = await startHarvestTask(t.db, ctx, src, input, 'en');
    // An earlier attempt harvested the first chunk, then its process died.
    const activity = await activityOfCrop(t.db, ctx, x.activityId);
    await t.db.transaction((tx) =>
      harvestInTx(tx, ctx, src, activity, { harvestType: 'bulk', placeId: box, unit: 'g', quantity: 50, remark: null }, x.ids.slice(0, 100), taskId),
    );
    await t.app.jobs.enqueue(HARVEST_JOB, taskId);
    const task = await waitForTask(t, admin, taskId, 120_000);
    expect(task).toMatchObject({ status: 'succeeded', result: { harvested: 120, total: 120 } });
    expect(await logsOf(taskId)).toContain('100 already harvested by an earlier attempt; continuing');
    expect(await harvests(x.activityId)).toHaveLength(120);
  }, 180_000);
});

describe('harvest labels', () => {
  it('prints the harvested lots on a shared label format, the codes carrying the lot number', async () => {
    const x = await selfed(5);
    await t.call('POST', `${N}/harvest/create`, { token: admin, body: { ...fields, placeId: box, activityId: x.activityId, pollinationIds: x.ids } });
    const pdf = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${N}/harvest/labels`, headers: { token: admin }, payload });
    const roll = await pdf({ activityId: x.activityId, fields: ['lotNo', 'name', 'pedigree', 'generation'], labelFormat: 'roll-50x30', copies: 2 });
    expect(roll.statusCode).toBe(200);
    expect(roll.headers['content-type']).toBe('application/pdf');
    const pages = pdfPages(roll.rawPayload);
    expect(pages.count).toBe(10);
    expect(pages.sizesMm[0]).toEqual({ width: 50, height: 30 });
    const page = await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId: x.activityId } });
    const sheet = await pdf({ activityId: x.activityId, harvestIds: [page.body.rows[0].id], fields: ['lotNo'], labelFormat: 'a4-3x8', code: 'code128' });
    expect(pdfPages(sheet.rawPayload)).toMatchObject({ count: 1, sizesMm: [{ width: 210, height: 297 }] });
  });

  it('refuses no fields, an unknown format, a harvest of another nursery and a nursery without harvests', async () => {
    const x = await selfed(1);
    const y = await selfed(1);
    await t.call('POST', `${N}/harvest/create`, { token: admin, body: { ...fields, placeId: box, activityId: y.activityId, pollinationIds: y.ids } });
    const labels = (body: Record<string, unknown>) =>
      t.call('POST', `${N}/harvest/labels`, { token: admin, body: { activityId: x.activityId, fields: ['lotNo'], ...body }, headers: en });
    expect((await labels({ fields: [] })).body.errors[0].field).toBe('fields');
    expect((await labels({ labelFormat: 'a5' })).body.errors[0].field).toBe('labelFormat');
    const empty = await labels({});
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({ errorCode: 'NURSERY_LABELS_NONE', msg: 'There are no harvests to print labels for' });
    const yHarvest = (await t.call('GET', `${N}/harvest/page`, { token: admin, query: { activityId: y.activityId } })).body.rows[0].id;
    expect((await labels({ harvestIds: [yHarvest] })).status).toBe(404);
  });
});
