import { errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import {
  germPermissions as P,
  germplasmIoLabels as L,
  germplasmTypeLabels,
  GermplasmExportQuery,
  GermplasmImportRow,
  GERMPLASM_TYPES,
  type GermplasmExportQuery as ExportQuery,
  type GermplasmImportRow as ImportRow,
  type GermplasmRow,
} from '@breedwise/contracts/germ';
import { z } from 'zod';
import type { ResourceIo } from '../../common';
import { countGermplasm, existingAccessions, insertGermplasmRows, listGermplasm } from './germplasm.service';

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
  title: L.title,
  permissions: { import: P.germplasmImport, export: P.germplasmExport },
  columns: [
    { key: 'accessionNo', label: L.columns.accessionNo, width: 16, hint: L.hints.accessionNo },
    { key: 'name', label: L.columns.name, required: true, width: 18 },
    { key: 'synonyms', label: L.columns.synonyms, width: 18, hint: L.hints.synonyms, value: (r) => r.synonyms.join('; ') },
    {
      key: 'type',
      label: L.columns.type,
      required: true,
      width: 12,
      hint: { 'zh-CN': typeWords('zh-CN'), en: typeWords('en') },
      value: (r, l) => germplasmTypeLabels[r.type][l],
    },
    { key: 'origin', label: L.columns.origin },
    { key: 'source', label: L.columns.source, width: 20 },
    { key: 'generation', label: L.columns.generation, hint: L.hints.generation },
    { key: 'femaleParent', label: L.columns.femaleParent, width: 16, hint: L.hints.femaleParent, value: (r) => r.femaleParentAccession },
    { key: 'maleParent', label: L.columns.maleParent, width: 16, hint: L.hints.maleParent, value: (r) => r.maleParentAccession },
    { key: 'pedigree', label: L.columns.pedigree, width: 28, hint: L.hints.pedigree },
    { key: 'introducedOn', label: L.columns.introducedOn, hint: L.hints.introducedOn },
    { key: 'remark', label: L.columns.remark, width: 24 },
    { key: 'lotCount', label: L.columns.lotCount, exportOnly: true },
    { key: 'stock', label: L.columns.stock, exportOnly: true, width: 18, value: (r) => r.stock.map((s) => `${s.quantity} ${s.unit}`).join('; ') },
    { key: 'updatedAt', label: L.columns.updatedAt, exportOnly: true, width: 20, value: (r) => r.updatedAt.slice(0, 19).replace('T', ' ') },
  ],
  rowSchema,
  exportQuery: GermplasmExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const add = (i: number, field: string, code: string, params: Record<string, unknown>) =>
      problems.set(i, [...(problems.get(i) ?? []), { field, message: formatMessage(errorMessages[code][locale], params) }]);
    const refs = rows.flatMap((r) => [r.value.accessionNo, r.value.femaleParent, r.value.maleParent]).filter((v): v is string => typeof v === 'string' && !!v);
    const known = await existingAccessions(db, ctx, [...new Set(refs)]);
    const earlier = new Map<string, number>();
    rows.forEach(({ rowNumber, value: r }, i) => {
      const own = typeof r.accessionNo === 'string' && r.accessionNo ? r.accessionNo : undefined;
      if (own === undefined) {
        // No accession number (the crop's series gives one on insert) or one the row schema refused: its
        // parents are still checked.
        for (const key of ['femaleParent', 'maleParent'] as const) {
          const ref = r[key];
          if (typeof ref === 'string' && !known.has(ref) && !earlier.has(ref))
            add(i, key, 'GERM_PARENT_NOT_FOUND', { field: L.parents[key][locale], value: ref });
        }
        return;
      }
      if (known.has(own)) add(i, 'accessionNo', 'GERM_ACCESSION_EXISTS', { accessionNo: own });
      const seen = earlier.get(own);
      if (seen !== undefined) add(i, 'accessionNo', 'GERM_ACCESSION_REPEATED', { accessionNo: own, row: seen });
      for (const key of ['femaleParent', 'maleParent'] as const) {
        const ref = r[key];
        if (ref && !known.has(ref) && !earlier.has(ref)) add(i, key, 'GERM_PARENT_NOT_FOUND', { field: L.parents[key][locale], value: ref });
      }
      if (r.femaleParent && r.femaleParent === r.maleParent) add(i, 'maleParent', 'GERM_PARENTS_SAME', {});
      if (seen === undefined) earlier.set(own, rowNumber);
    });
    return problems;
  },
  insert: (tx, ctx, rows) =>
    insertGermplasmRows(
      tx,
      ctx,
      rows.map((r) => ({ ...r, attributes: [], imageIds: [], documentIds: [] })),
    ),
  count: countGermplasm,
  list: async (db, ctx, query, pageReq) => (await listGermplasm(db, ctx, { ...query, ...pageReq })).rows,
};
