import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Locale } from '@breedwise/contracts';
import { seasonLabels } from '@breedwise/contracts/doe';
import { BOOK_COLUMNS, bookColumnLabels, bookTexts, type ActivityRow, type SurveyEntry } from '@breedwise/contracts/nursery';
import { scaleRange, type VariableRow } from '@breedwise/contracts/pheno';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { buildWorkbook } from '../../common';
import { getActivity } from '../activity/activity.service';
import { surveyEntries, surveyTraits } from './survey.service';

/**
 * The book's font ships with the product (Noto Sans SC from npm, as the label sheets use): Chinese names
 * and headings print on any machine. pdfkit embeds only the glyphs used.
 */
const FONT_PATH = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= fs.readFileSync(FONT_PATH));

/** A trait column's header: `name [CODE]` (the import reads the code in brackets), with the unit. */
export const traitHeader = (v: VariableRow) => `${v.name}${v.unit && !v.name.includes(v.unit) ? ` (${v.unit})` : ''} [${v.code}]`;

function scaleText(v: VariableRow): string {
  if (v.scaleType === 'ordinal' || v.scaleType === 'nominal') return v.categories.map((c) => (c.label ? `${c.value}=${c.label}` : c.value)).join(', ');
  if (v.scaleType === 'date') return 'YYYY-MM-DD';
  const { min, max } = scaleRange(v);
  return min !== null || max !== null ? `${min ?? ''} – ${max ?? ''}` : '';
}

function heading(a: ActivityRow, l: Locale): string {
  const season = seasonLabels[a.season]?.[l] ?? a.season;
  return `${bookTexts.title[l]} · ${a.name} (${a.code})  ${a.fieldName ?? ''}  ${a.year} ${season}`;
}

const cellOf = (e: SurveyEntry, c: (typeof BOOK_COLUMNS)[number]) => e[c];

export async function bookXlsx(a: ActivityRow, entries: SurveyEntry[], traits: VariableRow[], l: Locale): Promise<Buffer> {
  const T = bookTexts;
  return buildWorkbook([
    {
      name: T.entriesSheet[l],
      columns: [
        ...BOOK_COLUMNS.map((c) => ({ header: bookColumnLabels[c][l], key: c, width: c === 'pedigree' || c === 'name' ? 24 : c === 'materialNo' ? 16 : 10 })),
        ...traits.map((v, i) => ({ header: traitHeader(v), key: `t${i}`, width: Math.max(14, traitHeader(v).length + 4) })),
      ],
      rows: entries.map((e) => Object.fromEntries(BOOK_COLUMNS.map((c) => [c, cellOf(e, c)]))),
    },
    {
      name: T.traitsSheet[l],
      columns: [
        { header: T.code[l], key: 'code', width: 12 },
        { header: T.trait[l], key: 'name', width: 22 },
        { header: T.scale[l], key: 'scale', width: 12 },
        { header: T.unit[l], key: 'unit', width: 10 },
        { header: T.range[l], key: 'range', width: 40 },
      ],
      rows: [
        ...traits.map((v) => ({ code: v.code, name: v.name, scale: v.scaleType, unit: v.unit ?? '', range: scaleText(v) })),
        {},
        { code: T.nursery[l], name: heading(a, l) },
        { code: T.printed[l], name: new Date().toISOString().slice(0, 10) },
        { code: T.help[l] },
      ],
    },
  ]);
}

/** The book as a printable PDF: landscape A4, a header repeated on every page, a ruled blank box per trait. */
export function bookPdf(a: ActivityRow, entries: SurveyEntry[], traits: VariableRow[], l: Locale): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 28, info: { Title: heading(a, l), Creator: 'Breedwise' } });
  doc.registerFont('book', font());
  doc.font('book');
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const W = doc.page.width - 56;
  const fixed: { key: (typeof BOOK_COLUMNS)[number]; w: number }[] = [
    { key: 'materialNo', w: 70 },
    { key: 'entryNo', w: 30 },
    { key: 'name', w: 90 },
    { key: 'pedigree', w: 110 },
    { key: 'generation', w: 42 },
    { key: 'plotNo', w: 36 },
    { key: 'fieldNo', w: 48 },
  ];
  const fixedW = fixed.reduce((s, c) => s + c.w, 0);
  // Trait boxes share what is left; with many traits the fixed columns narrow (never below a readable width).
  let traitW = traits.length ? Math.max(44, (W - fixedW) / traits.length) : 0;
  // Many traits: the boxes narrow too, so the table never runs off the sheet.
  if (traits.length && fixedW * 0.55 + traitW * traits.length > W) traitW = (W - fixedW * 0.55) / traits.length;
  const scale = traits.length && fixedW + traitW * traits.length > W ? (W - traitW * traits.length) / fixedW : 1;
  const cols = [
    ...fixed.map((c) => ({ label: bookColumnLabels[c.key][l], w: c.w * Math.max(0.55, scale), key: c.key as string })),
    ...traits.map((v) => ({ label: `${v.code}${v.unit ? ` (${v.unit})` : ''}`, w: traitW, key: '' })),
  ];
  const rowH = 20;
  const headH = 26;
  const top = 62;
  const bottom = doc.page.height - 40;
  const perPage = Math.max(1, Math.floor((bottom - top - headH) / rowH));
  const pages = Math.max(1, Math.ceil(entries.length / perPage));
  const title = heading(a, l);
  for (let p = 0; p < pages; p++) {
    if (p) doc.addPage();
    doc.fillColor('#000').fontSize(12).text(title, 28, 22, { width: W, lineBreak: false, ellipsis: true });
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(
        `${bookTexts.recorder[l]}: ________    ${bookTexts.printed[l]}: ${new Date().toISOString().slice(0, 10)}    ${bookTexts.page[l]} ${p + 1}/${pages}`,
        28,
        40,
        {
          width: W,
          lineBreak: false,
        },
      );
    let x = 28;
    for (const c of cols) {
      doc.rect(x, top, c.w, headH).fillAndStroke('#eef4fb', '#8c8c8c');
      doc
        .fillColor('#000')
        .fontSize(7.5)
        .text(c.label, x + 2, top + 3, { width: c.w - 4, height: headH - 4, ellipsis: true });
      x += c.w;
    }
    entries.slice(p * perPage, (p + 1) * perPage).forEach((e, i) => {
      const y = top + headH + i * rowH;
      let cx = 28;
      for (const c of cols) {
        doc.rect(cx, y, c.w, rowH).stroke('#bfbfbf');
        if (c.key) {
          const v = cellOf(e, c.key as (typeof BOOK_COLUMNS)[number]);
          doc
            .fillColor('#000')
            .fontSize(7.5)
            .text(v === null || v === undefined ? '' : String(v), cx + 2, y + 6, { width: c.w - 4, lineBreak: false, ellipsis: true });
        }
        cx += c.w;
      }
    });
  }
  if (traits.length) {
    // The traits' scales on a last page, so a recorder knows what each box takes.
    doc.addPage();
    doc.fillColor('#000').fontSize(11).text(bookTexts.traitsSheet[l], 28, 28);
    doc.moveDown(0.5).fontSize(9);
    for (const v of traits) doc.text(`${v.code}  ${v.name}${v.unit && !v.name.includes(v.unit) ? ` (${v.unit})` : ''}  ${scaleText(v)}`, { width: W });
  }
  doc.end();
  return done;
}

/** The nursery's feedback book: file name and bytes. */
export async function feedbackBook(db: DbOrTx, ctx: RequestContext, id: number, format: 'xlsx' | 'pdf', l: Locale) {
  const a = await getActivity(db, ctx, id);
  const [entries, traits] = await Promise.all([surveyEntries(db, a.id, a.code), surveyTraits(db, ctx, a.id)]);
  const name = `${a.code}-${l === 'en' ? 'record-book' : '记载本'}.${format}`;
  const body = format === 'pdf' ? await bookPdf(a, entries, traits, l) : await bookXlsx(a, entries, traits, l);
  return { name, body, type: format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}
