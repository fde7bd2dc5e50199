import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Locale } from '@breedwise/contracts';
import {
  FIELD_BOOK_COLUMNS,
  designMethodLabels,
  fieldBookColumnLabels,
  fieldBookTexts,
  fieldMapTexts,
  plotEntryTypeLabels,
  seasonLabels,
  type ExperimentRow,
  type ExperimentSite,
  type PlotRow,
} from '@breedwise/contracts/doe';
import { buildWorkbook } from '../../common';
import { csvLine } from '../../common';

export interface FieldBookEntry {
  entryNo: number;
  generation: string | null;
  pedigree: string | null;
}

/** Where each site is: its location and field (a multi-location experiment has several). */
type SitePlace = Pick<ExperimentSite, 'seq' | 'locationName' | 'fieldName'>;

function records(exp: ExperimentRow, plots: PlotRow[], entries: Map<number, FieldBookEntry>, sites: SitePlace[] = []) {
  const bySeq = new Map(sites.map((s) => [s.seq, s]));
  return plots.map((p) => {
    const e = p.entryType === 'filler' ? undefined : entries.get(p.entryNo);
    const site = bySeq.get(p.site);
    return {
      plot_id: p.plotId,
      plot_number: p.plotNumber,
      rep: p.rep,
      block: p.block,
      row: p.row,
      column: p.col,
      tier: p.tier,
      entry: p.entryNo,
      germplasm_name: p.name,
      entry_type: p.entryType,
      generation: e?.generation ?? null,
      pedigree: e?.pedigree ?? null,
      location: site ? site.locationName : exp.locationName,
      field: site ? site.fieldName : exp.fieldName,
      year: exp.year,
      season: exp.season,
      experiment: exp.code,
    };
  });
}

/** A season in the user's language ("2026 春季" / "2026 Spring"): never the stored key. */
function seasonWord(season: string | null | undefined, locale: Locale): string {
  if (!season) return '';
  return (seasonLabels as Record<string, { 'zh-CN': string; en: string }>)[season]?.[locale] ?? season;
}

/** The field map's heading, in the user's language ("… 2026 春季 …"). */
export function fieldMapTitle(exp: ExperimentRow, l: Locale): string {
  return `${exp.name} (${exp.code})  ${exp.locationName ?? ''} / ${exp.fieldName ?? ''}  ${exp.year} ${seasonWord(exp.season, l)}  ${designMethodLabels[exp.designMethod]?.[l] ?? exp.designMethod}  ${fieldMapTexts.seed[l]} ${exp.seed ?? ''}`;
}

/**
 * The Field Book app's field file: UTF-8 without a byte-order mark, one line per plot in planting order.
 * The app needs the column names (kept as keys) and a unique id (`plot_id`); the other columns are shown
 * as they are, so the season is written in the user's language ("春季" / "Spring"), never the stored key.
 */
export function fieldBookCsv(
  exp: ExperimentRow,
  plots: PlotRow[],
  entries: Map<number, FieldBookEntry>,
  sites: SitePlace[] = [],
  locale: Locale = 'zh-CN',
): Buffer {
  const lines = [FIELD_BOOK_COLUMNS.join(',')];
  const season = seasonWord(exp.season, locale);
  // csvLine neutralises formula-like names and pedigrees (cells.ts).
  for (const r of records(exp, plots, entries, sites)) lines.push(csvLine(FIELD_BOOK_COLUMNS.map((c) => (c === 'season' ? season : r[c]))));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The field book as xlsx: the plots with an empty column per trait to record, and a sheet describing the experiment. */
export async function fieldBookXlsx(
  exp: ExperimentRow,
  plots: PlotRow[],
  entries: Map<number, FieldBookEntry>,
  locale: Locale,
  sites: SitePlace[] = [],
): Promise<Buffer> {
  const T = fieldBookTexts;
  const season = seasonWord(exp.season, locale);
  const rows = records(exp, plots, entries, sites).map((r) => ({ ...r, season, entry_type: plotEntryTypeLabels[r.entry_type]?.[locale] ?? r.entry_type }));
  const info = [
    [T.experiment[locale], `${exp.name} (${exp.code})`],
    [T.plan[locale], exp.planName ?? ''],
    [T.design[locale], designMethodLabels[exp.designMethod]?.[locale] ?? exp.designMethod],
    [T.seed[locale], String(exp.seed ?? '')],
    [
      T.locationField[locale],
      sites.length ? sites.map((s) => `${s.locationName} / ${s.fieldName}`).join('; ') : `${exp.locationName ?? ''} / ${exp.fieldName ?? ''}`,
    ],
    [T.yearSeason[locale], `${exp.year} / ${season}`],
    [T.plots[locale], String(plots.length)],
    [T.layout[locale], `${exp.rows ?? ''} × ${exp.cols ?? ''}`],
  ];
  return buildWorkbook([
    {
      name: T.plotsSheet[locale],
      columns: [
        ...FIELD_BOOK_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'plot_id' ? 22 : c === 'germplasm_name' || c === 'pedigree' ? 22 : 12 })),
        ...exp.traits.map((t, i) => ({ header: t, key: `trait_${i}`, width: 14 })),
      ],
      rows,
    },
    {
      name: T.columnsSheet[locale],
      columns: [
        { header: T.column[locale], key: 'c', width: 18 },
        { header: T.meaning[locale], key: 'm', width: 24 },
      ],
      rows: FIELD_BOOK_COLUMNS.map((c) => ({ c, m: fieldBookColumnLabels[c][locale] })),
    },
    {
      name: T.experimentSheet[locale],
      columns: [
        { header: T.item[locale], key: 'k', width: 18 },
        { header: T.value[locale], key: 'v', width: 40 },
      ],
      rows: info.map(([k, v]) => ({ k, v })),
    },
  ]);
}

const CJK_FONTS = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
];

/** A font that can write Chinese names: BW_PDF_FONT (a .ttf/.otf, or `file.ttc#PostScriptName`), else a system CJK font. */
function cjkFont(): { path: string; family?: string } | null {
  const configured = process.env.BW_PDF_FONT;
  if (configured) {
    const [path, family] = configured.split('#');
    if (fs.existsSync(path)) return { path, family };
  }
  return CJK_FONTS.find((f) => fs.existsSync(f.path)) ?? null;
}

const COLORS = { check: '#ffe7ba', filler: '#e8e8e8', test: '#ffffff' } as const;

/**
 * The field map as a printable PDF: one cell per plot (row 1 at the bottom), plot number and entry,
 * checks and fillers shaded, reps outlined thick, blocks thin, tier edges dashed; split over pages
 * when the field is larger than a sheet.
 */
export function fieldMapPdf(exp: ExperimentRow, plots: PlotRow[], opts: { paper: 'A4' | 'A3'; locale: Locale }): Promise<Buffer> {
  const doc = new PDFDocument({ size: opts.paper, layout: 'landscape', margin: 28, info: { Title: `${exp.name} (${exp.code})`, Creator: 'Breedwise' } });
  const font = cjkFont();
  let latinOnly = false;
  if (font) {
    doc.registerFont('map', font.path, font.family);
    doc.font('map');
  } else {
    latinOnly = true;
    doc.font('Helvetica');
  }
  const text = (s: string) => (latinOnly ? s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?') : s);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const rows = Math.max(0, ...plots.map((p) => p.row));
  const cols = Math.max(0, ...plots.map((p) => p.col));
  const at = new Map<string, PlotRow>();
  for (const p of plots) at.set(`${p.row}:${p.col}`, p);
  const W = doc.page.width - 56;
  const H = doc.page.height - 56 - 46;
  const cw = Math.max(34, Math.min(90, W / Math.max(1, cols)));
  const ch = Math.max(22, Math.min(44, H / Math.max(1, rows)));
  const colsPerPage = Math.max(1, Math.floor(W / cw));
  const rowsPerPage = Math.max(1, Math.floor(H / ch));
  const M = fieldMapTexts;
  const l = opts.locale;
  const title = fieldMapTitle(exp, l);

  let first = true;
  for (let r0 = 1; r0 <= rows; r0 += rowsPerPage) {
    for (let c0 = 1; c0 <= cols; c0 += colsPerPage) {
      if (!first) doc.addPage();
      first = false;
      const r1 = Math.min(rows, r0 + rowsPerPage - 1);
      const c1 = Math.min(cols, c0 + colsPerPage - 1);
      doc.fillColor('#000').fontSize(11).text(text(title), 28, 24, { width: W, lineBreak: false });
      doc
        .fontSize(8)
        .fillColor('#555')
        .text(text(`${M.rows[l]} ${r0}–${r1}, ${M.columns[l]} ${c0}–${c1}   ${M.legend[l]}`), 28, 40, { width: W, lineBreak: false });
      const top = 62;
      const x = (c: number) => 28 + (c - c0) * cw;
      const y = (r: number) => top + (r1 - r) * ch;
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const p = at.get(`${r}:${c}`);
          doc.rect(x(c), y(r), cw, ch).fillAndStroke(p ? COLORS[p.entryType] : '#ffffff', '#bfbfbf');
          if (!p) continue;
          doc
            .fillColor('#000')
            .fontSize(Math.min(8, ch / 3))
            .text(String(p.plotNumber), x(c) + 2, y(r) + 2, { width: cw - 4, lineBreak: false });
          doc
            .fillColor('#333')
            .fontSize(Math.min(7, ch / 3.4))
            .text(text(p.name), x(c) + 2, y(r) + ch / 2, { width: cw - 4, height: ch / 2 - 1, lineBreak: false, ellipsis: true });
        }
      }
      // Borders between different reps (thick), blocks (thin) and tiers (dashed).
      const edge = (a: PlotRow | undefined, b: PlotRow | undefined) => {
        if (!a || !b) return null;
        if (a.rep !== b.rep) return 'rep';
        if (a.block !== b.block) return 'block';
        if (a.tier !== b.tier) return 'tier';
        return null;
      };
      const line = (kind: string | null, x1: number, y1: number, x2: number, y2: number) => {
        if (!kind) return;
        doc
          .save()
          .lineWidth(kind === 'rep' ? 2.2 : kind === 'block' ? 1 : 1.2)
          .strokeColor(kind === 'tier' ? '#1677ff' : '#000');
        if (kind === 'tier') doc.dash(3, { space: 2 });
        doc.moveTo(x1, y1).lineTo(x2, y2).stroke().restore();
      };
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const p = at.get(`${r}:${c}`);
          if (c < c1) line(edge(p, at.get(`${r}:${c + 1}`)), x(c + 1), y(r), x(c + 1), y(r) + ch);
          if (r < r1) line(edge(p, at.get(`${r + 1}:${c}`)), x(c), y(r), x(c) + cw, y(r));
        }
      }
      doc
        .lineWidth(1.5)
        .strokeColor('#000')
        .rect(x(c0), y(r1), (c1 - c0 + 1) * cw, (r1 - r0 + 1) * ch)
        .stroke();
    }
  }
  if (first) doc.fontSize(12).text(text(M.empty[l]), 28, 28);
  doc.end();
  return done;
}
