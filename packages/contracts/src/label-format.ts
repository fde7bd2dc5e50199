import { z } from 'zod';

/**
 * Label formats, one definition for every printed label (seed lots and accessions, plots and stakes).
 * `sheet`: A4 label stock, a grid of labels per page. `roll`: a thermal-printer roll, the page is the
 * label (one label per page, as thermal printer drivers expect).
 */
export const LABEL_FORMATS = {
  'a4-3x8': { media: 'sheet', columns: 3, rows: 8, widthMm: 70, heightMm: 37 },
  'a4-2x7': { media: 'sheet', columns: 2, rows: 7, widthMm: 99, heightMm: 38 },
  'a4-4x10': { media: 'sheet', columns: 4, rows: 10, widthMm: 52.5, heightMm: 29.7 },
  'roll-50x30': { media: 'roll', columns: 1, rows: 1, widthMm: 50, heightMm: 30 },
  'roll-60x40': { media: 'roll', columns: 1, rows: 1, widthMm: 60, heightMm: 40 },
  'roll-100x30': { media: 'roll', columns: 1, rows: 1, widthMm: 100, heightMm: 30 },
} as const satisfies Record<string, { media: 'sheet' | 'roll'; columns: number; rows: number; widthMm: number; heightMm: number }>;
export type LabelFormat = keyof typeof LABEL_FORMATS;
export const LABEL_FORMAT_KEYS = Object.keys(LABEL_FORMATS) as [LabelFormat, ...LabelFormat[]];
export const LabelFormat = z.enum(LABEL_FORMAT_KEYS);

/** The A4 page every sheet format is laid out on, in millimetres. */
export const A4_MM = { width: 210, height: 297 } as const;

/** Page size of a format in millimetres: A4 for sheets, the label itself for rolls. */
export function labelPageMm(format: LabelFormat): { width: number; height: number } {
  const f = LABEL_FORMATS[format];
  return f.media === 'roll' ? { width: f.widthMm, height: f.heightMm } : A4_MM;
}

/** Labels on one page of a format. */
export const labelsPerPage = (format: LabelFormat) => LABEL_FORMATS[format].columns * LABEL_FORMATS[format].rows;

/** What a label's codes carry: a QR code, a Code 128 barcode or both. */
export const LabelCode = z.enum(['qr', 'code128', 'both']);
export type LabelCode = z.infer<typeof LabelCode>;

/** Most labels one PDF may hold (items × copies). */
export const MAX_LABELS_PER_PDF = 10_000;
