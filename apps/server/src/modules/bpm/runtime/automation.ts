import { eq } from 'drizzle-orm';
import { completeService, fireTimer, WorkflowError, type InstanceState } from '@breedwise/workflow';
import type { Database, Tx } from '../../../db/client';
import type { JobDeps } from '../../../platform/module';
import type { AuditSource } from '../../audit';
import { taskContext, type JobQueue } from '../../common';
import { bpmDefinition } from '../model/model.tables';
import { bpmInstance } from './runtime.tables';
import { applyEffects, saveState } from './runtime.service';
import { BPM_SERVICE_JOB, BPM_TIMER_JOB, scheduleServiceJob } from './jobs';
import { strategy } from './strategies';

type Instance = typeof bpmInstance.$inferSelect;
type Definition = typeof bpmDefinition.$inferSelect;

/** The source of what a job does, in the operation log and the business handlers. */
const jobSource = (inst: Instance, jobId: string): AuditSource => ({
  orgId: inst.orgId,
  userId: null,
  username: null,
  ip: null,
  userAgent: 'workflow job',
  requestId: jobId,
});

/** Locks a running instance (jobs have no session: the instance names its organisation). */
async function lockRunning(tx: Tx, instanceId: number): Promise<{ inst: Instance; def: Definition } | null> {
  const [inst] = await tx.select().from(bpmInstance).where(eq(bpmInstance.id, instanceId)).for('update');
  if (!inst || inst.status !== 'running') return null;
  const [def] = await tx.select().from(bpmDefinition).where(eq(bpmDefinition.id, inst.definitionId));
  return { inst, def };
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const activeService = (state: InstanceState, id: string) => (own(state.services, id) && !state.services[id].failed ? state.services[id] : null);

function errorText(err: unknown): string {
  if (err instanceof WorkflowError) return err.localized('en');
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 1000) || 'failed';
}

/**
 * A timer is due: its token moves on, in one transaction with the instance row locked. A timer that
 * was cancelled or already fired (the instance moved on, ended or was cancelled) is a no-op.
 */
export async function runTimerJob(database: Database, job: { id: string; data: { instanceId: number; timerId: string } }) {
  await database.db.transaction(async (tx) => {
    const locked = await lockRunning(tx, job.data.instanceId);
    if (!locked || !own(locked.inst.state.timers, job.data.timerId)) return;
    const { inst, def } = locked;
    // The queue decided it is due; a clock a moment behind the database's does not refuse it.
    const due = Date.parse(inst.state.timers[job.data.timerId].dueAt);
    const now = new Date(Math.max(Date.now(), due));
    const { state, effects } = fireTimer(def.model, inst.state, { timerId: job.data.timerId, now, expectedVersion: inst.state.version });
    const ctx = taskContext({ orgId: inst.orgId, createdBy: inst.startUserId }, 'zh-CN');
    const saved = await saveState(tx, inst, state);
    await applyEffects(tx, ctx, jobSource(inst, job.id), saved, def, effects, null);
  });
}

/**
 * Runs a service step: the strategy and the step's completion in one transaction, the instance row
 * locked (FOR UPDATE) as a task decision does. A failed attempt is recorded on the instance (attempt,
 * error) and thrown, so the queue retries the job with backoff; the last allowed attempt's failure
 * makes the step an incident, which waits for an administrator's retry. A step no longer active
 * (cancelled, already done, or an incident) is a no-op.
 */
export async function runServiceJob(
  database: Database,
  job: { id: string; data: { instanceId: number; serviceId: string }; retryCount: number; retryLimit: number },
) {
  const { instanceId, serviceId } = job.data;
  let failure: unknown = null;
  try {
    await database.db.transaction(async (tx) => {
      const locked = await lockRunning(tx, instanceId);
      const service = locked && activeService(locked.inst.state, serviceId);
      if (!locked || !service) return;
      const { inst, def } = locked;
      const node = def.model.nodes[service.nodeId];
      const run = strategy(service.strategy);
      if (!run) throw new Error(`the service strategy ${service.strategy} is not registered`);
      const ctx = taskContext({ orgId: inst.orgId, createdBy: inst.startUserId }, 'zh-CN');
      const variables = await run({
        tx,
        ctx,
        instance: inst,
        nodeId: service.nodeId,
        nodeName: node?.name || service.nodeId,
        attempt: service.attempt,
        variables: inst.state.variables,
      });
      const { state, effects } = completeService(def.model, inst.state, { serviceId, ok: true, variables: variables ?? {}, now: new Date() });
      const saved = await saveState(tx, inst, state);
      await applyEffects(tx, ctx, jobSource(inst, job.id), saved, def, effects, null);
    });
  } catch (err) {
    failure = err;
  }
  if (failure === null) return;
  // The attempt failed (everything it did rolled back): record it, then let the queue retry.
  let retryByQueue = false;
  await database.db.transaction(async (tx) => {
    const locked = await lockRunning(tx, instanceId);
    if (!locked || !activeService(locked.inst.state, serviceId)) return;
    const { inst, def } = locked;
    const { state, effects } = completeService(def.model, inst.state, { serviceId, ok: false, error: errorText(failure), now: new Date() });
    const saved = await saveState(tx, inst, state);
    const again = effects.find((e) => e.type === 'runService');
    if (again && again.type === 'runService') {
      // The engine allows another attempt: the queue retries this job; when the job has no retry left
      // (a worker lost mid-way used one up) a new job takes over, after the engine's back-off.
      if (job.retryCount < job.retryLimit) retryByQueue = true;
      else await scheduleServiceJob(tx, inst.id, serviceId, { retries: 0, startAfter: again.notBefore ? new Date(again.notBefore) : new Date() });
    }
    const ctx = taskContext({ orgId: inst.orgId, createdBy: inst.startUserId }, 'zh-CN');
    await applyEffects(
      tx,
      ctx,
      jobSource(inst, job.id),
      saved,
      def,
      effects.filter((e) => e.type !== 'runService'),
      null,
    );
  });
  if (retryByQueue) throw failure instanceof Error ? failure : new Error(errorText(failure));
}

/** The workflow's jobs (every API process and worker defines them). */
export function registerBpmJobs(queue: JobQueue, deps: JobDeps) {
  queue.defineWork<{ instanceId: number; timerId: string }>({
    type: BPM_TIMER_JOB,
    retryLimit: 5,
    retryDelaySeconds: deps.config.bpmRetrySeconds,
    expectedSeconds: 30,
    run: (job) => runTimerJob(deps.database, job),
  });
  queue.defineWork<{ instanceId: number; serviceId: string }>({
    type: BPM_SERVICE_JOB,
    retryLimit: 3,
    retryDelaySeconds: deps.config.bpmRetrySeconds,
    expectedSeconds: 60,
    run: (job) => runServiceJob(deps.database, job),
  });
}
