import { z } from 'zod';
import { resource } from '../http/endpoint';

/** Column settings of one table for one user (spec section 3: prop, label, width, fixed, hide ...). */
export const ColumnSetting = z.object({
  prop: z.string().min(1).max(64),
  width: z.number().int().min(40).max(2000).nullable().optional(),
  hide: z.boolean().optional(),
  fixed: z.enum(['left', 'right']).nullable().optional(),
});
export type ColumnSetting = z.infer<typeof ColumnSetting>;

export const TableLook = z.object({
  size: z.enum(['large', 'middle', 'small']).default('middle'),
  bordered: z.boolean().default(false),
  striped: z.boolean().default(false),
});
export type TableLook = z.infer<typeof TableLook>;

export const TableSettings = z.object({
  /** In display order. */
  columns: z.array(ColumnSetting).max(200),
  look: TableLook,
});
export type TableSettings = z.infer<typeof TableSettings>;

/** A table's or a filter drawer's name, as the screens declare it. */
export const SETTINGS_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,79}$/;
export const TableNameParam = z.object({ tableName: z.string().regex(SETTINGS_NAME) });

/** Column and table settings per table and user. */
export const tableSetting = resource(
  { tag: 'common: settings', base: '/common/table-setting' },
  {
    get: {
      method: 'GET',
      path: '/:tableName',
      summary: 'The caller’s column and table settings of a table (null: defaults)',
      params: TableNameParam,
      data: TableSettings.nullable(),
    },
    save: {
      method: 'PUT',
      path: '/:tableName',
      summary: 'Saves the caller’s column and table settings of a table',
      params: TableNameParam,
      body: TableSettings,
      data: z.null(),
    },
    reset: { method: 'DELETE', path: '/:tableName', summary: 'Resets a table to the default settings', params: TableNameParam, data: z.null() },
  },
);
