import PgBoss from 'pg-boss';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@breedwise/contracts';
import type { Database, Db, Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { sysTask } from '../common.tables';
import { appendTaskLog, setTaskProgress, setTaskStatus, strandedTasks } from './task.service';

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
  /** A job running longer (or whose process died) is failed and retried after this. */
  expireInSeconds?: number;
  run(ctx: JobContext<T>): Promise<void>;
}

export class TaskCancelled extends Error {
  constructor() {
    super('task cancelled');
  }
}

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
  private boss: PgBoss | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly database: Database, private readonly opts: QueueOptions) {}

  define<T>(def: JobDefinition<T>): void {
    this.defs.set(def.type, def as JobDefinition<any>);
  }

  private newBoss(): PgBoss {
    return new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds ?? 60,
    } as PgBoss.ConstructorOptions);
  }

  /** Installs or upgrades pg-boss's own tables (run with the migrations). */
  static async install(database: Database): Promise<void> {
    const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: JOB_SCHEMA, supervise: false, schedule: false } as PgBoss.ConstructorOptions);
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
  }

  async start(): Promise<void> {
    const boss = this.newBoss();
    boss.on('error', (err) => this.opts.log.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const def of this.defs.values()) {
      const options = {
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: Math.min(def.expireInSeconds ?? 15 * 60, this.opts.maxExpireSeconds ?? Infinity),
      };
      if (await boss.getQueue(def.type)) await boss.updateQueue(def.type, { name: def.type, ...options });
      else await boss.createQueue(def.type, { name: def.type, ...options });
      if (this.opts.worker) {
        await boss.work<{ taskId: number } & Record<string, unknown>>(def.type, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, includeMetadata: true }, ([job]) => this.handle(def, job));
      }
    }
    if (this.opts.worker) {
      void this.requeueStranded();
      this.sweeper = setInterval(() => void this.requeueStranded(), 60_000);
      this.sweeper.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }

  /** Enqueues the job of a task (after the task's transaction committed). */
  async enqueue(type: string, taskId: number, data: Record<string, unknown> = {}): Promise<void> {
    if (!this.defs.has(type)) throw new Error(`unknown job type ${type}`);
    if (!this.boss) throw new Error('job queue not started');
    await this.boss.send(type, { taskId, ...data }, { singletonKey: `task-${taskId}` });
  }

  /** A task left queued without a live job (the process died between commit and enqueue) gets one. */
  private async requeueStranded(): Promise<void> {
    try {
      for (const task of await strandedTasks(this.database.db, new Date(Date.now() - 2 * 60_000))) {
        if (!this.defs.has(task.type)) continue;
        const live = await this.database.query(
          `select 1 from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
          [task.type, `task-${task.id}`],
        );
        if (live.length === 0) await this.enqueue(task.type, task.id);
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'could not requeue stranded tasks');
    }
  }

  private async handle(def: JobDefinition<any>, job: PgBoss.JobWithMetadata<{ taskId: number } & Record<string, unknown>>): Promise<void> {
    const db = this.database.db;
    const taskId = job.data.taskId;
    const [task] = await db.select().from(sysTask).where(eq(sysTask.id, taskId));
    if (!task || task.status === 'succeeded' || task.status === 'cancelled' || task.status === 'failed') return;
    const locale = ((task.input as { locale?: Locale }).locale ?? 'zh-CN') as Locale;
    await setTaskStatus(db, taskId, 'running', { message: null });
    const attempt = task.attempts + 1;
    await appendTaskLog(db, taskId, 'info', `attempt ${attempt} started`);
    const abort = new AbortController();
    let finished = false;
    const ctx: JobContext<unknown> = {
      taskId,
      data: job.data,
      attempt,
      db,
      locale,
      signal: abort.signal,
      progress: async (fraction, message) => {
        const [now] = await db.select({ status: sysTask.status }).from(sysTask).where(eq(sysTask.id, taskId));
        if (now?.status === 'cancelled') {
          abort.abort();
          throw new TaskCancelled();
        }
        await setTaskProgress(db, taskId, fraction, message);
      },
      log: (level, message) => appendTaskLog(db, taskId, level, message),
      finish: async (effect) => {
        await db.transaction(async (tx) => {
          const [locked] = await tx.select({ status: sysTask.status }).from(sysTask).where(eq(sysTask.id, taskId)).for('update');
          if (!locked || locked.status === 'succeeded' || locked.status === 'cancelled') return;
          const result = await effect(tx);
          await setTaskStatus(tx, taskId, 'succeeded', { result: result ?? null, message: null });
          await appendTaskLog(tx, taskId, 'info', 'finished');
        });
        finished = true;
      },
    };
    try {
      await def.run(ctx);
      if (!finished) await ctx.finish(async () => null);
    } catch (err) {
      if (err instanceof TaskCancelled) return;
      const message = err instanceof AppError ? translateError(err.errorCode, locale, err.params) : (err as Error).message;
      await appendTaskLog(db, taskId, 'error', message);
      // A refusal (bad input) will not get better by retrying; anything else may.
      const retry = !(err instanceof AppError) && job.retryCount < job.retryLimit;
      if (retry) {
        await db.update(sysTask).set({ status: 'queued', message: `retrying: ${message}`.slice(0, 500) }).where(and(eq(sysTask.id, taskId), eq(sysTask.status, 'running')));
        throw err;
      }
      await setTaskStatus(db, taskId, 'failed', { message, result: err instanceof AppError ? { errorCode: err.errorCode, params: err.params } : null });
    }
  }
}
