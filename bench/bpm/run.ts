// Workflow benchmark (issue 15): 1,000 processes started and completed through two user tasks, each
// command one transaction with the instance row locked (SELECT ... FOR UPDATE), on embedded PGlite and
// on PostgreSQL. Prints instances/s and the p50/p95 latency of a task completion, against the engine
// alone in the same process (the same commands with the state through JSON, no database), and on
// PostgreSQL a race: the same task approved 20 times at once (exactly one must succeed).
//
//   npm run -w bench bpm                                # both databases, 1,000 instances
//   npm run -w bench bpm -- --db pglite --instances 200
//   npm run -w bench bpm -- --pg-url postgres://postgres@127.0.0.1:5432/postgres --concurrency 8
//
// PostgreSQL: a database bench_bpm is created (dropped first if left over) on the --pg-url server and
// dropped afterwards unless --keep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { completeTask, parseBpmn, startInstance } from '@breedwise/workflow';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';
import type { RequestContext } from '../../apps/server/src/platform/context';
import { createOrganisation } from '../../apps/server/src/modules/system';
import { bpmDefinition, bpmModel } from '../../apps/server/src/modules/bpm/model/model.tables';
import { bpmAssignRule } from '../../apps/server/src/modules/bpm/admin/admin.tables';
import { bpmTask } from '../../apps/server/src/modules/bpm/runtime/runtime.tables';
import { decideTaskIn, startProcessIn } from '../../apps/server/src/modules/bpm/runtime/runtime.service';
import { and, eq } from 'drizzle-orm';

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const N = Number(opt('instances') ?? 1000);
const CONCURRENCY = Number(opt('concurrency') ?? 4);
const which = opt('db') ?? 'both';
const pgUrl = opt('pg-url') ?? 'postgres://postgres@127.0.0.1:5432/test';
const keep = argv.includes('--keep');

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bw="http://breedwise.dev/schema/bpmn" id="D" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="bench_two_step" name="Bench two-step" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="first" name="First"/>
    <bpmn:userTask id="second" name="Second"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <bpmn:sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <bpmn:sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const ctxOf = (orgId: number, userId: number): RequestContext => ({
  sessionId: 'bench',
  userId,
  username: 'bench',
  orgId,
  cropId: null,
  cropAccess: null,
  roles: [],
  permissions: ['bpm:task:update'],
  platformAdmin: false,
  locale: 'en',
  ip: '127.0.0.1',
});
const src = (orgId: number, userId: number) => ({ orgId, userId, username: 'bench', ip: null, userAgent: null, requestId: null });

function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The engine alone: the same three commands per instance with the state through JSON. */
function engineAlone(n: number) {
  const { model } = parseBpmn(XML);
  const steps: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    let { state } = startInstance(model, { variables: { i }, now: Date.now() });
    for (const key of ['first', 'second']) {
      const s = performance.now();
      const taskKey = Object.keys(JSON.parse(JSON.stringify(state)).tasks)[0];
      ({ state } = completeTask(model, JSON.parse(JSON.stringify(state)), { taskKey, outcome: 'approve', now: Date.now() }));
      steps.push(performance.now() - s);
      void key;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: n / seconds, p50: pct(steps, 50), p95: pct(steps, 95) };
}

async function run(kind: 'pglite' | 'postgres') {
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('drop database if exists bench_bpm with (force)');
    await admin.query('create database bench_bpm');
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = '/bench_bpm';
    databaseUrl = u.toString();
  } else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-bpm-'));
  const config = loadConfig({
    BW_SEED: 'base',
    BW_ADMIN_PASSWORD: 'Bench@2026-admin',
    DATA_DIR: dataDir ?? os.tmpdir(),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  } as NodeJS.ProcessEnv);
  const database: Database = await openDatabase({ databaseUrl, dataDir, poolSize: CONCURRENCY + 22 });
  try {
    await prepareDatabase(database, config);
    const db = database.db;
    const org = await createOrganisation(db, { code: `bench${Date.now().toString(36)}`, name: 'Bench' }, [
      { username: `bench-a-${kind}`, nickName: 'A', password: 'Bench@2026-a', role: 'admin', crops: {} },
      { username: `bench-b-${kind}`, nickName: 'B', password: 'Bench@2026-b', role: 'admin', crops: {} },
    ]);
    const a = org.users[`bench-a-${kind}`];
    const b = org.users[`bench-b-${kind}`];
    const { model } = parseBpmn(XML);
    const [m] = await db.insert(bpmModel).values({ orgId: org.orgId, key: 'bench_two_step', name: 'Bench', bpmnXml: XML }).returning();
    const [def] = await db
      .insert(bpmDefinition)
      .values({ orgId: org.orgId, modelId: m.id, key: 'bench_two_step', name: 'Bench', version: 1, bpmnXml: XML, model })
      .returning();
    await db.insert(bpmAssignRule).values([
      { orgId: org.orgId, definitionId: def.id, taskKey: 'first', type: 'user', options: [a] },
      { orgId: org.orgId, definitionId: def.id, taskKey: 'second', type: 'user', options: [b] },
    ]);
    const openTask = async (instanceId: number, nodeId: string) =>
      (
        await db
          .select({ id: bpmTask.id })
          .from(bpmTask)
          .where(and(eq(bpmTask.instanceId, instanceId), eq(bpmTask.nodeId, nodeId), eq(bpmTask.status, 'open')))
      )[0].id;

    const completions: number[] = [];
    const starts: number[] = [];
    const one = async (i: number) => {
      let s = performance.now();
      const id = await db.transaction((tx) => startProcessIn(tx, ctxOf(org.orgId, a), src(org.orgId, a), def, { variables: { i } }));
      starts.push(performance.now() - s);
      for (const [node, user] of [
        ['first', a],
        ['second', b],
      ] as const) {
        const taskId = await openTask(id, node);
        s = performance.now();
        await db.transaction((tx) => decideTaskIn(tx, ctxOf(org.orgId, user), src(org.orgId, user), { id: taskId, outcome: 'approve', comment: null }));
        completions.push(performance.now() - s);
      }
    };
    // Warm-up (JIT, plan caches), not counted.
    for (let i = 0; i < 20; i++) await one(-1 - i);
    completions.length = 0;
    starts.length = 0;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) await one(next++);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;

    // The race: one task approved 20 times at once; exactly one may succeed.
    let race: { ok: number; handled: number; other: number } | null = null;
    {
      const id = await db.transaction((tx) => startProcessIn(tx, ctxOf(org.orgId, a), src(org.orgId, a), def, { variables: {} }));
      const taskId = await openTask(id, 'first');
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          db.transaction((tx) => decideTaskIn(tx, ctxOf(org.orgId, a), src(org.orgId, a), { id: taskId, outcome: 'approve', comment: null })),
        ),
      );
      race = {
        ok: results.filter((r) => r.status === 'fulfilled').length,
        handled: results.filter((r) => r.status === 'rejected' && (r.reason as { errorCode?: string }).errorCode === 'BPM_TASK_HANDLED').length,
        other: results.filter((r) => r.status === 'rejected' && (r.reason as { errorCode?: string }).errorCode !== 'BPM_TASK_HANDLED').length,
      };
      const second = await db
        .select()
        .from(bpmTask)
        .where(and(eq(bpmTask.instanceId, id), eq(bpmTask.nodeId, 'second')));
      if (race.ok !== 1 || second.length !== 1) throw new Error(`race: ${JSON.stringify(race)}, second tasks ${second.length}`);
    }
    return {
      kind,
      instances: N,
      concurrency: CONCURRENCY,
      seconds,
      perSecond: N / seconds,
      start: { p50: pct(starts, 50), p95: pct(starts, 95) },
      complete: { p50: pct(completions, 50), p95: pct(completions, 95) },
      race,
    };
  } finally {
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !keep) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query('drop database if exists bench_bpm with (force)');
      await admin.end();
    }
  }
}

const ref = engineAlone(N);
console.log(`engine alone (reference, no database): ${ref.perSecond.toFixed(0)} instances/s, step p50 ${ref.p50.toFixed(3)} ms, p95 ${ref.p95.toFixed(3)} ms`);
const kinds = which === 'both' ? (['pglite', 'postgres'] as const) : ([which] as ('pglite' | 'postgres')[]);
for (const kind of kinds) {
  const r = await run(kind);
  console.log(
    `${kind}: ${r.instances} instances through two user tasks, ${r.concurrency} at a time, in ${r.seconds.toFixed(1)} s: ${r.perSecond.toFixed(1)} instances/s ` +
      `(${(ref.perSecond / r.perSecond).toFixed(0)}x slower than the engine alone); ` +
      `start p50 ${r.start.p50.toFixed(1)} ms p95 ${r.start.p95.toFixed(1)} ms; task completion p50 ${r.complete.p50.toFixed(1)} ms p95 ${r.complete.p95.toFixed(1)} ms ` +
      `(p95 ${(r.complete.p95 / ref.p95).toFixed(0)}x the engine step); race of 20 approvals: ${r.race?.ok} succeeded, ${r.race?.handled} already handled, ${r.race?.other} other`,
  );
}
process.exit(0);
