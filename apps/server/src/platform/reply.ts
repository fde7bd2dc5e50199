import type { FastifyRequest } from 'fastify';
import { okMessage } from './i18n';

/** `{code: 0, msg, data}` */
export function ok<T>(req: FastifyRequest, data: T) {
  return { code: 0 as const, msg: okMessage(req.locale), data };
}

/** `{code: 0, msg, rows, total, totalCapped?, summary?}` */
export function page<T>(req: FastifyRequest, rows: T[], total: number, summary?: Record<string, unknown>, totalCapped?: boolean) {
  return { code: 0 as const, msg: okMessage(req.locale), rows, total, ...(totalCapped ? { totalCapped } : {}), ...(summary ? { summary } : {}) };
}

/** A timestamp as answered (ISO 8601), or null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
