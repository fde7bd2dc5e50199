import { and, eq, inArray } from 'drizzle-orm';
import type { LabelCode, Locale } from '@breedwise/contracts';
import { germplasmTypeLabels, labelFieldLabels, labelSheetLabels, lotUnitLabels, type LabelField, type LabelLayout } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { inCrop } from '../../../platform/tenant';
import { renderLabelPdf } from '../../common';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3 } from '../scope';

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

/** The chosen fields as label lines: the first as its bare value (the title), the others named. */
export function labelLines(item: LabelItem, fields: LabelField[], locale: Locale): string[] {
  return fields.map((f, k) => {
    const value = item.values[f] ?? '';
    return k === 0 ? value : `${labelFieldLabels[f][locale]}: ${value}`;
  });
}

export async function labelPdf(
  db: DbOrTx,
  ctx: RequestContext,
  req: { target: 'lot' | 'germplasm'; ids: number[]; fields: string[]; code: LabelCode; layout: LabelLayout; copies: number },
): Promise<Buffer> {
  const items = await loadItems(db, ctx, req.target, req.ids, ctx.locale);
  const fields = req.fields as LabelField[];
  return renderLabelPdf(
    items.map((it) => ({ code: it.code, lines: labelLines(it, fields, ctx.locale) })),
    { format: req.layout, code: req.code, copies: req.copies, title: labelSheetLabels.title[ctx.locale] },
  );
}
