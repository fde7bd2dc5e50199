import { z } from 'zod';
import type { Translations } from '../errors';
import { resource } from '../http/endpoint';
import { germPermissions as P } from './permissions';

/** Digits of a series: 3 (ZM001) to 10. */
export const SERIES_MIN_DIGITS = 3;
export const SERIES_MAX_DIGITS = 10;

/** The prefix of an accession series: letters first, then letters, digits, `_ . -` (an accession number is such a code). */
export const SeriesPrefix = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .refine((v) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' } });

/** The series of a crop of this organisation: prefix and digit count (`ZM` and 5 number ZM00001, ZM00002 ...). */
export const AccessionSeriesSave = z.object({
  cropId: z.number().int().positive(),
  prefix: SeriesPrefix,
  digits: z.number().int().min(SERIES_MIN_DIGITS).max(SERIES_MAX_DIGITS),
});
export type AccessionSeriesSave = z.input<typeof AccessionSeriesSave>;

export const AccessionSeriesRow = z.object({
  cropId: z.number().int(),
  cropCode: z.string(),
  cropName: z.string(),
  prefix: z.string(),
  digits: z.number().int(),
  /** The number the next registration without a number of its own receives (numbers taken by hand are skipped). */
  next: z.string(),
  /** False: the crop still uses the default series (`ZM` for maize, five digits). */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AccessionSeriesRow = z.infer<typeof AccessionSeriesRow>;

export const AccessionNext = z.object({ prefix: z.string(), digits: z.number().int(), next: z.string() });
export type AccessionNext = z.infer<typeof AccessionNext>;

export const seriesFieldLabels: Record<string, Translations> = {
  prefix: { 'zh-CN': '前缀', en: 'Prefix' },
  digits: { 'zh-CN': '数字位数', en: 'Digits' },
  cropId: { 'zh-CN': '作物', en: 'Crop' },
};

/** Accession number series per crop (issue 14 item 14): read and set by administrators; the next number by registrars. */
export const accessionSeries = resource(
  { tag: 'germ: accession series', base: '/api/accessionSeries' },
  {
    list: {
      method: 'GET',
      path: '/list',
      permission: P.seriesEdit,
      summary: 'The accession number series of every crop of the organisation, with the next number of each',
      data: z.array(AccessionSeriesRow),
    },
    save: {
      method: 'PUT',
      path: '/save',
      permission: P.seriesEdit,
      summary: 'Sets the prefix and digit count of a crop’s series (numbering continues after the numbers the crop already uses)',
      body: AccessionSeriesSave,
      data: AccessionSeriesRow,
    },
    next: {
      method: 'GET',
      path: '/next',
      permission: P.germplasmAdd,
      summary: 'The series of the current crop and the number a registration without one would receive now',
      data: AccessionNext,
    },
  },
);
