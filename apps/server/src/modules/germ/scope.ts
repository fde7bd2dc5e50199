import type { RequestContext } from '../../platform/context';

/** numeric(16,3) read as number may carry float noise from sums: round to the stored precision. */
export const q3 = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 1000) / 1000);
/** A quantity as exact SQL text (never a float in arithmetic). */
export const qtext = (v: number) => v.toFixed(3);

/** The caller's context in the language of this request (an Accept-Language header overrides the session's). */
export function ctxOf(req: { ctx: RequestContext; locale: RequestContext['locale'] }): RequestContext {
  return req.ctx.locale === req.locale ? req.ctx : { ...req.ctx, locale: req.locale };
}
