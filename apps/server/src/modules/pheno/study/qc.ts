import { checkScaleValue, scaleRuleText, type QcResult } from '@breedwise/contracts/pheno';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { badRequest } from '../../../platform/errors';
import { studyCells, studyExperiment, studyPlots, studyTraits } from './study.service';

/** Modified z-score threshold (Iglewicz and Hoaglin). */
export const OUTLIER_Z = 3.5;

function median(sorted: number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/**
 * Robust z-scores within the trial: 0.6745 (x - median) / MAD; when the MAD is 0 (over half the values
 * equal), the mean absolute deviation stands in: (x - median) / (1.253314 MeanAD). All zero when every value is equal.
 */
export function modifiedZ(values: number[]): { z: number[]; median: number | null; mad: number | null } {
  if (!values.length) return { z: [], median: null, mad: null };
  const med = median([...values].sort((a, b) => a - b));
  const dev = values.map((v) => Math.abs(v - med));
  const mad = median([...dev].sort((a, b) => a - b));
  if (mad > 0) return { z: values.map((v) => (0.6745 * (v - med)) / mad), median: med, mad };
  const meanAd = dev.reduce((a, b) => a + b, 0) / dev.length;
  if (meanAd === 0) return { z: values.map(() => 0), median: med, mad };
  return { z: values.map((v) => (v - med) / (1.253314 * meanAd)), median: med, mad };
}

/** Sturges' bins over the values' range. */
export function histogram(values: number[]): QcResult['histogram'] {
  if (!values.length) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) return [{ from: min, to: max, count: values.length }];
  const k = Math.ceil(Math.log2(values.length) + 1);
  const width = (max - min) / k;
  const bins = Array.from({ length: k }, (_, i) => ({ from: min + i * width, to: i === k - 1 ? max : min + (i + 1) * width, count: 0 }));
  for (const v of values) bins[Math.min(k - 1, Math.floor((v - min) / width))].count += 1;
  return bins;
}

/** The quality checks of one trait of an experiment. */
export async function qualityChecks(db: DbOrTx, ctx: RequestContext, id: number, variableId: number): Promise<QcResult> {
  const exp = await studyExperiment(db, ctx, id);
  const variable = (await studyTraits(db, ctx, exp.id)).find((v) => v.id === variableId);
  if (!variable) throw badRequest('PHENO_TRAIT_NOT_IN_STUDY', { trait: variableId, code: exp.code });
  const plots = (await studyPlots(db, exp.id)).filter((p) => p.entryType !== 'filler');
  const cells = new Map((await studyCells(db, ctx, exp.id, variableId)).map((c) => [c.plotRef, c]));
  const numericScale = variable.scaleType === 'numeric' || variable.scaleType === 'percentage' || variable.scaleType === 'ordinal';

  const outOfScale: QcResult['outOfScale'] = [];
  for (const p of plots) {
    const c = cells.get(p.ref);
    if (!c) continue;
    const check = checkScaleValue(variable, c.value);
    if (!check.ok) outOfScale.push({ observationId: c.id, plotId: p.plotId, value: c.value, message: scaleRuleText(check, ctx.locale) });
  }
  const observed = plots.flatMap((p) => {
    const c = cells.get(p.ref);
    return c && c.numeric !== null && numericScale ? [{ p, c, v: c.numeric }] : [];
  });
  const { z, median: med, mad } = modifiedZ(observed.map((o) => o.v));
  const used = observed.filter((o) => !o.c.excluded).map((o) => o.v);
  const mean = used.length ? used.reduce((a, b) => a + b, 0) / used.length : null;
  return {
    variableId,
    numeric: numericScale,
    plots: plots.length,
    observed: plots.filter((p) => cells.has(p.ref)).length,
    missing: plots.filter((p) => !cells.has(p.ref)).map((p) => ({ plotRef: p.ref, plotId: p.plotId, site: p.site, row: p.row, col: p.col })),
    outOfScale,
    outliers: observed
      .map((o, i) => ({ o, z: z[i] }))
      .filter(({ z }) => Math.abs(z) > OUTLIER_Z)
      .sort((a, b) => Math.abs(b.z) - Math.abs(a.z))
      .map(({ o, z }) => ({
        observationId: o.c.id,
        plotId: o.p.plotId,
        name: o.p.name,
        value: o.v,
        z,
        excluded: o.c.excluded,
        excludeReason: o.c.excludeReason,
      })),
    stats: {
      n: used.length,
      mean,
      median: med,
      mad,
      min: used.length ? Math.min(...used) : null,
      max: used.length ? Math.max(...used) : null,
    },
    histogram: histogram(used),
    heat: plots.map((p) => {
      const c = cells.get(p.ref);
      return {
        site: p.site,
        row: p.row,
        col: p.col,
        plotId: p.plotId,
        name: p.name,
        value: c && !c.excluded ? c.numeric : null,
        excluded: c?.excluded ?? false,
      };
    }),
  };
}
