import { z } from 'zod';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';

export const TableMetaRow = z.object({
  tableName: z.string(),
  comment: z.string().nullable(),
  columns: z.number().int(),
  /** Rows by the planner's statistics (gathered when missing or older than an hour, or when asked). */
  rowEstimate: z.number().int(),
  /** When the statistics were last gathered (ISO 8601), if ever. */
  analyzedAt: z.string().nullable(),
});
export type TableMetaRow = z.infer<typeof TableMetaRow>;
/** `refresh=true` gathers fresh statistics of every table before answering (ANALYZE). */
export const TableListQuery = z.object({ refresh: z.enum(['true', 'false']).optional() });
export const TableInfoQuery = z.object({
  tableName: z
    .string()
    .trim()
    .min(1)
    .max(63)
    .regex(/^[a-z_][a-z0-9_]*$/),
});
export const TableInfoData = z.object({
  tableName: z.string(),
  comment: z.string().nullable(),
  columns: z.array(
    z.object({ name: z.string(), type: z.string(), nullable: z.boolean(), defaultValue: z.string().nullable(), comment: z.string().nullable() }),
  ),
  indexes: z.array(z.object({ name: z.string(), definition: z.string() })),
});
export type TableInfoData = z.infer<typeof TableInfoData>;

/** The tables of this product, read from the database catalogue (platform). */
export const table = resource(
  { tag: 'system: logs', base: '/table' },
  {
    list: {
      method: 'GET',
      path: '/list',
      permission: P.tableList,
      scope: 'platform',
      summary: 'Tables of this product, from the database catalogue, with row estimates from fresh statistics',
      query: TableListQuery,
      data: z.array(TableMetaRow),
    },
    info: {
      method: 'GET',
      path: '/info',
      permission: P.tableList,
      scope: 'platform',
      summary: 'Columns and indexes of one table',
      query: TableInfoQuery,
      data: TableInfoData,
    },
  },
);
