import type { Tx } from '../../../db/client';
import { cancelJobsIn, sendJobIn } from '../../common';

/** A timer of an instance fires: `{instanceId, timerId}`, not before its due time. */
export const BPM_TIMER_JOB = 'bpm.timer.fire';
/** A service step of an instance runs: `{instanceId, serviceId}`; failures retried by the queue. */
export const BPM_SERVICE_JOB = 'bpm.service.run';

const key = (instanceId: number, id: string) => `bpm-${instanceId}-${id}`;

export function scheduleTimerJob(tx: Tx, instanceId: number, timerId: string, dueAt: Date) {
  return sendJobIn(tx, BPM_TIMER_JOB, { instanceId, timerId }, { startAfter: dueAt, key: key(instanceId, timerId) });
}

export function cancelTimerJob(tx: Tx, instanceId: number, timerId: string) {
  return cancelJobsIn(tx, BPM_TIMER_JOB, key(instanceId, timerId));
}

/** One job per run of a service step; the queue retries it `retries` times (the step's bw:retries). */
export function scheduleServiceJob(tx: Tx, instanceId: number, serviceId: string, opts: { retries: number; startAfter?: Date }) {
  return sendJobIn(tx, BPM_SERVICE_JOB, { instanceId, serviceId }, { key: key(instanceId, serviceId), retryLimit: opts.retries, startAfter: opts.startAfter });
}

export function cancelServiceJob(tx: Tx, instanceId: number, serviceId: string) {
  return cancelJobsIn(tx, BPM_SERVICE_JOB, key(instanceId, serviceId));
}
