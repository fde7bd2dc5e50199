import { GsError } from './errors.js';
import { alleleFrequencies, type Genotypes, type MarkerCoding } from './genotype.js';

/**
 * A trained linear marker predictor: GEBV = sum_j (x_j - offset_j) * effect_j over allele counts x,
 * a missing call counting as the training mean. Produced by GBLUP (back-solved), RR-BLUP and the
 * Bayesian models, it scores new genotypes without the training data.
 */
export interface MarkerPredictor {
  markers: string[];
  effects: number[];
  offsets: number[];
  /** Training means of the counts (2p), used for missing calls and absent markers. */
  means: number[];
}

/** Builds a predictor from training genotypes, effects and the coding they refer to. */
export function makePredictor(g: Genotypes, effects: ArrayLike<number>, coding: MarkerCoding, scale = 1): MarkerPredictor {
  const { p } = alleleFrequencies(g);
  const means = Array.from(p, (v) => 2 * v);
  const offsets = means.map((c) => (coding === 'centred' ? c : coding === 'minus101' ? 1 : 0));
  // The 'inbred01' coding is counts / 2: fold the half into the effects.
  const f = (coding === 'inbred01' ? 0.5 : 1) * scale;
  return { markers: g.markers.slice(), effects: Array.from(effects, (e) => e * f), offsets, means };
}

/**
 * GEBVs of new samples from a trained predictor. Markers are matched by name; a marker the new data
 * lack contributes as if every call were missing. Refuses data that share no marker with the model.
 */
export function predictGebv(g: Genotypes, predictor: MarkerPredictor): Array<{ id: string; value: number }> {
  const n = g.samples.length;
  const index = new Map(g.markers.map((m, j) => [m, j]));
  const values = new Float64Array(n);
  let shared = 0;
  predictor.markers.forEach((name, t) => {
    const e = predictor.effects[t];
    const fill = (predictor.means[t] - predictor.offsets[t]) * e;
    const j = index.get(name);
    if (j === undefined) {
      for (let i = 0; i < n; i++) values[i] += fill;
      return;
    }
    shared++;
    const base = j * n;
    for (let i = 0; i < n; i++) {
      const v = g.codes[base + i];
      values[i] += v >= 0 ? (v - predictor.offsets[t]) * e : fill;
    }
  });
  if (shared === 0) throw new GsError('NO_MARKERS_LEFT', { rule: 'new genotypes share markers with the model', params: { maf: 0, callRate: 0 } });
  return g.samples.map((id, i) => ({ id, value: values[i] }));
}
