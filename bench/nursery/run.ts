// Nursery harvest benchmark (issue 16): 2,000 finished successful pollinations harvested into seed lots the
// way a user does it, as a harvest task (`POST harvest/start` with `all`: the job on the platform's queue,
// chunks of HARVEST_JOB_CHUNK (50) pollinations each in one transaction, progress after each; a germplasm record, a seed lot,
// a ledger deposit and a harvest row per pollination), timed from the start to the task's success, against a
// reference run in the same process and database: the same 2,000 germplasm records, lots and deposits
// written directly through the germ module (`receiveHarvestedSeed`) in one transaction, without the nursery.
// Prints seconds, lots per second and the ratio harvest / reference. Runs on PGlite and on PostgreSQL.
//
//   npm run -w bench nursery                          # both databases, 2,000 pollinations
//   npm run -w bench nursery -- --db pglite --count 500
//
// Options (or BENCH_<NAME> variables): --db postgres|pglite|both, --count, --pg-url (a server URL; a fresh
// database bw_nursery_<pid> is created there and dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';
import type { RequestContext } from '../../apps/server/src/platform/context';
import { receiveHarvestedSeed } from '../../apps/server/src/modules/germ';
import { germGermplasm } from '../../apps/server/src/modules/germ/germplasm/germplasm.tables';
import { germPlace } from '../../apps/server/src/modules/germ/place/place.tables';
import { sysCrop, sysOrg, sysUser } from '../../apps/server/src/modules/system';
import { createActivity } from '../../apps/server/src/modules/nursery/activity/activity.service';
import { entriesFromGermplasm } from '../../apps/server/src/modules/nursery/entry/entry.service';
import { nurseryEntry } from '../../apps/server/src/modules/nursery/entry/entry.tables';
import { HARVEST_JOB_CHUNK, HarvestStart } from '../../packages/contracts/src/nursery';
import { JobQueue, sysTask } from '../../apps/server/src/modules/common';
import { defineHarvestJob, HARVEST_JOB, startHarvestTask } from '../../apps/server/src/modules/nursery/harvest/harvest.job';
import { nurseryHarvest } from '../../apps/server/src/modules/nursery/harvest/harvest.tables';
import { finishPollinations, planSelfs, recordPollinations } from '../../apps/server/src/modules/nursery/pollination/pollination.service';
import { nurseryPollination } from '../../apps/server/src/modules/nursery/pollination/pollination.tables';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
};
const count = Number(opt('count') ?? 2000);
const which = opt('db') ?? 'both';
const pgUrl = opt('pg-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function runOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-nursery-bench-'));
  let dbName: string | null = null;
  let databaseUrl = '';
  if (kind === 'postgres') {
    dbName = `bw_nursery_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BW_SEED: 'demo',
    BW_DEMO_PASSWORD: 'Bench@2026-nursery',
    DATABASE_URL: databaseUrl,
  } as NodeJS.ProcessEnv);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 4 });
  try {
    await prepareDatabase(database, config);
    const db = database.db;
    const [org] = await db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
    const [user] = await db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    const [crop] = await db
      .select()
      .from(sysCrop)
      .where(and(eq(sysCrop.orgId, org.id), eq(sysCrop.code, 'maize')));
    const ctx: RequestContext = {
      sessionId: 'bench',
      userId: user.id,
      username: 'admin',
      orgId: org.id,
      cropId: crop.id,
      cropAccess: 'operate',
      roles: ['admin'],
      permissions: ['*:*:*'],
      platformAdmin: false,
      locale: 'en',
      ip: '127.0.0.1',
    };
    const src = { orgId: org.id, userId: user.id, username: 'admin', ip: null, userAgent: null, requestId: null };
    const [box] = await db
      .select()
      .from(germPlace)
      .where(and(eq(germPlace.orgId, org.id), eq(germPlace.level, 'box')))
      .limit(1);
    const [source] = await db
      .select()
      .from(germGermplasm)
      .where(and(eq(germGermplasm.orgId, org.id), inArray(germGermplasm.generation, ['F1'])))
      .limit(1);

    // The nursery: one F1 entry selfed `count` times, recorded successful and finished.
    const activity = await createActivity(db, ctx, {
      name: 'Bench',
      code: `BENCH-${kind}`,
      fieldId: null,
      year: 2026,
      season: 'summer',
      maxMales: 3,
      remark: null,
    });
    await entriesFromGermplasm(db, ctx, { activityId: activity.id, germplasmIds: [source.id] });
    const [entry] = await db.select().from(nurseryEntry).where(eq(nurseryEntry.activityId, activity.id));
    for (let i = 0; i < count; i += 500) {
      await planSelfs(db, ctx, { activityId: activity.id, type: 'self', entryIds: Array(Math.min(500, count - i)).fill(entry.id) });
    }
    const ids = (await db.select({ id: nurseryPollination.id }).from(nurseryPollination).where(eq(nurseryPollination.activityId, activity.id))).map(
      (r) => r.id,
    );
    await recordPollinations(db, ctx, { ids, date: '2026-07-18', person: 'bench', bags: 1, result: 'success', remark: null });
    await finishPollinations(db, ctx, ids);

    // Reference: the same germplasm records, lots and deposits through the germ module alone.
    let t0 = performance.now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await receiveHarvestedSeed(tx, ctx, src, {
          name: `REF-${i}`,
          type: 'breeding',
          generation: 'F2',
          pedigree: 'A/B',
          femaleParentId: source.id,
          maleParentId: source.id,
          source: 'reference',
          placeId: box.id,
          unit: 'g',
          quantity: 100,
          harvestYear: 2026,
          reason: 'reference',
          remark: null,
        });
      }
    });
    const reference = (performance.now() - t0) / 1000;

    // The harvest task, as the harvest page starts it (every waiting pollination), run by a worker.
    const log = { error: console.error, warn: () => undefined, info: () => undefined, debug: () => undefined } as never;
    const queue = new JobQueue(database, { worker: true, log, pollingIntervalSeconds: 0.5 });
    defineHarvestJob(queue);
    await queue.start();
    t0 = performance.now();
    let harvest = 0;
    try {
      const input = HarvestStart.parse({ activityId: activity.id, all: true, harvestType: 'bulk', placeId: box.id, unit: 'g', quantity: 100 });
      const { taskId, count: queued } = await startHarvestTask(db, ctx, src, input, 'en');
      if (queued !== count) throw new Error(`task of ${queued} pollinations, not ${count}`);
      await queue.enqueue(HARVEST_JOB, taskId);
      let last = -1;
      for (;;) {
        const [task] = await db.select().from(sysTask).where(eq(sysTask.id, taskId));
        if (task.progress !== last && process.env.BENCH_VERBOSE) console.log(`  ${(task.progress * 100).toFixed(0)}% ${task.message ?? ''}`);
        last = task.progress;
        if (task.status === 'succeeded') break;
        if (task.status === 'failed' || task.status === 'cancelled') throw new Error(`harvest task ${task.status}: ${task.message}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      harvest = (performance.now() - t0) / 1000;
    } finally {
      await queue.stop();
    }
    const harvested = await db.select({ id: nurseryHarvest.id }).from(nurseryHarvest).where(eq(nurseryHarvest.activityId, activity.id));
    if (harvested.length !== count) throw new Error(`harvested ${harvested.length} of ${count}`);
    return { database: kind, count, harvestSeconds: harvest, referenceSeconds: reference, lotsPerSecond: count / harvest, ratio: harvest / reference };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const kinds = which === 'both' ? (['pglite', 'postgres'] as const) : [which as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const r = await runOne(kind);
  console.log(
    `${r.database}: harvest task of ${r.count} pollinations into seed lots (chunks of ${HARVEST_JOB_CHUNK}) ${r.harvestSeconds.toFixed(2)} s (${r.lotsPerSecond.toFixed(0)} lots/s); ` +
      `reference (the same lots through the germ module alone) ${r.referenceSeconds.toFixed(2)} s; ratio ${r.ratio.toFixed(2)}`,
  );
}
