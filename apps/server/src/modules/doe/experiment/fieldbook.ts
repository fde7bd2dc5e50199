import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { ExperimentRow, Locale, PlotRow } from '@breedwise/contracts';
import { buildWorkbook } from '../../common/io/xlsx';
import { designMethodLabels } from '../shared';

export interface FieldBookEntry {
  entryNo: number;
  generation: string | null;
  pedigree: string | null;
}

/** Columns of the Field Book app's field file (plot_id is the unique id; row and column order the plots). */
export const FIELD_BOOK_CSV_COLUMNS = ['plot_id', 'plot_number', 'rep', 'block', 'row', 'column', 'tier', 'entry', 'germplasm_name', 'entry_type', 'generation', 'pedigree', 'location', 'field', 'year', 'season', 'experiment'] as const;

const labels: Record<(typeof FIELD_BOOK_CSV_COLUMNS)[number], Record<Locale, string>> = {
  plot_id: { 'zh-CN': '小区标识', en: 'Plot id' },
  plot_number: { 'zh-CN': '小区号', en: 'Plot number' },
  rep: { 'zh-CN': '重复', en: 'Rep' },
  block: { 'zh-CN': '区组', en: 'Block' },
  row: { 'zh-CN': '行', en: 'Row' },
  column: { 'zh-CN': '列', en: 'Column' },
  tier: { 'zh-CN': '层', en: 'Tier' },
  entry: { 'zh-CN': '材料编号', en: 'Entry' },
  germplasm_name: { 'zh-CN': '材料名称', en: 'Germplasm' },
  entry_type: { 'zh-CN': '类型', en: 'Entry type' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  location: { 'zh-CN': '地点', en: 'Location' },
  field: { 'zh-CN': '田块', en: 'Field' },
  year: { 'zh-CN': '年份', en: 'Year' },
  season: { 'zh-CN': '季节', en: 'Season' },
  experiment: { 'zh-CN': '试验编号', en: 'Experiment' },
};
const typeNames: Record<string, Record<Locale, string>> = {
  check: { 'zh-CN': '对照', en: 'check' }, test: { 'zh-CN': '参试', en: 'test' }, filler: { 'zh-CN': '填充', en: 'filler' },
};

function records(exp: ExperimentRow, plots: PlotRow[], entries: Map<number, FieldBookEntry>) {
  return plots.map((p) => {
    const e = p.entryType === 'filler' ? undefined : entries.get(p.entryNo);
    return {
      plot_id: p.plotId, plot_number: p.plotNumber, rep: p.rep, block: p.block, row: p.row, column: p.col, tier: p.tier, entry: p.entryNo,
      germplasm_name: p.name, entry_type: p.entryType, generation: e?.generation ?? null, pedigree: e?.pedigree ?? null,
      location: exp.locationName, field: exp.fieldName, year: exp.year, season: exp.season, experiment: exp.code,
    };
  });
}

const csvCell = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The Field Book app's field file: UTF-8 without a byte-order mark, one line per plot in planting order. */
export function fieldBookCsv(exp: ExperimentRow, plots: PlotRow[], entries: Map<number, FieldBookEntry>): Buffer {
  const lines = [FIELD_BOOK_CSV_COLUMNS.join(',')];
  for (const r of records(exp, plots, entries)) lines.push(FIELD_BOOK_CSV_COLUMNS.map((c) => csvCell(r[c])).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The field book as xlsx: the plots with an empty column per trait to record, and a sheet describing the experiment. */
export async function fieldBookXlsx(exp: ExperimentRow, plots: PlotRow[], entries: Map<number, FieldBookEntry>, locale: Locale): Promise<Buffer> {
  const rows = records(exp, plots, entries).map((r) => ({ ...r, entry_type: typeNames[r.entry_type]?.[locale] ?? r.entry_type }));
  const info = [
    [locale === 'en' ? 'Experiment' : '试验', `${exp.name} (${exp.code})`],
    [locale === 'en' ? 'Plan' : '方案', exp.planName ?? ''],
    [locale === 'en' ? 'Design' : '设计方法', designMethodLabels[exp.designMethod]?.[locale] ?? exp.designMethod],
    [locale === 'en' ? 'Seed' : '随机种子', String(exp.seed ?? '')],
    [locale === 'en' ? 'Location / field' : '地点 / 田块', `${exp.locationName ?? ''} / ${exp.fieldName ?? ''}`],
    [locale === 'en' ? 'Year / season' : '年份 / 季节', `${exp.year} / ${exp.season}`],
    [locale === 'en' ? 'Plots' : '小区数', String(plots.length)],
    [locale === 'en' ? 'Layout' : '布局', `${exp.rows ?? ''} × ${exp.cols ?? ''}`],
  ];
  return buildWorkbook([
    {
      name: locale === 'en' ? 'Field book' : '田间记载本',
      columns: [
        ...FIELD_BOOK_CSV_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'plot_id' ? 22 : c === 'germplasm_name' || c === 'pedigree' ? 22 : 12 })),
        ...exp.traits.map((t, i) => ({ header: t, key: `trait_${i}`, width: 14 })),
      ],
      rows,
    },
    {
      name: locale === 'en' ? 'Columns' : '列说明',
      columns: [{ header: locale === 'en' ? 'Column' : '列', key: 'c', width: 18 }, { header: locale === 'en' ? 'Meaning' : '含义', key: 'm', width: 24 }],
      rows: FIELD_BOOK_CSV_COLUMNS.map((c) => ({ c, m: labels[c][locale] })),
    },
    {
      name: locale === 'en' ? 'Experiment' : '试验信息',
      columns: [{ header: locale === 'en' ? 'Item' : '项目', key: 'k', width: 18 }, { header: locale === 'en' ? 'Value' : '内容', key: 'v', width: 40 }],
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
  const en = opts.locale === 'en';
  const title = `${exp.name} (${exp.code})  ${exp.locationName ?? ''} / ${exp.fieldName ?? ''}  ${exp.year} ${exp.season}  ${designMethodLabels[exp.designMethod]?.[opts.locale] ?? exp.designMethod}  ${en ? 'seed' : '随机种子'} ${exp.seed ?? ''}`;

  let first = true;
  for (let r0 = 1; r0 <= rows; r0 += rowsPerPage) {
    for (let c0 = 1; c0 <= cols; c0 += colsPerPage) {
      if (!first) doc.addPage();
      first = false;
      const r1 = Math.min(rows, r0 + rowsPerPage - 1);
      const c1 = Math.min(cols, c0 + colsPerPage - 1);
      doc.fillColor('#000').fontSize(11).text(text(title), 28, 24, { width: W, lineBreak: false });
      doc.fontSize(8).fillColor('#555').text(
        text(`${en ? 'Rows' : '行'} ${r0}–${r1}, ${en ? 'columns' : '列'} ${c0}–${c1}   ${en ? 'Row 1 is the bottom edge; shaded: checks (orange), fillers (grey); thick lines: reps, thin: blocks, dashed: tiers' : '第 1 行在底边；橙色为对照，灰色为填充；粗线为重复，细线为区组，虚线为层界'}`),
        28, 40, { width: W, lineBreak: false },
      );
      const top = 62;
      const x = (c: number) => 28 + (c - c0) * cw;
      const y = (r: number) => top + (r1 - r) * ch;
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const p = at.get(`${r}:${c}`);
          doc.rect(x(c), y(r), cw, ch).fillAndStroke(p ? COLORS[p.entryType] : '#ffffff', '#bfbfbf');
          if (!p) continue;
          doc.fillColor('#000').fontSize(Math.min(8, ch / 3)).text(String(p.plotNumber), x(c) + 2, y(r) + 2, { width: cw - 4, lineBreak: false });
          doc.fillColor('#333').fontSize(Math.min(7, ch / 3.4)).text(text(p.name), x(c) + 2, y(r) + ch / 2, { width: cw - 4, height: ch / 2 - 1, lineBreak: false, ellipsis: true });
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
        doc.save().lineWidth(kind === 'rep' ? 2.2 : kind === 'block' ? 1 : 1.2).strokeColor(kind === 'tier' ? '#1677ff' : '#000');
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
      doc.lineWidth(1.5).strokeColor('#000').rect(x(c0), y(r1), (c1 - c0 + 1) * cw, (r1 - r0 + 1) * ch).stroke();
    }
  }
  if (first) doc.fontSize(12).text(text(en ? 'No layout saved yet' : '尚未保存布局'), 28, 28);
  doc.end();
  return done;
}
