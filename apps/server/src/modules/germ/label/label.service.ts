import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import bwipjs from 'bwip-js/node';
import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import {
  germplasmTypeLabels,
  LABEL_LAYOUTS,
  labelFieldLabels,
  labelSheetLabels,
  lotUnitLabels,
  type LabelField,
  type LabelLayout,
} from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { inCrop } from '../../../platform/tenant';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3 } from '../scope';

/**
 * The label font ships with the product (Noto Sans SC, SIL OFL, from npm): Chinese names print on any
 * machine, whatever fonts it has. Read once; pdfkit embeds only the glyphs a sheet uses.
 */
const FONT_PATH = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= fs.readFileSync(FONT_PATH));

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };

export interface LabelItem {
  /** What the QR code and the barcode carry: the lot or accession number, as scanned back into the search box. */
  code: string;
  values: Partial<Record<LabelField, string>>;
}

async function loadItems(db: DbOrTx, ctx: RequestContext, target: 'lot' | 'germplasm', ids: number[], locale: Locale): Promise<LabelItem[]> {
  const typeWord = (t: keyof typeof germplasmTypeLabels) => germplasmTypeLabels[t][locale];
  if (target === 'germplasm') {
    const rows = await db
      .select()
      .from(germGermplasm)
      .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const g = byId.get(id)!;
      return {
        code: g.accessionNo,
        values: {
          accessionNo: g.accessionNo,
          name: g.name,
          type: typeWord(g.type),
          generation: g.generation ?? '',
          pedigree: g.pedigree ?? '',
          origin: g.origin ?? '',
          source: g.source ?? '',
        },
      };
    });
  }
  const rows = await db
    .select({ lot: germLot, g: germGermplasm })
    .from(germLot)
    .innerJoin(germGermplasm, eq(germGermplasm.id, germLot.germplasmId))
    .where(and(inCrop(germLot, ctx), inArray(germLot.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
  const places = await placeIndex(db, ctx);
  const byId = new Map(rows.map((r) => [r.lot.id, r]));
  return ids.map((id) => {
    const { lot, g } = byId.get(id)!;
    return {
      code: lot.lotNo,
      values: {
        lotNo: lot.lotNo,
        accessionNo: g.accessionNo,
        name: g.name,
        place: places.get(lot.placeId)?.path ?? '',
        quantity: `${q3(lot.quantity)} ${lotUnitLabels[lot.unit][locale]}`,
        harvestYear: lot.harvestYear ? String(lot.harvestYear) : '',
        generation: g.generation ?? '',
        pedigree: g.pedigree ?? '',
        type: typeWord(g.type),
      },
    };
  });
}

/** A QR code filling a square, its quiet zone (four modules, as scanners need) inside the square. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  const x0 = x + 4 * cell;
  const y0 = y + 4 * cell;
  doc.save().fillColor('#000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(x0 + c * cell, y0 + r * cell, cell + 0.01, cell + 0.01);
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

/**
 * Sheets of labels as a PDF: one label per item and copy, in the layout's grid, each with the chosen
 * fields and a QR code, a Code 128 barcode, or both, carrying the item's number.
 */
export async function renderLabels(
  items: LabelItem[],
  opts: { fields: LabelField[]; code: 'qr' | 'code128' | 'both'; layout: LabelLayout; copies: number; locale: Locale },
): Promise<Buffer> {
  const layout = LABEL_LAYOUTS[opts.layout];
  const w = layout.widthMm * MM;
  const h = layout.heightMm * MM;
  const marginX = (A4.width - layout.columns * w) / 2;
  const marginY = (A4.height - layout.rows * h) / 2;
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: labelSheetLabels.title[opts.locale], Creator: 'Breedwise' } });
  doc.registerFont('label', font());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const perPage = layout.columns * layout.rows;
  const labels = items.flatMap((it) => Array.from({ length: opts.copies }, () => it));
  const pad = 2.2 * MM;
  labels.forEach((item, i) => {
    if (i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = i % perPage;
    const x = marginX + (slot % layout.columns) * w;
    const y = marginY + Math.floor(slot / layout.columns) * h;
    // A faint outline helps cutting plain paper; label stock ignores it.
    doc
      .save()
      .lineWidth(0.3)
      .strokeColor('#d0d0d0')
      .rect(x + 0.5, y + 0.5, w - 1, h - 1)
      .stroke()
      .restore();
    const withQr = opts.code !== 'code128';
    const withBar = opts.code !== 'qr';
    const qrSize = withQr ? Math.min(h - 2 * MM, w * 0.38) : 0;
    if (withQr) drawQr(doc, item.code, x + MM, y + (h - qrSize) / 2, qrSize);
    const tx = withQr ? x + MM + qrSize : x + pad;
    const tw = x + w - pad - tx;
    const barH = withBar ? Math.min(7 * MM, h * 0.26) : 0;
    const textH = h - 2 * pad - (withBar ? barH + 1.2 * MM : 0);
    const size = Math.max(5, Math.min(8, textH / (opts.fields.length + 0.6) / 1.25));
    let ty = y + pad;
    doc.font('label');
    opts.fields.forEach((f, k) => {
      const value = item.values[f] ?? '';
      const first = k === 0;
      doc.fillColor(first ? '#000' : '#333').fontSize(first ? size * 1.15 : size);
      const text = first ? value : `${labelFieldLabels[f][opts.locale]}: ${value}`;
      doc.text(text, tx, ty, { width: tw, height: size * 1.3, lineBreak: false, ellipsis: true });
      ty += (first ? size * 1.15 : size) * 1.3;
    });
    if (withBar) drawCode128(doc, item.code, tx, y + h - pad - barH, tw, barH);
  });
  if (!labels.length) doc.addPage();
  doc.end();
  return done;
}

export async function labelPdf(
  db: DbOrTx,
  ctx: RequestContext,
  req: { target: 'lot' | 'germplasm'; ids: number[]; fields: string[]; code: 'qr' | 'code128' | 'both'; layout: LabelLayout; copies: number },
): Promise<Buffer> {
  const items = await loadItems(db, ctx, req.target, req.ids, ctx.locale);
  return renderLabels(items, { fields: req.fields as LabelField[], code: req.code, layout: req.layout, copies: req.copies, locale: ctx.locale });
}
