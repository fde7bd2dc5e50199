import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { createTestApp, type TestApp } from '../test/harness';
import { sysTask } from '../modules/common/task/task.tables';
import { sysMessage } from '../modules/message/message/message.tables';
import { createTask } from '../modules/common/task/task.service';
import { expiryOf, JobQueue, type JobDefinition } from '../modules/common/jobs/queue';
import { taskContext } from '../modules/common/io/resource-io';
import { serverModules } from '../modules';

/**
 * Issue 12 item 4: a job that runs out of attempts ends its task failed, with the reason, and tells
 * the user; between attempts the task shows "waiting to retry"; expiry is sized per job type.
 */
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let orgId: number;
let adminId: number;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestApp({ BW_WORKER: 'off' });
  [{ id: orgId }] = await t.database.query<{ id: number }>(`select id from sys_org where code = 'demo'`);
  [{ id: adminId }] = await t.database.query<{ id: number }>(`select id from sys_user where username = 'admin'`);
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t.close();
});

async function worker(def: JobDefinition<any>): Promise<JobQueue> {
  const q = new JobQueue(t.database, { worker: true, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
  q.define(def);
  await q.start();
  queues.push(q);
  return q;
}

async function newTask(q: JobQueue, type: string, title: string): Promise<number> {
  const ctx = taskContext({ orgId, createdBy: adminId }, 'en');
  const id = await createTask(t.db, ctx, { module: 'test', type, title, input: { locale: 'en' } });
  await q.enqueue(type, id);
  return id;
}

const task = async (id: number) => (await t.db.select().from(sysTask).where(eq(sysTask.id, id)))[0];

/** Polls the task, keeping every (status, message) it showed, until `done` holds. */
async function watch(id: number, done: (row: typeof sysTask.$inferSelect) => boolean, timeoutMs = 40_000) {
  const seen: string[] = [];
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const row = await task(id);
    const line = `${row.status}: ${row.message ?? ''}`;
    if (seen.at(-1) !== line) seen.push(line);
    if (done(row)) return { row, seen };
    await sleep(50);
  }
  throw new Error(`task ${id} stuck; it showed ${JSON.stringify(seen)}`);
}

const inbox = (title: string) =>
  t.db
    .select()
    .from(sysMessage)
    .where(and(eq(sysMessage.userId, adminId)))
    .orderBy(desc(sysMessage.id))
    .then((rows) => rows.filter((m) => m.title.en.includes(title)));

describe('a job that fails and is retried', () => {
  it('shows "waiting to retry" with the reason between attempts, and succeeds on a later one', async () => {
    let runs = 0;
    const q = await worker({
      type: 'test.flaky',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async (job) => {
        runs++;
        if (runs < 3) throw new Error(`gateway timed out (${runs})`);
        await job.finish(async () => ({ ok: true }));
      },
    });
    const id = await newTask(q, 'test.flaky', 'flaky');
    const { row, seen } = await watch(id, (r) => r.status === 'succeeded');
    const internal = `an internal error occurred (details in the server log, task ${id})`;
    expect(seen).toEqual(
      expect.arrayContaining([
        `retrying: Attempt 1 of 3 failed: ${internal}. Waiting to retry`,
        `retrying: Attempt 2 of 3 failed: ${internal}. Waiting to retry`,
      ]),
    );
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, message: null });
    expect(await inbox('flaky')).toEqual([]);
  });

  it('ends failed with the reason after its last attempt, and tells the user in both languages', async () => {
    const q = await worker({
      type: 'test.broken',
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => {
        throw new Error('Failed query: select secret from somewhere');
      },
    });
    const id = await newTask(q, 'test.broken', 'broken import');
    const { row, seen } = await watch(id, (r) => r.status === 'failed');
    const internal = `an internal error occurred (details in the server log, task ${id})`;
    expect(seen).toContain(`retrying: Attempt 1 of 2 failed: ${internal}. Waiting to retry`);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, message: `Failed after 2 attempts: ${internal}` });
    const logs = await t.database.query<{ message: string }>('select message from sys_task_log where task_id = $1', [id]);
    expect(logs.map((l) => l.message).join('\n')).not.toContain('select secret');
    expect(row.finishedAt).not.toBeNull();
    const [msg] = await inbox('broken import');
    expect(msg).toMatchObject({ type: 'system', orgId, readAt: null });
    expect(msg.title).toEqual({ 'zh-CN': '任务失败：broken import', en: 'Task failed: broken import' });
    expect(msg.content).toEqual({
      'zh-CN': `任务“broken import”失败。2 次尝试均失败：发生内部错误（详情见服务器日志，任务 ${id}）`,
      en: `The task "broken import" failed. Failed after 2 attempts: ${internal}`,
    });
    // Through the API, as the task center reads it.
    const token = await t.login('admin');
    const detail = await t.call('GET', `/api/common/task/detail/${id}`, { token });
    expect(detail.body.data).toMatchObject({ status: 'failed', message: `Failed after 2 attempts: ${internal}` });
  });

  it('stops a run that passes its time limit, and says so', async () => {
    const q = await worker({
      type: 'test.slow',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 2,
      run: async (job) => {
        for (;;) {
          await sleep(200);
          await job.progress(0.5);
        }
      },
    });
    const id = await newTask(q, 'test.slow', 'slow');
    const { row, seen } = await watch(id, (r) => r.status === 'failed');
    expect(seen).toContain('retrying: Attempt 1 of 2 failed: it ran past its time limit (1 min). Waiting to retry');
    expect(row.message).toBe('Failed after 2 attempts: it ran past its time limit (1 min)');
  });
});

describe('a job whose worker is lost (killed, or hung) until its attempts run out', () => {
  it('is taken over after its expiry ("waiting to retry"), then ends failed with the reason and a message; it is never left running', async () => {
    const started: number[] = [];
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    const def: JobDefinition = {
      type: 'test.lost',
      retryLimit: 1,
      retryDelaySeconds: 1,
      expireInSeconds: 600,
      run: async (job) => {
        started.push(job.attempt);
        await job.progress(0.6, 'importing');
        await hung;
      },
    };
    const first = await worker(def);
    const id = await newTask(first, 'test.lost', 'lost import');
    await watch(id, (r) => r.status === 'running' && r.progress === 0.6);
    // The worker is gone for good: its job expires (as pg-boss's maintenance finds it, here sooner).
    const expire = () => t.database.query(`update pgboss.job set started_on = now() - interval '2 hours' where name = 'test.lost' and state = 'active'`);
    await expire();
    const waiting = await watch(id, (r) => r.status === 'retrying');
    expect(waiting.row.message).toBe('Attempt 1 of 2 failed: the process running it stopped, or it ran past its time limit (10 min). Waiting to retry');
    // Another worker takes the second attempt, and is lost too.
    await worker(def);
    await watch(id, (r) => r.status === 'running' && r.attempts === 2 && r.progress === 0.6);
    await expire();
    const { row } = await watch(id, (r) => r.status === 'failed');
    expect(row.message).toBe('Failed after 2 attempts: the process running it stopped, or it ran past its time limit (10 min)');
    expect(started).toEqual([1, 2]);
    const [msg] = await inbox('lost import');
    expect(msg.content.en).toBe(
      'The task "lost import" failed. Failed after 2 attempts: the process running it stopped, or it ran past its time limit (10 min)',
    );
    expect(msg.content['zh-CN']).toBe('任务“lost import”失败。2 次尝试均失败：执行该任务的进程已停止或运行超过时限（10 分钟）');
    expect(await inbox('lost import')).toHaveLength(1);
    release();
    await sleep(300);
    expect((await task(id)).status).toBe('failed');
  });
});

describe('job expiry', () => {
  it('is sized per job type from its expected duration (1.5 times and a minute, at least 2 minutes), capped by BW_JOB_EXPIRE_SECONDS', () => {
    expect(expiryOf({ expectedSeconds: 10 })).toBe(120);
    expect(expiryOf({ expectedSeconds: 200 })).toBe(360);
    expect(expiryOf({ expectedSeconds: 2 * 3600 })).toBe(10_860);
    expect(expiryOf({ expectedSeconds: 200 }, 60)).toBe(60);
    expect(expiryOf({ expireInSeconds: 5, expectedSeconds: 200 })).toBe(5);
  });

  it('every job type declares its expected duration, and its queue carries the sized expiry', async () => {
    const q = new JobQueue(t.database, { worker: false, log });
    for (const m of serverModules) m.jobs?.(q, { database: t.database, storage: t.app.storage, config: t.config });
    const defs = [...(q as unknown as { defs: Map<string, JobDefinition> }).defs.values()];
    expect(defs.length).toBeGreaterThan(5);
    for (const d of defs) expect(d.expectedSeconds, d.type).toBeGreaterThan(0);
    const rows = await t.database.query<{ name: string; expire_seconds: number }>(`select name, expire_seconds from pgboss.queue`);
    const byName = new Map(rows.map((r) => [r.name, r.expire_seconds]));
    for (const d of defs) expect(byName.get(d.type), d.type).toBe(expiryOf(d));
    expect(new Set(defs.map((d) => expiryOf(d))).size).toBeGreaterThan(1);
  });
});
