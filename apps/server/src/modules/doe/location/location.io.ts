import { errorMessages, formatMessage } from '@breedwise/contracts';
import {
  LocationCreate,
  LocationExportQuery,
  countryLabel,
  doePermissions as P,
  enableStatusLabels,
  locationIoLabels,
  type LocationInput,
  type LocationRow,
} from '@breedwise/contracts/doe';
import type { ResourceIo } from '../../common';
import { countLocations, existingCodes, insertLocations, listLocations } from './location.service';

const L = locationIoLabels.columns;

/** Locations as xlsx: the template, the import (with unique-code checks) and the export columns. */
export const locationIo: ResourceIo<LocationRow, LocationInput, LocationExportQuery> = {
  module: 'doe',
  resource: 'location',
  title: locationIoLabels.title,
  permissions: { import: P.locationImport, export: P.locationExport },
  columns: [
    { key: 'name', ...L.name, required: true, width: 22 },
    { key: 'code', ...L.code, required: true, width: 14 },
    { key: 'country', ...L.country, value: (r, l) => countryLabel(r.country, l) },
    { key: 'province', ...L.province },
    { key: 'city', ...L.city },
    { key: 'longitude', ...L.longitude, type: 'number' },
    { key: 'latitude', ...L.latitude, type: 'number' },
    { key: 'remark', ...L.remark, width: 30 },
    { key: 'status', ...L.status, exportOnly: true, value: (r, l) => enableStatusLabels[r.status][l] },
    { key: 'createdBy', ...L.createdBy, exportOnly: true },
    { key: 'updatedAt', ...L.updatedAt, exportOnly: true, width: 20, value: (r) => r.updatedAt.slice(0, 19).replace('T', ' ') },
  ],
  rowSchema: LocationCreate,
  exportQuery: LocationExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const taken = await existingCodes(
      db,
      ctx,
      rows.map((r) => r.value.code).filter((c): c is string => typeof c === 'string'),
    );
    const firstRow = new Map<string, number>();
    rows.forEach(({ rowNumber, value: r }, i) => {
      const add = (code: string, params: Record<string, unknown>) =>
        problems.set(i, [...(problems.get(i) ?? []), { field: 'code', message: formatMessage(errorMessages[code][locale], params) }]);
      if (typeof r.code !== 'string') return;
      if (taken.has(r.code)) add('DOE_LOCATION_CODE_EXISTS', { code: r.code });
      const seen = firstRow.get(r.code);
      if (seen !== undefined) add('DOE_LOCATION_CODE_REPEATED', { code: r.code, row: seen });
      else firstRow.set(r.code, rowNumber);
    });
    return problems;
  },
  insert: (tx, ctx, rows) => insertLocations(tx, ctx, rows),
  count: countLocations,
  list: async (db, ctx, query, pageReq) => (await listLocations(db, ctx, { ...query, ...pageReq })).rows,
};
