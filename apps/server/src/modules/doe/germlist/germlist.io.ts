import { errorMessages, formatMessage } from '@breedwise/contracts';
import {
  GermListExportQuery,
  GermListImportRow,
  doePermissions as P,
  germListIoLabels,
  germListTypeLabels,
  seasonLabels,
  type GermListExportRow,
  type GermListImportInput,
} from '@breedwise/contracts/doe';
import type { ResourceIo } from '../../common';
import { countGermListExport, existingLists, importGermListRows, listGermListExport } from './germlist.service';

const L = germListIoLabels.columns;

/**
 * Planting lists as xlsx: one row per entry, naming its list. Rows of one list name make one list;
 * a name that exists (same type) gets the rows appended, with entry ids unique within the list.
 */
export const germListIo: ResourceIo<GermListExportRow, GermListImportInput, GermListExportQuery> = {
  module: 'doe',
  resource: 'germList',
  title: germListIoLabels.title,
  permissions: { import: P.germListImport, export: P.germListExport },
  columns: [
    { key: 'listName', ...L.listName, required: true, width: 22 },
    { key: 'listType', ...L.listType, required: true, value: (r, l) => germListTypeLabels[r.listType]?.[l] ?? r.listType },
    { key: 'year', ...L.year, type: 'number' },
    { key: 'season', ...L.season, value: (r, l) => (r.season ? seasonLabels[r.season][l] : '') },
    { key: 'usage', ...L.usage, width: 20 },
    { key: 'entryId', ...L.entryId, required: true, type: 'number' },
    { key: 'materialName', ...L.materialName, required: true, width: 20 },
    { key: 'generation', ...L.generation, required: true },
    { key: 'materialType', ...L.materialType },
    { key: 'pedigree', ...L.pedigree, width: 28 },
    { key: 'plantRows', ...L.plantRows, type: 'number' },
    { key: 'sowingQuantity', ...L.sowingQuantity, type: 'number' },
    { key: 'block', ...L.block },
    { key: 'plantPlotNumber', ...L.plantPlotNumber },
    { key: 'isCheck', ...L.isCheck, value: (r, l) => (r.isCheck ? germListIoLabels.yes[l] : '') },
    { key: 'remark', ...L.remark, width: 24 },
  ],
  rowSchema: GermListImportRow,
  exportQuery: GermListExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const add = (i: number, field: string, code: string, params: Record<string, unknown>) =>
      problems.set(i, [...(problems.get(i) ?? []), { field, message: formatMessage(errorMessages[code][locale], params) }]);
    const existing = await existingLists(
      db,
      ctx,
      rows.map((r) => r.value.listName).filter((n): n is string => typeof n === 'string'),
    );
    const taken = new Map<string, Set<number>>();
    const typeOf = new Map<string, string>();
    rows.forEach(({ value: r }, i) => {
      if (typeof r.listName !== 'string') return;
      const known = existing.get(r.listName);
      const type = known?.type ?? typeOf.get(r.listName) ?? r.listType;
      typeOf.set(r.listName, type);
      if (type !== r.listType) add(i, 'listType', 'DOE_LIST_NAME_TYPE_MISMATCH', { name: r.listName });
      const ids = taken.get(r.listName) ?? new Set(known?.entryIds ?? []);
      taken.set(r.listName, ids);
      if (r.entryId === undefined) return;
      if (ids.has(r.entryId)) add(i, 'entryId', 'DOE_LIST_ENTRY_REPEATED', { entryId: r.entryId, name: r.listName });
      else ids.add(r.entryId);
    });
    return problems;
  },
  insert: (tx, ctx, rows) => importGermListRows(tx, ctx, rows),
  count: countGermListExport,
  list: listGermListExport,
};
