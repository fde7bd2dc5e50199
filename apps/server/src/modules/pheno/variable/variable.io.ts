import { errorMessages, formatMessage } from '@breedwise/contracts';
import { VariableCreate, VariableExportQuery, phenoPermissions as P, variableIoLabels, type VariableInput, type VariableRow } from '@breedwise/contracts/pheno';
import type { ResourceIo } from '../../common';
import { countVariables, existingVariableCodes, insertVariables, listVariables } from './variable.service';

const L = variableIoLabels.columns;

/** The trait list as xlsx: template, import (abbreviations unique in the crop) and export. */
export const variableIo: ResourceIo<VariableRow, VariableInput, VariableExportQuery> = {
  module: 'pheno',
  resource: 'variable',
  title: variableIoLabels.title,
  permissions: { import: P.variableImport, export: P.variableExport },
  columns: [
    { key: 'code', ...L.code, required: true, width: 14 },
    { key: 'name', ...L.name, required: true, width: 24 },
    { key: 'trait', ...L.trait, required: true, width: 18 },
    { key: 'method', ...L.method, width: 24 },
    { key: 'scaleType', ...L.scaleType, required: true, width: 12 },
    { key: 'unit', ...L.unit },
    { key: 'minimum', ...L.minimum, type: 'number' },
    { key: 'maximum', ...L.maximum, type: 'number' },
    { key: 'categories', ...L.categories, width: 30, value: (r) => r.categories.map((c) => (c.label ? `${c.value}=${c.label}` : c.value)).join('|') },
    { key: 'synonyms', ...L.synonyms, width: 18, value: (r) => r.synonyms.join('; ') },
    { key: 'ontologyId', ...L.ontologyId, width: 18 },
    { key: 'description', ...L.description, width: 30 },
    { key: 'createdBy', ...L.createdBy, exportOnly: true },
    { key: 'updatedAt', ...L.updatedAt, exportOnly: true, width: 20, value: (r) => r.updatedAt.slice(0, 19).replace('T', ' ') },
  ],
  rowSchema: VariableCreate,
  exportQuery: VariableExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const taken = await existingVariableCodes(
      db,
      ctx,
      rows.map((r) => r.value.code).filter((c): c is string => typeof c === 'string'),
    );
    const firstRow = new Map<string, number>();
    rows.forEach(({ rowNumber, value: r }, i) => {
      const add = (code: string, params: Record<string, unknown>) =>
        problems.set(i, [...(problems.get(i) ?? []), { field: 'code', message: formatMessage(errorMessages[code][locale], params) }]);
      if (typeof r.code !== 'string') return;
      if (taken.has(r.code)) add('PHENO_VARIABLE_CODE_EXISTS', { code: r.code });
      const seen = firstRow.get(r.code);
      if (seen !== undefined) add('PHENO_VARIABLE_CODE_REPEATED', { code: r.code, row: seen });
      else firstRow.set(r.code, rowNumber);
    });
    return problems;
  },
  insert: (tx, ctx, rows) => insertVariables(tx, ctx, rows),
  count: countVariables,
  list: async (db, ctx, query, pageReq) => (await listVariables(db, ctx, { ...query, ...pageReq })).rows,
};
