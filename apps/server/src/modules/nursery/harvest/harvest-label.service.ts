import { and, asc, eq, inArray } from 'drizzle-orm';
import { MAX_LABELS_PER_PDF, type Locale } from '@breedwise/contracts';
import { lotUnitLabels } from '@breedwise/contracts/germ';
import { harvestLabelFieldLabels, harvestLabelTitle, type HarvestLabelField, HarvestLabelRequest, type HarvestType } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { renderLabelPdf, type LabelContent } from '../../common';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { germLot } from '../../germ/lot/lot.tables';
import { getActivity } from '../activity/activity.service';
import { nurseryHarvest as H } from './harvest.tables';

const harvestTypeWords: Record<HarvestType, Record<Locale, string>> = {
  bulk: { 'zh-CN': '混收', en: 'Bulk' },
  'single-plant': { 'zh-CN': '单株', en: 'Single plant' },
  ear: { 'zh-CN': '单穗', en: 'Ear' },
};

const trim = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * Labels of a nursery's harvested seed lots, in harvest-number order, in a shared label format (A4 sheet or
 * thermal roll). The codes carry the lot number, as the inventory's search box scans it back.
 */
export async function harvestLabelPdf(db: DbOrTx, ctx: RequestContext, req: z.output<typeof HarvestLabelRequest>): Promise<{ pdf: Buffer; code: string }> {
  const activity = await getActivity(db, ctx, req.activityId);
  const ids = [...new Set(req.harvestIds)];
  const rows = await db
    .select({
      harvestNumber: H.harvestNumber,
      harvestType: H.harvestType,
      lotNo: germLot.lotNo,
      unit: germLot.unit,
      quantity: germLot.quantity,
      accessionNo: germGermplasm.accessionNo,
      name: germGermplasm.name,
      pedigree: germGermplasm.pedigree,
      generation: germGermplasm.generation,
    })
    .from(H)
    .innerJoin(germLot, eq(germLot.id, H.lotId))
    .innerJoin(germGermplasm, eq(germGermplasm.id, H.germplasmId))
    .where(and(eq(H.activityId, activity.id), ids.length ? inArray(H.id, ids) : undefined))
    .orderBy(asc(H.harvestNumber));
  if (ids.length && rows.length !== ids.length) throw notFound();
  if (!rows.length) throw new AppError(409, 'NURSERY_LABELS_NONE');
  const count = rows.length * req.copies;
  if (count > MAX_LABELS_PER_PDF) {
    const params = { count, max: MAX_LABELS_PER_PDF };
    throw new AppError(400, 'NURSERY_LABELS_TOO_MANY', params, {
      errors: [
        { field: 'copies', rule: 'invalid', message: translateError('NURSERY_LABELS_TOO_MANY', ctx.locale, params), errorCode: 'NURSERY_LABELS_TOO_MANY' },
      ],
    });
  }
  const locale = ctx.locale;
  const value = (f: HarvestLabelField, r: (typeof rows)[number]): string => {
    switch (f) {
      case 'quantity':
        return `${trim(Number(r.quantity))} ${lotUnitLabels[r.unit][locale]}`;
      case 'harvestType':
        return harvestTypeWords[r.harvestType][locale];
      case 'nursery':
        return activity.code;
      default:
        return r[f] ?? '';
    }
  };
  const labels: LabelContent[] = rows.map((r) => ({
    code: r.lotNo,
    lines: req.fields.map((f, k) => (k === 0 ? value(f, r) : `${harvestLabelFieldLabels[f][locale]}: ${value(f, r)}`)),
  }));
  const pdf = await renderLabelPdf(labels, {
    format: req.labelFormat,
    code: req.code,
    copies: req.copies,
    title: `${harvestLabelTitle[locale]} ${activity.code}`,
  });
  return { pdf, code: activity.code };
}
