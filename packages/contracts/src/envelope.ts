import { z } from 'zod';

/** `{code: 0, msg, data}`: the answer of every call that is not a list. */
export function Envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/**
 * `{code: 0, msg, rows, total, totalCapped?, summary?}`: the answer of every paged list. `totalCapped: true`
 * says the count stopped at the cap (`COUNT_CAP`): at least `total` rows match (a filter narrows it).
 */
export function PageEnvelope<T extends z.ZodType>(row: T, summary?: z.ZodType) {
  return z.object({
    code: z.literal(0),
    msg: z.string(),
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    totalCapped: z.boolean().optional(),
    summary: (summary ?? z.record(z.string(), z.unknown())).optional(),
  });
}

export const EmptyEnvelope = z.object({ code: z.literal(0), msg: z.string(), data: z.null() });

/** Every error answer: HTTP status >= 400, `code` is the HTTP status or 9999. */
export const ErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  errorCode: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof IdParam>;
