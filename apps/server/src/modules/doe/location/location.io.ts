import { LocationCreate, LocationExportQuery, Permissions, errorCatalog, formatMessage, type LocationInput, type LocationRow } from '@breedwise/contracts';
import type { ResourceIo } from '../../common';
import { countLocations, existingCodes, insertLocations, listLocations } from './location.service';

const P = Permissions.doe;

/** Locations as xlsx: the template, the import (with unique-code checks) and the export columns. */
export const locationIo: ResourceIo<LocationRow, LocationInput, LocationExportQuery> = {
  module: 'doe',
  resource: 'location',
  title: { 'zh-CN': '试验地点', en: 'Locations' },
  permissions: { import: P.locationImport, export: P.locationExport },
  columns: [
    { key: 'name', label: { 'zh-CN': '地点名称', en: 'Name' }, required: true, width: 22, hint: { 'zh-CN': '必填，最多 100 字', en: 'Required, at most 100 characters' } },
    { key: 'code', label: { 'zh-CN': '地点编码', en: 'Code' }, required: true, width: 14, hint: { 'zh-CN': '必填，组织内唯一；字母、数字、_ . -', en: 'Required, unique in the organisation; letters, digits, _ . -' } },
    { key: 'country', label: { 'zh-CN': '国家', en: 'Country' } },
    { key: 'province', label: { 'zh-CN': '省份', en: 'Province' } },
    { key: 'city', label: { 'zh-CN': '城市', en: 'City' } },
    { key: 'longitude', label: { 'zh-CN': '经度', en: 'Longitude' }, type: 'number', hint: { 'zh-CN': '-180 ~ 180，与纬度同时填写或同时留空', en: '-180 to 180; give it with the latitude or leave both empty' } },
    { key: 'latitude', label: { 'zh-CN': '纬度', en: 'Latitude' }, type: 'number', hint: { 'zh-CN': '-90 ~ 90', en: '-90 to 90' } },
    { key: 'remark', label: { 'zh-CN': '备注', en: 'Remark' }, width: 30 },
    { key: 'status', label: { 'zh-CN': '状态', en: 'Status' }, exportOnly: true, value: (r, l) => (r.status === 'enabled' ? (l === 'en' ? 'Enabled' : '启用') : l === 'en' ? 'Disabled' : '停用') },
    { key: 'createdBy', label: { 'zh-CN': '创建人', en: 'Created by' }, exportOnly: true },
    { key: 'updatedAt', label: { 'zh-CN': '更新时间', en: 'Updated' }, exportOnly: true, width: 20, value: (r) => r.updatedAt.slice(0, 19).replace('T', ' ') },
  ],
  rowSchema: LocationCreate,
  exportQuery: LocationExportQuery,
  check: async (db, ctx, rows, locale) => {
    const problems = new Map<number, { field: string; message: string }[]>();
    const taken = await existingCodes(db, ctx, rows.map((r) => r.value.code));
    const firstRow = new Map<string, number>();
    rows.forEach(({ rowNumber, value: r }, i) => {
      const add = (code: string, params: Record<string, unknown>) =>
        problems.set(i, [...(problems.get(i) ?? []), { field: 'code', message: formatMessage(errorCatalog[code][locale], params) }]);
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
