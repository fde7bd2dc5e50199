import {
  errorCatalog, formatMessage, germplasmTypeLabels, GermplasmExportQuery, GermplasmImportRow, GERMPLASM_TYPES, Permissions,
  type GermplasmExportQuery as ExportQuery, type GermplasmImportRow as ImportRow, type GermplasmRow, type Locale,
} from '@breedwise/contracts';
import { z } from 'zod';
import type { ResourceIo } from '../../common';
import { countGermplasm, existingAccessions, insertGermplasmRows, listGermplasm } from './germplasm.service';

const P = Permissions.germ;
const typeWords = (l: Locale) => GERMPLASM_TYPES.map((t) => `${germplasmTypeLabels[t][l]} (${t})`).join(', ');

/** A type cell may hold the key (inbred) or its label in either language (自交系, Inbred line). */
const typeCell = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().toLowerCase();
  const hit = GERMPLASM_TYPES.find((t) => t === text || germplasmTypeLabels[t]['zh-CN'] === v.trim() || germplasmTypeLabels[t].en.toLowerCase() === text);
  return hit ?? v;
}, GermplasmImportRow.shape.type);

const rowSchema = GermplasmImportRow.extend({ type: typeCell }) as unknown as z.ZodType<ImportRow>;

/** Germplasm as xlsx: the template, the import (unique accessions, parents by accession number) and the export. */
export const germplasmIo: ResourceIo<GermplasmRow, ImportRow, ExportQuery> = {
  module: 'germ',
  resource: 'germplasm',
  title: { 'zh-CN': '种质资源', en: 'Germplasm' },
  permissions: { import: P.germplasmImport, export: P.germplasmExport },
  columns: [
    { key: 'accessionNo', label: { 'zh-CN': '种质编号', en: 'Accession number' }, required: true, width: 16, hint: { 'zh-CN': '必填，本作物内唯一；字母、数字、_ . -', en: 'Required, unique in the crop; letters, digits, _ . -' } },
    { key: 'name', label: { 'zh-CN': '名称', en: 'Name' }, required: true, width: 18 },
    { key: 'synonyms', label: { 'zh-CN': '别名', en: 'Synonyms' }, width: 18, hint: { 'zh-CN': '多个用分号分隔', en: 'Separate several with semicolons' }, value: (r) => r.synonyms.join('; ') },
    { key: 'type', label: { 'zh-CN': '类型', en: 'Type' }, required: true, width: 12, hint: { 'zh-CN': typeWords('zh-CN'), en: typeWords('en') }, value: (r, l) => germplasmTypeLabels[r.type][l] },
    { key: 'origin', label: { 'zh-CN': '原产地', en: 'Origin' } },
    { key: 'source', label: { 'zh-CN': '来源', en: 'Source' }, width: 20 },
    { key: 'generation', label: { 'zh-CN': '世代', en: 'Generation' }, hint: { 'zh-CN': 'F1、BC1F1、D1、S0 等', en: 'F1, BC1F1, D1, S0 ...' } },
    { key: 'femaleParent', label: { 'zh-CN': '母本编号', en: 'Female parent accession' }, width: 16, hint: { 'zh-CN': '已有种质或本文件中靠前行的种质编号', en: 'Accession number of an existing record or of an earlier row' }, value: (r) => r.femaleParentAccession },
    { key: 'maleParent', label: { 'zh-CN': '父本编号', en: 'Male parent accession' }, width: 16, hint: { 'zh-CN': '同母本', en: 'As for the female parent' }, value: (r) => r.maleParentAccession },
    { key: 'pedigree', label: { 'zh-CN': '系谱', en: 'Pedigree' }, width: 28, hint: { 'zh-CN': 'Purdy 格式，如 A/B//C、A*3/B；留空时由父母本生成', en: 'Purdy notation, e.g. A/B//C, A*3/B; empty: written from the parents' } },
    { key: 'introducedOn', label: { 'zh-CN': '入库日期', en: 'Date introduced' }, hint: { 'zh-CN': 'YYYY-MM-DD', en: 'YYYY-MM-DD' } },
    { key: 'remark', label: { 'zh-CN': '备注', en: 'Remark' }, width: 24 },
    { key: 'lotCount', label: { 'zh-CN': '批次数', en: 'Lots' }, exportOnly: true },
    { key: 'stock', label: { 'zh-CN': '库存', en: 'Stock' }, exportOnly: true, width: 18, value: (r) => r.stock.map((s) => `${s.quantity} ${s.unit}`).join('; ') },
    { key: 'updatedAt', label: { 'zh-CN': '更新时间', en: 'Updated' }, exportOnly: true, width: 20, value: (r) => r.updatedAt.slice(0, 19).replace('T', ' ') },
  ],
  rowSchema,
  exportQuery: GermplasmExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const add = (i: number, field: string, code: string, params: Record<string, unknown>) =>
      problems.set(i, [...(problems.get(i) ?? []), { field, message: formatMessage(errorCatalog[code][locale], params) }]);
    const refs = rows.flatMap((r) => [r.value.accessionNo, r.value.femaleParent, r.value.maleParent]).filter((v): v is string => !!v);
    const known = await existingAccessions(db, ctx, [...new Set(refs)]);
    const earlier = new Map<string, number>();
    rows.forEach(({ rowNumber, value: r }, i) => {
      if (known.has(r.accessionNo)) add(i, 'accessionNo', 'GERM_ACCESSION_EXISTS', { accessionNo: r.accessionNo });
      const seen = earlier.get(r.accessionNo);
      if (seen !== undefined) add(i, 'accessionNo', 'GERM_ACCESSION_REPEATED', { accessionNo: r.accessionNo, row: seen });
      for (const [key, label] of [['femaleParent', { 'zh-CN': '母本', en: 'Female parent' }], ['maleParent', { 'zh-CN': '父本', en: 'Male parent' }]] as const) {
        const ref = r[key];
        if (ref && !known.has(ref) && !earlier.has(ref)) add(i, key, 'GERM_PARENT_NOT_FOUND', { field: label[locale], value: ref });
      }
      if (r.femaleParent && r.femaleParent === r.maleParent) add(i, 'maleParent', 'GERM_PARENTS_SAME', {});
      if (seen === undefined) earlier.set(r.accessionNo, rowNumber);
    });
    return problems;
  },
  insert: (tx, ctx, rows) => insertGermplasmRows(tx, ctx, rows.map((r) => ({ ...r, attributes: [], imageIds: [], documentIds: [] }))),
  count: countGermplasm,
  list: async (db, ctx, query, pageReq) => (await listGermplasm(db, ctx, { ...query, ...pageReq })).rows,
};
