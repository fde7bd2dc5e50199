import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import bwipjs from 'bwip-js/node';
import { LABEL_FORMATS, labelPageMm, labelsPerPage, type LabelCode, type LabelFormat } from '@breedwise/contracts';

/**
 * The label font ships with the product (Noto Sans SC, SIL OFL, from npm): Chinese names print on any
 * machine, whatever fonts it has. Read once; pdfkit embeds only the glyphs a sheet uses.
 */
const FONT_PATH = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= fs.readFileSync(FONT_PATH));

const MM = 72 / 25.4;

/** One label: what its codes carry and its text lines (the first printed larger, as the label's title). */
export interface LabelContent {
  /** What the QR code and the barcode carry (a lot or accession number, a plot id), as scanned back. */
  code: string;
  lines: string[];
}

export interface LabelPdfOptions {
  format: LabelFormat;
  code: LabelCode;
  copies: number;
  title: string;
}

/** A QR code filling a square, its quiet zone (four modules, as scanners need) inside the square. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  const x0 = x + 4 * cell;
  const y0 = y + 4 * cell;
  doc.save().fillColor('#000');
  // Runs of dark modules as one rectangle each: a third of the path operations of one per module.
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.modules.get(r, end + 1)) end++;
      doc.rect(x0 + c * cell, y0 + r * cell, (end - c + 1) * cell + 0.01, cell + 0.01);
      c = end;
    }
  }
  doc.fill().restore();
}

/** Code 128 as vector bars (crisp at any printer resolution); bwip-js encodes, pdfkit draws. */
function drawCode128(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const [{ sbs }] = bwipjs.raw('code128', text, '') as unknown as { sbs: number[] }[];
  // Quiet zones of 10 modules on each side.
  const modules = sbs.reduce((s, w) => s + w, 0) + 20;
  const m = width / modules;
  let at = x + 10 * m;
  doc.save().fillColor('#000');
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * m, height);
    at += w * m;
  });
  doc.fill().restore();
}

/** Draws one label in the box (x, y, w, h), in points. */
function drawLabel(doc: PDFKit.PDFDocument, label: LabelContent, code: LabelCode, x: number, y: number, w: number, h: number, roll: boolean) {
  // Thermal printers do not print to the very edge of the roll: keep a wider margin there.
  const pad = (roll ? 2 : 2.2) * MM;
  const withQr = code !== 'code128';
  const withBar = code !== 'qr';
  const qrSize = withQr ? Math.min(h - 2 * MM, w * 0.38) : 0;
  if (withQr) drawQr(doc, label.code, x + MM, y + (h - qrSize) / 2, qrSize);
  const tx = withQr ? x + MM + qrSize : x + pad;
  const tw = x + w - pad - tx;
  const barH = withBar ? Math.min(7 * MM, h * 0.26) : 0;
  const textH = h - 2 * pad - (withBar ? barH + 1.2 * MM : 0);
  // Larger labels (rolls, stakes) get larger type, up to 11 pt; the first line is the title.
  const size = Math.max(5, Math.min(roll ? 11 : 8, textH / (label.lines.length + 0.6) / 1.25));
  let ty = y + pad;
  doc.font('label');
  label.lines.forEach((text, k) => {
    const first = k === 0;
    const s = first ? size * 1.15 : size;
    doc
      .fillColor(first ? '#000' : '#333')
      .fontSize(s)
      .text(text, tx, ty, { width: tw, height: s * 1.3, lineBreak: false, ellipsis: true });
    ty += s * 1.3;
  });
  if (withBar) drawCode128(doc, label.code, tx, y + h - pad - barH, tw, barH);
}

/**
 * Labels as a PDF in one of the shared formats: A4 sheets (a grid per page, centred, with a faint cutting
 * outline) or thermal rolls (the page is the label, one label per page). Each label carries a QR code, a
 * Code 128 barcode or both, and its text lines; `copies` repeats each label in place.
 */
export async function renderLabelPdf(labels: LabelContent[], opts: LabelPdfOptions): Promise<Buffer> {
  const format = LABEL_FORMATS[opts.format];
  const roll = format.media === 'roll';
  const page = labelPageMm(opts.format);
  const pageSize: [number, number] = [page.width * MM, page.height * MM];
  const w = format.widthMm * MM;
  const h = format.heightMm * MM;
  const marginX = (pageSize[0] - format.columns * w) / 2;
  const marginY = (pageSize[1] - format.rows * h) / 2;
  const doc = new PDFDocument({ size: pageSize, margin: 0, autoFirstPage: false, info: { Title: opts.title, Creator: 'Breedwise' } });
  doc.registerFont('label', font());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const perPage = labelsPerPage(opts.format);
  const all = labels.flatMap((l) => Array.from({ length: opts.copies }, () => l));
  all.forEach((label, i) => {
    if (i % perPage === 0) doc.addPage({ size: pageSize, margin: 0 });
    const slot = i % perPage;
    const x = marginX + (slot % format.columns) * w;
    const y = marginY + Math.floor(slot / format.columns) * h;
    // A faint outline helps cutting plain paper; label stock ignores it. A roll's labels are die-cut.
    if (!roll)
      doc
        .save()
        .lineWidth(0.3)
        .strokeColor('#d0d0d0')
        .rect(x + 0.5, y + 0.5, w - 1, h - 1)
        .stroke()
        .restore();
    drawLabel(doc, label, opts.code, x, y, w, h, roll);
  });
  if (!all.length) doc.addPage({ size: pageSize, margin: 0 });
  doc.end();
  return done;
}
