import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';
import { sysTask } from '../../task/task.tables';
import { createTask } from '../../task/task.service';
import { JobQueue } from '../queue';
import { taskContext } from '../../io/resource-io';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe();
    if (v) return v;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('jobs: a job whose worker dies mid-run resumes, and its effect happens once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BW_WORKER: 'off' });
    await t.database.query('create table if not exists test_effect (task_id int not null, note text)');
  });
  afterAll(() => t.close());

  it('abandoned by one worker, finished by the next, exactly once', async () => {
    let attempts = 0;
    let release!: () => void;
    const hang = new Promise<void>((r) => (release = r));
    const define = (q: JobQueue) =>
      q.define({
        type: 'test.effect',
        retryLimit: 3,
        retryDelaySeconds: 1,
        expireInSeconds: 2,
        run: async (job) => {
          attempts++;
          await job.progress(0.3, 'half way');
          if (attempts === 1) await hang; // the first worker "dies" here
          await job.finish(async (tx) => {
            await tx.execute(sql`insert into test_effect values (${job.taskId}, 'done')`);
            return { ok: true };
          });
        },
      });
    const first = new JobQueue(t.database, { worker: true, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    define(first);
    await first.start();
    const [org] = await t.database.query<{ id: number }>(`select id from sys_org where code = 'demo'`);
    const ctx = taskContext({ orgId: org.id, createdBy: 1 }, 'en');
    const taskId = await createTask(t.db, ctx, { module: 'test', type: 'test.effect', title: 'crash test', input: { locale: 'en' } });
    await first.enqueue('test.effect', taskId);
    await until('first attempt', async () => attempts === 1);
    // The worker goes away without finishing (as a killed process would); its job is failed over.
    void first.stop();
    await sleep(500);
    const second = new JobQueue(t.database, { worker: true, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    define(second);
    await second.start();
    // A duplicate delivery of the same task must not repeat the effect either.
    await second.enqueue('test.effect', taskId);
    await until('task done', async () => {
      const [row] = await t.db.select().from(sysTask).where(eq(sysTask.id, taskId));
      return row.status === 'succeeded' && row;
    });
    await sleep(1500);
    release();
    await second.stop();
    const effects = await t.database.query<{ n: number }>('select count(*)::int as n from test_effect where task_id = $1', [taskId]);
    expect(effects[0].n).toBe(1);
    const [row] = await t.db.select().from(sysTask).where(eq(sysTask.id, taskId));
    expect(row).toMatchObject({ status: 'succeeded', progress: 1, result: { ok: true } });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('jobs: a slot group keeps further jobs queued until a slot frees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BW_WORKER: 'off' });
  });
  afterAll(() => t.close());

  it('the job waiting for a slot stays queued (task and pg-boss job), past its own expiry, then runs once', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const q = new JobQueue(t.database, { worker: true, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    // Two types in one group of one slot; the second expires after 3 s once taken.
    q.define({
      type: 'test.slot.long',
      retryLimit: 0,
      expireInSeconds: 120,
      slots: { group: 'test-slot', limit: 1 },
      run: async (job) => {
        runs.push('long');
        await job.progress(0.5, 'holding the slot');
        await hold;
        await job.finish(async () => ({ ok: 'long' }));
      },
    });
    q.define({
      type: 'test.slot.short',
      retryLimit: 0,
      expireInSeconds: 3,
      slots: { group: 'test-slot', limit: 1 },
      run: async (job) => {
        runs.push('short');
        await job.finish(async () => ({ ok: 'short' }));
      },
    });
    await q.start();
    const [org] = await t.database.query<{ id: number }>(`select id from sys_org where code = 'demo'`);
    const ctx = taskContext({ orgId: org.id, createdBy: 1 }, 'en');
    const long = await createTask(t.db, ctx, { module: 'test', type: 'test.slot.long', title: 'slot holder', input: { locale: 'en' } });
    const short = await createTask(t.db, ctx, { module: 'test', type: 'test.slot.short', title: 'slot waiter', input: { locale: 'en' } });
    const status = async (id: number) => (await t.db.select().from(sysTask).where(eq(sysTask.id, id)))[0];
    const jobState = async (id: number) =>
      (
        await t.database.query<{ state: string }>(`select state::text as state from pgboss.job where singleton_key = $1 order by created_on desc limit 1`, [
          `task-${id}`,
        ])
      )[0]?.state;
    try {
      await q.enqueue('test.slot.long', long);
      await until('the first job running', async () => (await status(long)).status === 'running');
      await q.enqueue('test.slot.short', short);
      // Several polls and more than the waiting job's expiry: it is neither taken nor expired.
      await sleep(5000);
      expect(runs).toEqual(['long']);
      expect((await status(short)).status).toBe('queued');
      expect(await jobState(short)).toBe('created');
      release();
      await until('the second job done', async () => (await status(short)).status === 'succeeded');
      expect(runs).toEqual(['long', 'short']);
      expect(await status(long)).toMatchObject({ status: 'succeeded', result: { ok: 'long' } });
      expect(await status(short)).toMatchObject({ status: 'succeeded', attempts: 1, result: { ok: 'short' } });
      await until('both jobs completed in pg-boss', async () => (await jobState(long)) === 'completed' && (await jobState(short)) === 'completed');
    } finally {
      release();
      await q.stop();
    }
  }, 90_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('jobs on PostgreSQL: kill -9 during a 10,000-row import', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    // The expiry is fixed when a job is sent: the API process enqueues with the short one too.
    t = await createTestApp({ BW_WORKER: 'off', BW_JOB_EXPIRE_SECONDS: '4' });
  });
  afterAll(async () => {
    workers.forEach((w) => w.kill('SIGKILL'));
    await t.close();
  });

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../../../worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.config.dataDir,
        LOG_LEVEL: 'warn',
        BW_SEED: 'base',
        BW_JOB_POLL_SECONDS: '0.5',
        BW_JOB_EXPIRE_SECONDS: '4',
        BW_JOB_MAINTENANCE_SECONDS: '1',
      },
      stdio: 'ignore',
    });
    workers.push(child);
    return child;
  };

  it('the import is all or nothing, and runs to completion exactly once after a restart', async () => {
    const token = await t.login('admin');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('L');
    ws.addRow(['Name', 'Code', 'Longitude', 'Latitude']);
    for (let i = 0; i < 10_000; i++) ws.addRow([`Plot station ${i}`, `K-${i}`, 100 + (i % 50) / 10, 30 + (i % 40) / 10]);
    const { payload, headers } = multipartBody({ mode: 'all' }, { name: 'big.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: '/api/doe/api/location/import', payload, headers: { ...headers, token } });
    const taskId = res.json().data.taskId as number;
    const imported = async () => (await t.database.query<{ n: number }>(`select count(*)::int as n from doe_location where code like 'K-%'`))[0].n;

    const first = startWorker();
    await until(
      'the import running',
      async () => {
        const [row] = await t.db.select().from(sysTask).where(eq(sysTask.id, taskId));
        return row.status === 'running' && row;
      },
      90_000,
    );
    first.kill('SIGKILL');
    expect(await imported()).toBe(0);

    startWorker();
    const task = await waitForTask(t, token, taskId, 120_000);
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 10_000, imported: 10_000 });
    expect(task.attempts).toBeGreaterThanOrEqual(2);
    expect(await imported()).toBe(10_000);
  }, 180_000);
});
