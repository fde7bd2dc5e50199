/**
 * At most this many genomic-selection computations run at once in one worker process (training and
 * prediction together): the engine already uses GS_THREADS worker threads per kernel session, so more
 * jobs side by side would only overload the machine. Further jobs wait their turn here (queued).
 */
const limit = Math.max(1, Number(process.env.BW_GS_JOB_CONCURRENCY ?? 1) || 1);
let running = 0;
const waiting: Array<() => void> = [];

export async function withGsSlot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The configured limit (for logs and docs). */
export const gsJobConcurrency = limit;
