import {
  GermListExportQuery, GermListImportRow, Permissions, errorCatalog, formatMessage, type GermListExportRow, type GermListImportInput, type Locale,
} from '@breedwise/contracts';
import type { ResourceIo } from '../../common';
import { countGermListExport, existingLists, importGermListRows, listGermListExport } from './germlist.service';

const P = Permissions.doe;
const typeNames: Record<string, Record<Locale, string>> = {
  experiment: { 'zh-CN': '试验', en: 'experiment' },
  nursery: { 'zh-CN': '苗圃', en: 'nursery' },
  germplasm: { 'zh-CN': '种质', en: 'germplasm' },
};
const seasonNames: Record<string, Record<Locale, string>> = {
  spring: { 'zh-CN': '春季', en: 'spring' },
  summer: { 'zh-CN': '夏季', en: 'summer' },
  autumn: { 'zh-CN': '秋季', en: 'autumn' },
  winter: { 'zh-CN': '冬季', en: 'winter' },
};

/**
 * Planting lists as xlsx: one row per entry, naming its list. Rows of one list name make one list;
 * a name that exists (same type) gets the rows appended, with entry ids unique within the list.
 */
export const germListIo: ResourceIo<GermListExportRow, GermListImportInput, GermListExportQuery> = {
  module: 'doe',
  resource: 'germList',
  title: { 'zh-CN': '种植清单', en: 'Planting lists' },
  permissions: { import: P.germListImport, export: P.germListExport },
  columns: [
    { key: 'listName', label: { 'zh-CN': '清单名称', en: 'List name' }, required: true, width: 22, hint: { 'zh-CN': '必填；同名的行归入同一清单，已存在的清单追加材料', en: 'Required; rows with one name form one list, an existing list gets the rows appended' } },
    { key: 'listType', label: { 'zh-CN': '清单类型', en: 'List type' }, required: true, hint: { 'zh-CN': '试验、苗圃或种质（experiment / nursery / germplasm）', en: 'experiment, nursery or germplasm' }, value: (r, l) => typeNames[r.listType]?.[l] ?? r.listType },
    { key: 'year', label: { 'zh-CN': '年份', en: 'Year' }, type: 'number' },
    { key: 'season', label: { 'zh-CN': '季节', en: 'Season' }, hint: { 'zh-CN': '春季、夏季、秋季或冬季', en: 'spring, summer, autumn or winter' }, value: (r, l) => (r.season ? seasonNames[r.season][l] : '') },
    { key: 'usage', label: { 'zh-CN': '用途', en: 'Usage' }, width: 20 },
    { key: 'entryId', label: { 'zh-CN': '材料编号', en: 'Entry id' }, required: true, type: 'number', hint: { 'zh-CN': '必填，正整数，清单内唯一', en: 'Required, a positive whole number, unique in the list' } },
    { key: 'materialName', label: { 'zh-CN': '材料名称', en: 'Material' }, required: true, width: 20 },
    { key: 'generation', label: { 'zh-CN': '世代', en: 'Generation' }, required: true, hint: { 'zh-CN': '必填，F、D 或 BC 形式，如 F1、D1、BC1F1', en: 'Required, F, D or BC form such as F1, D1, BC1F1' } },
    { key: 'materialType', label: { 'zh-CN': '材料类型', en: 'Material type' } },
    { key: 'pedigree', label: { 'zh-CN': '系谱', en: 'Pedigree' }, width: 28 },
    { key: 'plantRows', label: { 'zh-CN': '种植行数', en: 'Plant rows' }, type: 'number' },
    { key: 'sowingQuantity', label: { 'zh-CN': '播种量', en: 'Sowing quantity' }, type: 'number' },
    { key: 'block', label: { 'zh-CN': '区块', en: 'Block' } },
    { key: 'plantPlotNumber', label: { 'zh-CN': '种植小区号', en: 'Plant plot number' } },
    { key: 'isCheck', label: { 'zh-CN': '对照', en: 'Check' }, hint: { 'zh-CN': '核心对照填“是”', en: '“yes” for a core control' }, value: (r, l) => (r.isCheck ? (l === 'en' ? 'yes' : '是') : '') },
    { key: 'remark', label: { 'zh-CN': '备注', en: 'Remark' }, width: 24 },
  ],
  rowSchema: GermListImportRow,
  exportQuery: GermListExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const add = (i: number, field: string, code: string, params: Record<string, unknown>) =>
      problems.set(i, [...(problems.get(i) ?? []), { field, message: formatMessage(errorCatalog[code][locale], params) }]);
    const existing = await existingLists(db, ctx, rows.map((r) => r.value.listName));
    const taken = new Map<string, Set<number>>();
    const typeOf = new Map<string, string>();
    rows.forEach(({ value: r }, i) => {
      const known = existing.get(r.listName);
      const type = known?.type ?? typeOf.get(r.listName) ?? r.listType;
      typeOf.set(r.listName, type);
      if (type !== r.listType) add(i, 'listType', 'DOE_LIST_NAME_TYPE_MISMATCH', { name: r.listName });
      const ids = taken.get(r.listName) ?? new Set(known?.entryIds ?? []);
      taken.set(r.listName, ids);
      if (ids.has(r.entryId)) add(i, 'entryId', 'DOE_LIST_ENTRY_REPEATED', { entryId: r.entryId, name: r.listName });
      else ids.add(r.entryId);
    });
    return problems;
  },
  insert: (tx, ctx, rows) => importGermListRows(tx, ctx, rows),
  count: countGermListExport,
  list: listGermListExport,
};
