import { z } from 'zod';

export const DateOnly = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** What a licence counts: active (enabled) users, or organisations. */
export const ConsumerType = z.enum(['user', 'organisation']);
export type ConsumerType = z.infer<typeof ConsumerType>;
