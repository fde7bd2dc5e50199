import { conjugateGradient, traceOfInverse, type Operator } from './linalg';
import { createRng } from '../rng';

/**
 * A blocking structure over treatments 0..v-1. Each stratum is a list of groups (the treatments of
 * its plots); the information matrix is C = R - sum over strata of sign * sum_G n_G n_G' / |G|.
 * A block design has one stratum (blocks, sign +1). A resolvable row-column design has rows (+1),
 * columns (+1) and reps (-1): within a complete rep grid rows and columns are orthogonal, so their
 * projections add once the rep projection counted twice is taken back.
 * The first stratum must cover every plot: replication is counted from it.
 */
export interface InfoStructure {
  v: number;
  strata: { sign: 1 | -1; groups: Int32Array[] }[];
}

export interface EfficiencyResult {
  /** Harmonic mean of the v-1 canonical efficiency factors; 0 for a disconnected design. */
  efficiency: number;
  exact: boolean;
}

/** Dense work is cubic: above this order the sparse routes are cheaper. */
const DENSE_LIMIT = 1000;
/** Exact conjugate-gradient traces stop being worth it above this many flops. */
const CG_FLOP_BUDGET = 2e9;
const CG_TOLERANCE = 1e-10;
const HUTCHINSON_PROBES = 96;
const CG_MAX_ITERATIONS = 1000;

function replication(s: InfoStructure): Float64Array {
  const r = new Float64Array(s.v);
  for (const g of s.strata[0].groups) for (let i = 0; i < g.length; i++) r[g[i]] += 1;
  return r;
}

/**
 * A-efficiency of a design: the harmonic mean of the nonzero eigenvalues of R^-1/2 C R^-1/2, so that
 * a complete block design scores 1 (with equal replication this is the harmonic mean of the
 * eigenvalues of C/r). Computed exactly by a dense trace when the treatment or block count is at
 * most 1000, by conjugate gradients per treatment when affordable, otherwise estimated with
 * Hutchinson's stochastic trace (then `exact` is false).
 */
export function aEfficiency(s: InfoStructure): EfficiencyResult {
  const { v } = s;
  if (v < 2) return { efficiency: 1, exact: true };
  const r = replication(s);
  for (let t = 0; t < v; t++) if (r[t] === 0) return { efficiency: 0, exact: true };
  let total = 0;
  for (let t = 0; t < v; t++) total += r[t];
  const g = new Float64Array(v);
  for (let t = 0; t < v; t++) g[t] = Math.sqrt(r[t] / total);

  if (v <= DENSE_LIMIT) return finish(v, denseTrace(s, r, g), true);
  if (s.strata.length === 1 && s.strata[0].groups.length <= DENSE_LIMIT) {
    return finish(v, blockSideTrace(s, r), true);
  }
  const plots = total * s.strata.length;
  const apply = operator(s, r, g);
  if (v * plots * 4 * 40 <= CG_FLOP_BUDGET) return finish(v, cgTrace(apply, v, null), true);
  return finish(v, cgTrace(apply, v, createRng(0x5eed)), false);
}

function finish(v: number, traceOfPseudoInverse: number | null, exact: boolean): EfficiencyResult {
  if (traceOfPseudoInverse === null || !(traceOfPseudoInverse > 0)) return { efficiency: 0, exact };
  return { efficiency: (v - 1) / traceOfPseudoInverse, exact };
}

/** trace(E^+) where E = R^-1/2 C R^-1/2, via (E + g g')^-1 = E^+ + g g' for the unit null vector g. */
function denseTrace(s: InfoStructure, r: Float64Array, g: Float64Array): number | null {
  const { v } = s;
  const e = new Float64Array(v * v);
  const isr = new Float64Array(v);
  for (let t = 0; t < v; t++) isr[t] = 1 / Math.sqrt(r[t]);
  for (let t = 0; t < v; t++) e[t * v + t] = 1;
  for (const stratum of s.strata) {
    for (const grp of stratum.groups) {
      const w = stratum.sign / grp.length;
      for (let i = 0; i < grp.length; i++) {
        const a = grp[i];
        const wa = w * isr[a];
        const row = a * v;
        for (let j = 0; j < grp.length; j++) {
          const b = grp[j];
          e[row + b] -= wa * isr[b];
        }
      }
    }
  }
  for (let i = 0; i < v; i++) for (let j = 0; j < v; j++) e[i * v + j] += g[i] * g[j];
  const t = traceOfInverse(e, v);
  return t === null ? null : t - 1;
}

/**
 * One-stratum designs with fewer blocks than treatments: with A = R^-1/2 N K^-1/2, E = I - A A' and
 * the nonzero eigenvalues of A A' are those of the b x b matrix A'A, so v - b factors are exactly 1
 * and the rest come from I - A'A, whose null direction is K^1/2 1.
 */
function blockSideTrace(s: InfoStructure, r: Float64Array): number | null {
  const { v } = s;
  const groups = s.strata[0].groups;
  const b = groups.length;
  if (b > v) return null;
  const byTreatment: number[][] = Array.from({ length: v }, () => []);
  groups.forEach((grp, j) => {
    for (let i = 0; i < grp.length; i++) byTreatment[grp[i]].push(j);
  });
  const m = new Float64Array(b * b);
  const isk = groups.map((grp) => 1 / Math.sqrt(grp.length));
  for (let t = 0; t < v; t++) {
    const bl = byTreatment[t];
    const w = 1 / r[t];
    for (const j of bl) for (const l of bl) m[j * b + l] -= w * isk[j] * isk[l];
  }
  let total = 0;
  for (const grp of groups) total += grp.length;
  const h = groups.map((grp) => Math.sqrt(grp.length / total));
  for (let j = 0; j < b; j++) {
    m[j * b + j] += 1;
    for (let l = 0; l < b; l++) m[j * b + l] += h[j] * h[l];
  }
  const t = traceOfInverse(m, b);
  return t === null ? null : v - b + t - 1;
}

function operator(s: InfoStructure, r: Float64Array, g: Float64Array): Operator {
  const { v } = s;
  const isr = new Float64Array(v);
  for (let t = 0; t < v; t++) isr[t] = 1 / Math.sqrt(r[t]);
  const y = new Float64Array(v);
  return (x, out) => {
    let gx = 0;
    for (let t = 0; t < v; t++) {
      y[t] = x[t] * isr[t];
      gx += g[t] * x[t];
    }
    for (let t = 0; t < v; t++) out[t] = x[t] + g[t] * gx;
    for (const stratum of s.strata) {
      for (const grp of stratum.groups) {
        let z = 0;
        for (let i = 0; i < grp.length; i++) z += y[grp[i]];
        z *= stratum.sign / grp.length;
        for (let i = 0; i < grp.length; i++) out[grp[i]] -= z * isr[grp[i]];
      }
    }
  };
}

/** Exact (unit vectors) or Hutchinson-estimated (Rademacher probes) trace of (E + g g')^-1, less 1. */
function cgTrace(apply: Operator, v: number, probes: ReturnType<typeof createRng> | null): number | null {
  const b = new Float64Array(v);
  const x = new Float64Array(v);
  let sum = 0;
  const count = probes ? HUTCHINSON_PROBES : v;
  for (let k = 0; k < count; k++) {
    if (probes) {
      for (let t = 0; t < v; t++) b[t] = probes.next() & 1 ? 1 : -1;
    } else {
      b.fill(0);
      b[k] = 1;
    }
    const iterations = conjugateGradient(apply, b, x, CG_TOLERANCE, CG_MAX_ITERATIONS);
    // Not converging means the matrix is singular on this vector: a disconnected design.
    if (iterations < 0 || iterations === CG_MAX_ITERATIONS) return null;
    let q = 0;
    for (let t = 0; t < v; t++) q += b[t] * x[t];
    sum += q;
  }
  const trace = probes ? sum / count : sum;
  return trace - 1;
}
