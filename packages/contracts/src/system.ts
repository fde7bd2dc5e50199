import { z } from 'zod';

export const DictQuery = z.object({
  dictType: z.string().trim().min(1).max(100),
  appKey: z.string().trim().max(50).optional(),
});

export const DictEntry = z.object({
  dictValue: z.string(),
  dictLabel: z.string(),
  dictLabelI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  listClass: z.string().nullable(),
  cssClass: z.string().nullable(),
  sort: z.number().int(),
});
export type DictEntry = z.infer<typeof DictEntry>;

export const HealthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseOk: z.boolean(),
  version: z.string(),
  uptimeSeconds: z.number(),
});
