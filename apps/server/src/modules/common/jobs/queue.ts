import PgBoss from 'pg-boss';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMessage, taskLogLabels, type Locale, type Translations } from '@breedwise/contracts';
import type { TaskStatus } from '@breedwise/contracts/common';
import type { Database, Db, Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { sysTask } from '../task/task.tables';
import { appendTaskLog, bilingual, failTask, markTaskRetrying, setTaskProgress, setTaskStatus, strandedTasks, UNFINISHED } from '../task/task.service';

export const JOB_SCHEMA = 'pgboss';

/** What a job sees: its task, progress and log reporting, and `finish` for its effect. */
export interface JobContext<T> {
  taskId: number;
  data: T;
  attempt: number;
  db: Db;
  locale: Locale;
  signal: AbortSignal;
  /** Reports progress (0..1); throws TaskCancelled when the user cancelled the task meanwhile. */
  progress(fraction: number, message?: string): Promise<void>;
  log(level: 'info' | 'warn' | 'error', message: string): Promise<void>;
  /**
   * Applies the job's effect and marks the task succeeded in one transaction. A task that already
   * succeeded is skipped, so a retried or duplicated job has its effect exactly once.
   */
  finish(effect: (tx: Tx) => Promise<unknown>): Promise<void>;
}

export interface JobDefinition<T = Record<string, unknown>> {
  /** Queue name: `<module>.<resource>.<verb>`, e.g. `doe.location.import`. */
  type: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * How long the largest job of this type runs on a busy server (measured; see docs/admin-guide.md,
   * "Background tasks"). Its expiry, how soon the job of a dead worker is retried, is sized from it.
   */
  expectedSeconds?: number;
  /** The expiry itself, when it must not follow from `expectedSeconds` (tests). */
  expireInSeconds?: number;
  /**
   * Jobs that share a slot group run at most `limit` at once in one worker process, whatever their
   * type (e.g. the genomic computations). A job beyond that stays in the queue, its task `queued` and
   * its expiry not yet running, until a slot frees: it is only taken from the queue then.
   */
  slots?: { group: string; limit: number };
  run(ctx: JobContext<T>): Promise<void>;
}

/**
 * A job without a user task (sys_task): a step of the server's own (a workflow timer, a service step).
 * `run` throwing is retried by pg-boss with backoff until the job's retry limit, then the job fails;
 * `run` sees the attempt (`retryCount`, 0 first) and the limit, so its last attempt can record the failure.
 */
export interface WorkDefinition<T = Record<string, unknown>> {
  type: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expectedSeconds?: number;
  run(job: { id: string; data: T; retryCount: number; retryLimit: number }): Promise<void>;
}

/** Where a job is sent from inside a transaction: it exists when (and only when) the transaction commits. */
export interface SendInOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /** A label to find (and cancel) the job by. */
  key?: string;
  /** Overrides the queue's retry limit for this job. */
  retryLimit?: number;
}

/**
 * Sends a job in the caller's transaction (pg-boss's job table lives in the same database), so a
 * business change and the job that continues it commit together: no job is lost to a crash after the
 * commit, none runs for a change rolled back. The queue's options (expiry, retry delay and backoff,
 * retention) apply. The queue must exist (created when a process defining it starts; every API process
 * and worker defines all): without it the send throws and the transaction rolls back.
 */
export async function sendJobIn(tx: Tx, type: string, data: Record<string, unknown>, opts: SendInOptions = {}): Promise<void> {
  const startAfter = opts.startAfter ?? new Date();
  const sent = await tx.execute(sql`
    insert into ${sql.raw(JOB_SCHEMA)}.job (name, data, start_after, singleton_key, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    select q.name, ${JSON.stringify(data)}::jsonb, ${startAfter.toISOString()}::timestamptz, ${opts.key ?? null},
           coalesce(q.expire_seconds, 900) * interval '1s',
           ${startAfter.toISOString()}::timestamptz + coalesce(q.retention_minutes, 20160) * interval '1 minute',
           coalesce(${opts.retryLimit ?? null}::int, q.retry_limit, 2),
           coalesce(q.retry_delay, 0), coalesce(q.retry_backoff, false), q.policy
      from ${sql.raw(JOB_SCHEMA)}.queue q
     where q.name = ${type}
    returning id`);
  // The queue is created when a process defining it starts; a job sent before would be lost silently.
  if (!(sent as unknown as { rows: unknown[] }).rows.length) throw new Error(`job queue ${type} does not exist (no process defining it has started)`);
}

/** Cancels (in the caller's transaction) the jobs of a type with a key that have not started. */
export async function cancelJobsIn(tx: Tx, type: string, key: string): Promise<void> {
  await tx.execute(sql`
    update ${sql.raw(JOB_SCHEMA)}.job set state = 'cancelled', completed_on = now()
     where name = ${type} and singleton_key = ${key} and state < 'active'`);
}

/** Without a measured duration a job is allowed this long. */
const DEFAULT_EXPECTED_SECONDS = 5 * 60;

/**
 * A job's expiry: its expected duration and half as much again, plus a minute, at least 2 minutes;
 * capped by BW_JOB_EXPIRE_SECONDS. A run going longer is stopped and retried; the job of a dead
 * worker is taken over by another after this long (before: a flat 15 to 120 minutes per type).
 */
export function expiryOf(def: Pick<JobDefinition, 'expectedSeconds' | 'expireInSeconds'>, cap?: number): number {
  const sized = def.expireInSeconds ?? Math.max(2 * 60, Math.ceil(1.5 * (def.expectedSeconds ?? DEFAULT_EXPECTED_SECONDS)) + 60);
  return Math.min(sized, cap ?? Infinity);
}

export class TaskCancelled extends Error {
  constructor() {
    super('task cancelled');
  }
}

/** The run went past its expiry: it is stopped at its next progress report, and retried. */
class TimeLimitReached extends Error {
  constructor(readonly seconds: number) {
    super(`ran past its time limit (${seconds} s)`);
  }
}

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export interface QueueOptions {
  /** Run workers in this process. */
  worker: boolean;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** Caps each job's expiry (how soon the job of a dead process is retried). */
  maxExpireSeconds?: number;
}

/**
 * Long work on pg-boss, over the same database as the data (PGlite or PostgreSQL), so a job and its
 * effect live and die together. Tasks (sys_task) are what users see; jobs are how the work runs.
 */
export class JobQueue {
  private readonly defs = new Map<string, JobDefinition<any>>();
  private readonly works = new Map<string, WorkDefinition<any>>();
  private boss: PgBoss | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  /** pg-boss workers by job type (woken on enqueue instead of waiting for their next poll). */
  private readonly workerIds = new Map<string, string>();
  /** Slot groups by name: their wake-up call (set while the group's loop waits) and jobs in flight. */
  private readonly groups = new Map<string, { wake: () => void; inFlight: Set<Promise<void>> }>();

  constructor(
    private readonly database: Database,
    private readonly opts: QueueOptions,
  ) {}

  define<T>(def: JobDefinition<T>): void {
    this.defs.set(def.type, def as JobDefinition<any>);
  }

  /** A job type without a user task (see WorkDefinition); sent with `sendJobIn`. */
  defineWork<T>(def: WorkDefinition<T>): void {
    this.works.set(def.type, def as WorkDefinition<any>);
  }

  private newBoss(): PgBoss {
    return new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      supervise: true,
      schedule: false,
      // Its tables are installed with the migrations (prepareDatabase, under their lock); here only checked.
      migrate: false,
      maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds ?? 60,
    } as PgBoss.ConstructorOptions);
  }

  /** Installs or upgrades pg-boss's own tables (run with the migrations, under their lock). */
  static async install(database: Database): Promise<void> {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
    } as PgBoss.ConstructorOptions);
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
  }

  /** The queue options of a job type (retries with backoff, expiry sized from its duration). */
  private queueOptions(def: Pick<JobDefinition<any>, 'retryLimit' | 'retryDelaySeconds' | 'expectedSeconds' | 'expireInSeconds'>) {
    return {
      retryLimit: def.retryLimit ?? 3,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: expiryOf(def, this.opts.maxExpireSeconds),
    };
  }

  /**
   * Creates or updates the queues this process defines, only where they are missing or differ, and
   * then under the migration lock: pg-boss's create_queue attaches a partition to its job table, and
   * two processes doing that at once deadlock. Processes finding their queues as wanted (the usual
   * case, and every API process after the first start) only read.
   */
  private async ensureQueues(boss: PgBoss): Promise<void> {
    const wanted = [...this.defs.values(), ...this.works.values()].map((def) => ({ name: def.type, options: this.queueOptions(def) }));
    const stale = async () => {
      const existing = new Map((await boss.getQueues()).map((q) => [q.name, q as unknown as Record<string, unknown>]));
      return wanted
        .map((w) => ({ ...w, existing: existing.get(w.name) }))
        .filter((w) => !w.existing || Object.entries(w.options).some(([k, v]) => w.existing![k] !== v));
    };
    if ((await stale()).length === 0) return;
    await this.database.withLock(async () => {
      for (const w of await stale()) {
        if (w.existing) await boss.updateQueue(w.name, { name: w.name, ...w.options });
        else await boss.createQueue(w.name, { name: w.name, ...w.options });
      }
    });
  }

  async start(): Promise<void> {
    const boss = this.newBoss();
    boss.on('error', (err) => this.opts.log.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    await this.ensureQueues(boss);
    if (this.opts.worker) {
      const grouped = new Map<string, { limit: number; defs: JobDefinition<any>[] }>();
      for (const def of this.defs.values()) {
        if (def.slots) {
          const g = grouped.get(def.slots.group) ?? { limit: def.slots.limit, defs: [] };
          g.limit = Math.min(g.limit, def.slots.limit);
          g.defs.push(def);
          grouped.set(def.slots.group, g);
          continue;
        }
        const id = await boss.work<{ taskId: number } & Record<string, unknown>>(
          def.type,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, includeMetadata: true },
          ([job]) => this.handle(def, job),
        );
        this.workerIds.set(def.type, id);
      }
      for (const [name, g] of grouped) this.runSlotGroup(boss, name, g.limit, g.defs);
    }
    if (this.opts.worker)
      for (const def of this.works.values())
        await boss.work<Record<string, unknown>>(
          def.type,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, includeMetadata: true },
          async ([job]) => {
            try {
              await def.run({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
            } catch (err) {
              this.opts.log.warn({ err, type: def.type, job: job.id, retryCount: job.retryCount }, 'job attempt failed');
              throw err;
            }
          },
        );
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), (this.opts.maintenanceIntervalSeconds ?? 60) * 1000);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    const boss = this.boss;
    this.boss = null;
    // Slot groups take no new job; those running get the same grace as pg-boss's own workers.
    const running = [...this.groups.values()].flatMap((g) => (g.wake(), [...g.inFlight]));
    this.groups.clear();
    this.workerIds.clear();
    if (running.length) await Promise.race([Promise.allSettled(running), new Promise((r) => setTimeout(r, 10_000).unref())]);
    if (boss) await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }

  /**
   * The worker loop of a slot group: while a slot is free it takes the next job of the group's types
   * (taking turns between them) and runs it; with every slot busy it takes nothing, so waiting jobs stay
   * queued in pg-boss (not active, no expiry running) and their tasks show `queued`.
   */
  private runSlotGroup(boss: PgBoss, name: string, limit: number, defs: JobDefinition<any>[]): void {
    const group = { wake: () => undefined as void, inFlight: new Set<Promise<void>>() };
    this.groups.set(name, group);
    const pollMs = (this.opts.pollingIntervalSeconds ?? 2) * 1000;
    const nap = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        group.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    let turn = 0;
    const loop = async () => {
      while (this.boss === boss) {
        if (group.inFlight.size >= limit) {
          await nap(pollMs);
          continue;
        }
        let taken = false;
        for (let k = 0; k < defs.length && !taken; k++) {
          const def = defs[(turn + k) % defs.length];
          let jobs: PgBoss.JobWithMetadata<{ taskId: number } & Record<string, unknown>>[] = [];
          try {
            jobs = await boss.fetch(def.type, { batchSize: 1, includeMetadata: true });
          } catch (err) {
            this.opts.log.warn({ err, queue: def.type }, 'could not fetch a job');
          }
          const job = jobs[0];
          if (!job) continue;
          taken = true;
          turn = (turn + k + 1) % defs.length;
          const run = this.handle(def, job)
            .then(
              () => boss.complete(def.type, job.id),
              (err: unknown) => boss.fail(def.type, job.id, { message: err instanceof Error ? err.message : String(err) }),
            )
            .then(
              () => undefined,
              (err: unknown) => this.opts.log.warn({ err, queue: def.type }, 'could not settle a job'),
            )
            .finally(() => {
              group.inFlight.delete(run);
              group.wake();
            });
          group.inFlight.add(run);
        }
        if (!taken && this.boss === boss) await nap(pollMs);
      }
    };
    void loop();
  }

  /** Brings tasks in line with their jobs (every process), then requeues stranded tasks (workers). */
  async sweep(): Promise<void> {
    await this.reconcileTasks();
    if (this.opts.worker) await this.requeueStranded();
  }

  /** Enqueues the job of a task (after the task's transaction committed). */
  async enqueue(type: string, taskId: number, data: Record<string, unknown> = {}): Promise<void> {
    if (!this.defs.has(type)) throw new Error(`unknown job type ${type}`);
    if (!this.boss) throw new Error('job queue not started');
    await this.boss.send(type, { taskId, ...data }, { singletonKey: `task-${taskId}` });
    // A worker in this process takes it now rather than at its next poll.
    const def = this.defs.get(type)!;
    if (def.slots) this.groups.get(def.slots.group)?.wake();
    else {
      const id = this.workerIds.get(type);
      if (id) this.boss.notifyWorker(id);
    }
  }

  /** A task left queued without a live job (the process died between commit and enqueue) gets one. */
  private async requeueStranded(): Promise<void> {
    try {
      for (const task of await strandedTasks(this.database.db, new Date(Date.now() - 2 * 60_000))) {
        if (!this.defs.has(task.type)) continue;
        const live = await this.database.query(`select 1 from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`, [
          task.type,
          `task-${task.id}`,
        ]);
        if (live.length === 0) await this.enqueue(task.type, task.id);
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'could not requeue stranded tasks');
    }
  }

  /**
   * A job can end an attempt without its handler saying so: its worker was killed, or it ran past its
   * expiry, and pg-boss's maintenance failed it over. The task then follows its job: waiting to retry
   * while the job waits for another attempt, failed (with the reason, the user told) once the job
   * has no attempts left.
   */
  async reconcileTasks(): Promise<void> {
    try {
      const rows = await this.database.query<{
        id: number;
        status: TaskStatus;
        attempts: number;
        locale: Locale | null;
        state: 'retry' | 'failed';
        output: { value?: { message?: string }; message?: string } | null;
        retry_limit: number;
        expire_seconds: number;
      }>(
        `select t.id, t.status, t.attempts, t.input->>'locale' as locale, j.state, j.output, j.retry_limit, j.expire_seconds
           from sys_task t
           join lateral (
             select state::text as state, output, retry_limit, extract(epoch from expire_in)::int as expire_seconds
               from ${JOB_SCHEMA}.job
              where name = t.type and singleton_key = 'task-' || t.id
              order by created_on desc
              limit 1
           ) j on true
          where t.status in (${UNFINISHED.map((s) => `'${s}'`).join(', ')})
            and (j.state = 'failed' or (j.state = 'retry' and t.status <> 'retrying'))`,
      );
      for (const row of rows) {
        const raw = row.output?.value?.message ?? row.output?.message ?? '';
        const lost = !raw || /timeout|exceeded|shut down/i.test(raw);
        const reason = lost ? bilingual('TASK_WORKER_LOST', { minutes: minutes(row.expire_seconds) }) : bilingual('TASK_INTERNAL_ERROR', { taskId: row.id });
        const attempts = row.retry_limit + 1;
        if (row.state === 'retry') {
          const task = { id: row.id, status: row.status, attempts: row.attempts, locale: (row.locale ?? 'zh-CN') as Locale };
          await markTaskRetrying(this.database.db, task, { attempt: Math.max(1, row.attempts), attempts, reason });
        } else if (await failTask(this.database.db, row.id, { reason, attempts })) {
          this.opts.log.warn({ taskId: row.id }, 'task failed: its job has no attempts left');
        }
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'could not reconcile tasks with their jobs');
    }
  }

  private async handle(def: JobDefinition<any>, job: PgBoss.JobWithMetadata<{ taskId: number } & Record<string, unknown>>): Promise<void> {
    const db = this.database.db;
    const taskId = job.data.taskId;
    const [task] = await db.select().from(sysTask).where(eq(sysTask.id, taskId));
    if (!task || !UNFINISHED.includes(task.status)) return;
    const locale = ((task.input as { locale?: Locale }).locale ?? 'zh-CN') as Locale;
    await setTaskStatus(db, taskId, 'running', { message: null });
    const attempt = task.attempts + 1;
    const attempts = job.retryLimit + 1;
    await appendTaskLog(db, taskId, 'info', formatMessage(taskLogLabels.attemptStarted[locale], { attempt }));
    const abort = new AbortController();
    // Our own limit, a moment before pg-boss's: the overrun is handled here (retry or fail with the
    // reason), and the run stops at its next progress report instead of finishing unseen.
    const limit = Math.max(1, Number((job as { expireInSeconds?: number }).expireInSeconds ?? expiryOf(def, this.opts.maxExpireSeconds)));
    let onLimit!: (err: TimeLimitReached) => void;
    const overrun = new Promise<never>((_, reject) => (onLimit = reject));
    const timer = setTimeout(
      () => {
        const err = new TimeLimitReached(limit);
        abort.abort(err);
        onLimit(err);
      },
      Math.max(500, limit * 1000 - Math.min(5000, limit * 50)),
    );
    const stopIfAborted = () => {
      if (abort.signal.aborted) throw abort.signal.reason instanceof Error ? abort.signal.reason : new TaskCancelled();
    };
    let finished = false;
    const ctx: JobContext<unknown> = {
      taskId,
      data: job.data,
      attempt,
      db,
      locale,
      signal: abort.signal,
      progress: async (fraction, message) => {
        stopIfAborted();
        const [now] = await db.select({ status: sysTask.status }).from(sysTask).where(eq(sysTask.id, taskId));
        if (now?.status === 'cancelled') {
          abort.abort(new TaskCancelled());
          throw new TaskCancelled();
        }
        await setTaskProgress(db, taskId, fraction, message);
      },
      log: (level, message) => appendTaskLog(db, taskId, level, message),
      finish: async (effect) => {
        stopIfAborted();
        await db.transaction(async (tx) => {
          const [locked] = await tx.select({ status: sysTask.status }).from(sysTask).where(eq(sysTask.id, taskId)).for('update');
          if (!locked || locked.status === 'succeeded' || locked.status === 'cancelled' || locked.status === 'failed') return;
          const result = await effect(tx);
          await setTaskStatus(tx, taskId, 'succeeded', { result: result ?? null, message: null });
          await appendTaskLog(tx, taskId, 'info', taskLogLabels.finished[locale]);
        });
        finished = true;
      },
    };
    overrun.catch(() => undefined);
    try {
      await Promise.race([def.run(ctx), overrun]);
      if (!finished) await ctx.finish(async () => null);
    } catch (err) {
      if (err instanceof TaskCancelled) return;
      // Users see refusals and time limits as such; anything else (a driver error may quote SQL) only
      // as "an internal error", its details in the server log.
      const reason: Translations =
        err instanceof AppError
          ? bilingual(err.errorCode, err.params)
          : err instanceof TimeLimitReached
            ? bilingual('TASK_TIME_LIMIT', { minutes: minutes(err.seconds) })
            : bilingual('TASK_INTERNAL_ERROR', { taskId });
      if (!(err instanceof AppError)) this.opts.log.error({ err, taskId, type: def.type, attempt }, 'job attempt failed');
      await appendTaskLog(db, taskId, 'error', reason[locale]);
      // A refusal (bad input) will not get better by retrying; anything else may.
      const retry = !(err instanceof AppError) && job.retryCount < job.retryLimit;
      if (retry) {
        await markTaskRetrying(db, { id: taskId, status: 'running', attempts: attempt, locale }, { attempt, attempts, reason });
        throw err;
      }
      await failTask(db, taskId, {
        reason,
        attempts: err instanceof AppError ? 1 : attempt,
        ...(err instanceof AppError ? { result: { errorCode: err.errorCode, params: err.params } } : {}),
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
