import type { Locale, Translations } from '@breedwise/contracts';
import { pollinationTypeLabels, type EntryPageQuery, type EntryRow } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { buildWorkbook } from '../../common';
import { getActivity } from '../activity/activity.service';
import { listEntries } from './entry.service';

/** The columns of the entries workbook, in the order of the entries table. */
const COLUMNS: { key: keyof EntryRow | 'methods' | 'harvests'; label: Translations; width: number }[] = [
  { key: 'materialNo', label: { 'zh-CN': '材料编号', en: 'Material no.' }, width: 16 },
  { key: 'entryNo', label: { 'zh-CN': '序号', en: 'Entry' }, width: 8 },
  { key: 'name', label: { 'zh-CN': '名称', en: 'Name' }, width: 22 },
  { key: 'generation', label: { 'zh-CN': '世代', en: 'Generation' }, width: 10 },
  { key: 'pedigree', label: { 'zh-CN': '系谱', en: 'Pedigree' }, width: 28 },
  { key: 'femaleParent', label: { 'zh-CN': '母本', en: 'Female parent' }, width: 18 },
  { key: 'maleParent', label: { 'zh-CN': '父本', en: 'Male parent' }, width: 18 },
  { key: 'methods', label: { 'zh-CN': '授粉方式', en: 'Pollination' }, width: 18 },
  { key: 'harvests', label: { 'zh-CN': '收获编号', en: 'Harvest no.' }, width: 22 },
  { key: 'plotNo', label: { 'zh-CN': '小区号', en: 'Plot' }, width: 8 },
  { key: 'fieldNo', label: { 'zh-CN': '田间编号', en: 'Field no.' }, width: 12 },
  { key: 'remark', label: { 'zh-CN': '备注', en: 'Remark' }, width: 24 },
];
const TITLE: Translations = { 'zh-CN': '苗圃材料', en: 'Nursery entries' };

/** Most entries one workbook holds (a nursery has far fewer). */
const MAX_ROWS = 20_000;

/**
 * A nursery's entries as xlsx, with the entries table's keyword and filters, in entry order. Text cells go
 * through the shared formula-neutralising writer (a name starting with `=` stays text).
 */
export async function entriesWorkbook(db: DbOrTx, ctx: RequestContext, query: z.output<typeof EntryPageQuery>, locale: Locale) {
  const q = { ...query, pageSize: 500 };
  const activity = await getActivity(db, ctx, q.activityId);
  const rows: EntryRow[] = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const got = await listEntries(db, ctx, { ...q, pageNum: page });
    rows.push(...got.rows);
    if (got.rows.length < 500 || rows.length >= got.total) break;
  }
  const buffer = await buildWorkbook([
    {
      name: TITLE[locale],
      columns: COLUMNS.map((c) => ({ header: c.label[locale], key: c.key, width: c.width })),
      rows: rows.map((r) => ({
        ...r,
        methods: r.pollinationTypes.map((t) => pollinationTypeLabels[t][locale]).join(', '),
        harvests: r.harvestNumbers.join(', '),
      })),
      headerStyle: true,
    },
  ]);
  return { buffer, fileName: `${TITLE[locale]}-${activity.code}.xlsx` };
}
