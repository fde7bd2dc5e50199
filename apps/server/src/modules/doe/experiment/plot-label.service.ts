import { MAX_LABELS_PER_PDF, type Locale } from '@breedwise/contracts';
import {
  plotLabelFieldLabels,
  plotLabelTitle,
  type ExperimentRow,
  type ExperimentSite,
  type PlotLabelField,
  type PlotLabelRequestParsed,
  type PlotRow,
} from '@breedwise/contracts/doe';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { renderLabelPdf, type LabelContent } from '../../common';
import { notFound } from '../../../platform/errors';
import { refusal } from '../shared';
import { experimentPlots, experimentSites, getExperiment } from './experiment.service';

function value(field: PlotLabelField, plot: PlotRow, exp: ExperimentRow): string {
  switch (field) {
    case 'plotNumber':
      return String(plot.plotNumber);
    case 'plotId':
      return plot.plotId;
    case 'experiment':
      return exp.code;
    case 'entryNo':
      return String(plot.entryNo);
    case 'name':
      return plot.name;
    case 'rep':
      return plot.rep === null ? '' : String(plot.rep);
    case 'block':
      return plot.block === null ? '' : String(plot.block);
    case 'position':
      return `${plot.row}/${plot.col}`;
    case 'place':
      return [exp.locationName, exp.fieldName].filter(Boolean).join(' ');
  }
}

/** A plot's label: the plot id in the codes; the first field as the title, the others named. */
export function plotLabel(plot: PlotRow, exp: ExperimentRow, fields: PlotLabelField[], locale: Locale): LabelContent {
  return {
    code: plot.plotId,
    lines: fields.map((f, k) => (k === 0 ? value(f, plot, exp) : `${plotLabelFieldLabels[f][locale]}: ${value(f, plot, exp)}`)),
  };
}

/** The experiment as seen from one of its sites: the label's place is the plot's own location and field. */
export function atSite(exp: ExperimentRow, sites: ExperimentSite[], seq: number): ExperimentRow {
  const site = sites.find((s) => s.seq === seq);
  return site ? { ...exp, locationName: site.locationName, fieldName: site.fieldName } : exp;
}

/**
 * Plot labels and stakes of the saved layout, in planting order (the order a crew walks the field):
 * the chosen plot range, reps and fillers, in a shared label format.
 */
export async function plotLabelPdf(db: DbOrTx, ctx: RequestContext, req: PlotLabelRequestParsed): Promise<{ pdf: Buffer; code: string }> {
  const exp = await getExperiment(db, ctx, req.id);
  const sites = await experimentSites(db, exp.id);
  // One site of a multi-location trial, or every site (site by site, in planting order).
  if (req.siteId && !sites.some((s) => s.id === req.siteId)) throw notFound();
  const plots = await experimentPlots(db, ctx, exp.id, req.siteId ?? undefined);
  if (!plots.length) throw refusal(409, 'DOE_LABELS_NO_LAYOUT', {}, ctx.locale);
  const reps = new Set(req.reps);
  const chosen = plots.filter(
    (p) =>
      (req.fillers || p.entryType !== 'filler') &&
      (req.plotFrom == null || p.plotNumber >= req.plotFrom) &&
      (req.plotTo == null || p.plotNumber <= req.plotTo) &&
      (!reps.size || (p.rep !== null && reps.has(p.rep))),
  );
  if (!chosen.length) throw refusal(400, 'DOE_LABELS_NONE_SELECTED', {}, ctx.locale, req.reps.length ? 'reps' : 'plotFrom');
  const count = chosen.length * req.copies;
  if (count > MAX_LABELS_PER_PDF) throw refusal(400, 'DOE_LABELS_TOO_MANY', { count, max: MAX_LABELS_PER_PDF }, ctx.locale, 'copies');
  const pdf = await renderLabelPdf(
    chosen.map((p) => plotLabel(p, atSite(exp, sites, p.site), req.fields, ctx.locale)),
    { format: req.labelFormat, code: req.code, copies: req.copies, title: `${plotLabelTitle[ctx.locale]} ${exp.code}` },
  );
  return { pdf, code: exp.code };
}
