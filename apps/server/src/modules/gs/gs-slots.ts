/**
 * At most this many genomic-selection computations run at once in one worker process (training,
 * prediction and GCA tasks together): the engine already uses GS_THREADS worker threads per kernel
 * session, so more jobs side by side would only overload the machine. The job queue keeps further jobs
 * queued (their tasks `queued`, their expiry not running) until a slot is free.
 */
export const gsJobConcurrency = Math.max(1, Number(process.env.BW_GS_JOB_CONCURRENCY ?? 1) || 1);

/** The slot group of the genomic jobs (see JobDefinition.slots). */
export const gsSlots = { group: 'gs', limit: gsJobConcurrency };
