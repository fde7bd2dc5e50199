import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { optionalText, Status } from './shared';

/** GET dic/list: the entries of one dictionary, as pages and forms use them. */
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

export const DictTypeRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  appKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  status: Status,
  entries: z.number().int(),
});
export type DictTypeRow = z.infer<typeof DictTypeRow>;
export const DictDataRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  dictValue: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  listClass: z.string().nullable(),
  cssClass: z.string().nullable(),
  sort: z.number().int(),
  status: Status,
});
export type DictDataRow = z.infer<typeof DictDataRow>;
export interface DictTreeNode {
  key: string;
  title: string;
  titleI18n: Record<'zh-CN' | 'en', string>;
  appKey: string;
  dictType: string | null;
  children: DictTreeNode[];
}
export const DictTreeNode: z.ZodType<DictTreeNode> = z.object({
  key: z.string(),
  title: z.string(),
  titleI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  appKey: z.string(),
  dictType: z.string().nullable(),
  get children() {
    return z.array(DictTreeNode);
  },
});
export const DictGetQuery = z.object({ dictType: z.string().trim().min(1).max(100), appKey: z.string().trim().max(50).optional() });
export const DictGetData = z.object({ type: DictTypeRow, entries: z.array(DictDataRow) });
export type DictGetData = z.infer<typeof DictGetData>;
const DictKey = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);
export const DictTypeCreate = z.object({
  dictType: DictKey,
  appKey: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  nameZh: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  status: Status.default('enabled'),
});
export type DictTypeCreate = z.input<typeof DictTypeCreate>;
export const DictTypeUpdate = DictTypeCreate.omit({ dictType: true }).extend({ id: z.number().int().positive() });
export type DictTypeUpdate = z.input<typeof DictTypeUpdate>;
const DictDataFields = {
  dictValue: z.string().trim().min(1).max(100),
  labelZh: z.string().trim().min(1).max(100),
  labelEn: z.string().trim().min(1).max(100),
  listClass: z
    .enum(['default', 'primary', 'success', 'info', 'warning', 'danger'])
    .nullish()
    .transform((v) => v ?? null),
  cssClass: optionalText(100),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
};
export const DictDataCreate = z.object({ dictType: DictKey, ...DictDataFields });
export type DictDataCreate = z.input<typeof DictDataCreate>;
export const DictDataUpdate = z.object({ id: z.number().int().positive(), ...DictDataFields });
export type DictDataUpdate = z.input<typeof DictDataUpdate>;

/** Dictionaries: read by every signed-in user; edited by platform administrators (shared by all organisations). */
export const dict = resource(
  { tag: 'system: dictionaries', base: '/dic' },
  {
    list: { method: 'GET', path: '/list', summary: 'Dictionary entries by dictType (and appKey)', query: DictQuery, data: z.array(DictEntry) },
    tree: { method: 'GET', path: '/tree', permission: P.dictList, summary: 'Dictionary types grouped by app', data: z.array(DictTreeNode) },
    get: {
      method: 'GET',
      path: '/get',
      permission: P.dictList,
      summary: 'One dictionary type with all its entries, by dictType (and appKey)',
      query: DictGetQuery,
      data: DictGetData,
    },
    createType: {
      method: 'POST',
      path: '/type/create',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Creates a dictionary type',
      body: DictTypeCreate,
      data: DictTypeRow,
    },
    updateType: {
      method: 'PUT',
      path: '/type/update',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Updates a dictionary type',
      body: DictTypeUpdate,
      data: DictTypeRow,
    },
    removeType: {
      method: 'DELETE',
      path: '/type/:id',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Deletes a dictionary type and its entries',
      params: IdParam,
      data: z.null(),
    },
    createData: {
      method: 'POST',
      path: '/data/create',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Adds a dictionary entry',
      body: DictDataCreate,
      data: DictDataRow,
    },
    updateData: {
      method: 'PUT',
      path: '/data/update',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Updates a dictionary entry',
      body: DictDataUpdate,
      data: DictDataRow,
    },
    removeData: {
      method: 'DELETE',
      path: '/data/:id',
      permission: P.dictEdit,
      scope: 'platform',
      summary: 'Deletes a dictionary entry',
      params: IdParam,
      data: z.null(),
    },
  },
);
