import { z } from 'zod';

/** Shapes several system resources share. */
export const Status = z.enum(['enabled', 'disabled']);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const IdList = z.array(z.number().int().positive()).max(1000);
export const iso = z.string();
export const DateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/);
/** How many rows a call changed (status, force logout). */
export const Count = z.object({ count: z.number().int() });

/** Dashboard variants: by role (default, admin) or by brand (germbank). */
export const DASHBOARD_TYPES = ['default', 'admin', 'germbank'] as const;
export const DashboardType = z.enum(DASHBOARD_TYPES);
