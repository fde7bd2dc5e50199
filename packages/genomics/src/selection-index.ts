import { GsError, INDEX_WEIGHT_TOTAL } from './errors.js';
import { cholesky, choleskySolve } from './linalg/dense.js';
import { isMissingToken, readCsvTable } from './io/text.js';

/** One trait of a weighted index: its weight (the weights add up to 100) and favourable direction. */
export interface IndexWeight {
  trait: string;
  weight: number;
  trend: '+' | '-';
}

/** GEBVs of several traits: row-major n x t. */
export interface GebvTable {
  ids: string[];
  traits: string[];
  values: Float64Array;
}

export interface IndexRow {
  id: string;
  index: number;
  rank: number;
  candidate: boolean;
  /** Per trait: the standardised GEBV (sign not applied) used by the weighted index. */
  standardized: Record<string, number>;
}

export interface IndexResult {
  method: 'weighted' | 'smith-hazel' | 'desired-gains';
  /** Coefficients applied to the (standardised, for 'weighted') trait values. */
  coefficients: Record<string, number>;
  rows: IndexRow[];
}

export interface SelectOptions {
  /** Mark the top `select` rows as candidates (default: none). */
  select?: number;
}

/**
 * Parses 'traitA:40:+,traitB:60:-' into weights and checks the spec's rules: every trait has a weight
 * and a trend, traits are distinct, weights are non-negative and (for the weighted index) add up to 100.
 */
export function parseWeightSpec(spec: string, requireTotal: boolean): IndexWeight[] {
  const weights = spec.split(',').map((part) => {
    const bits = part.trim().split(':');
    const weight = Number(bits[1]);
    if (bits.length !== 3 || bits[0] === '' || !Number.isFinite(weight) || (bits[2] !== '+' && bits[2] !== '-')) {
      throw new GsError('INDEX_WEIGHTS_INVALID', { rule: 'trait:weight:trend with trend + or -', params: { detail: `"${part.trim()}"` } });
    }
    return { trait: bits[0], weight, trend: bits[2] as '+' | '-' };
  });
  validateWeights(weights, requireTotal);
  return weights;
}

/** Distinct traits, non-negative weights and, unless `requireTotal` is false, a total of 100. */
export function validateWeights(weights: IndexWeight[], requireTotal = true): void {
  const seen = new Set<string>();
  let total = 0;
  for (const w of weights) {
    if (seen.has(w.trait)) throw new GsError('INDEX_WEIGHTS_INVALID', { rule: 'each trait once', params: { detail: `${w.trait} repeated` } });
    seen.add(w.trait);
    if (!(w.weight >= 0)) throw new GsError('INDEX_WEIGHTS_INVALID', { rule: 'weights are not negative', params: { detail: `${w.trait}: ${w.weight}` } });
    total += w.weight;
  }
  if (requireTotal && Math.abs(total - INDEX_WEIGHT_TOTAL) > 1e-9) {
    throw new GsError('INDEX_WEIGHTS_INVALID', { rule: `weights sum to ${INDEX_WEIGHT_TOTAL}`, params: { detail: `they sum to ${total}` } });
  }
}

function column(table: GebvTable, trait: string): Float64Array {
  const t = table.traits.indexOf(trait);
  if (t < 0) throw new GsError('PHENO_COLUMN_MISSING', { rule: 'index traits are GEBV columns', params: { column: trait, file: 'GEBV table' } });
  const n = table.ids.length;
  const k = table.traits.length;
  return Float64Array.from({ length: n }, (_, i) => table.values[i * k + t]);
}

function standardise(x: Float64Array): Float64Array {
  const n = x.length;
  const mean = x.reduce((s, v) => s + v, 0) / n;
  let ss = 0;
  for (const v of x) ss += (v - mean) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  return x.map((v) => (sd > 0 ? (v - mean) / sd : 0));
}

function rank(ids: string[], index: Float64Array, z: Record<string, Float64Array>, opts: SelectOptions): IndexRow[] {
  const order = Array.from(index.keys()).sort((a, b) => index[b] - index[a] || ids[a].localeCompare(ids[b]));
  const rows: IndexRow[] = [];
  order.forEach((i, r) => {
    const standardized: Record<string, number> = {};
    for (const [trait, col] of Object.entries(z)) standardized[trait] = col[i];
    rows.push({ id: ids[i], index: index[i], rank: r + 1, candidate: opts.select !== undefined && r < opts.select, standardized });
  });
  return rows;
}

/**
 * The platform's comprehensive index: I = sum_t (w_t / 100) * s_t * z_t with z_t the standardised GEBV
 * of trait t and s_t = +1 for a positive trend, -1 for a negative one. Ranked best first.
 */
export function weightedIndex(table: GebvTable, weights: IndexWeight[], opts: SelectOptions = {}): IndexResult {
  validateWeights(weights);
  const n = table.ids.length;
  const index = new Float64Array(n);
  const z: Record<string, Float64Array> = {};
  const coefficients: Record<string, number> = {};
  for (const w of weights) {
    const zt = standardise(column(table, w.trait));
    z[w.trait] = zt;
    const c = ((w.trend === '+' ? 1 : -1) * w.weight) / INDEX_WEIGHT_TOTAL;
    coefficients[w.trait] = c;
    for (let i = 0; i < n; i++) index[i] += c * zt[i];
  }
  return { method: 'weighted', coefficients, rows: rank(table.ids, index, z, opts) };
}

function covariance(table: GebvTable, traits: string[]): Float64Array {
  const cols = traits.map((t) => column(table, t));
  const k = traits.length;
  const n = table.ids.length;
  const means = cols.map((c) => c.reduce((s, v) => s + v, 0) / n);
  const cov = new Float64Array(k * k);
  for (let a = 0; a < k; a++)
    for (let b = 0; b < k; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += (cols[a][i] - means[a]) * (cols[b][i] - means[b]);
      cov[a * k + b] = s / (n - 1);
    }
  return cov;
}

function solveSpd(A: Float64Array, k: number, b: Float64Array, what: string): Float64Array {
  const L = Float64Array.from(A);
  if (!cholesky(L, k)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `${what} is not positive definite` } });
  const x = Float64Array.from(b);
  choleskySolve(L, k, x);
  return x;
}

function applyCoefficients(table: GebvTable, traits: string[], b: Float64Array, method: IndexResult['method'], opts: SelectOptions): IndexResult {
  const cols = traits.map((t) => column(table, t));
  const n = table.ids.length;
  const index = new Float64Array(n);
  traits.forEach((_, t) => {
    for (let i = 0; i < n; i++) index[i] += b[t] * cols[t][i];
  });
  const z: Record<string, Float64Array> = {};
  traits.forEach((t, k) => (z[t] = standardise(cols[k])));
  const coefficients: Record<string, number> = {};
  traits.forEach((t, k) => (coefficients[t] = b[k]));
  return { method, coefficients, rows: rank(table.ids, index, z, opts) };
}

export interface CovarianceInput {
  /** Phenotypic (index-trait) covariance P, row-major t x t; default the sample covariance of the GEBVs. */
  P?: Float64Array;
  /** Genetic covariance G between index traits and goal traits, t x t; default equal to P (GEBVs). */
  G?: Float64Array;
}

/**
 * Smith-Hazel index: b = P^-1 G a for economic weights a (one per trait, in `traits` order). With the
 * GEBVs themselves as index traits and no covariances given, P = G = Cov(GEBV) and b = a.
 */
export function smithHazelIndex(table: GebvTable, traits: string[], economic: number[], cov: CovarianceInput = {}, opts: SelectOptions = {}): IndexResult {
  const k = traits.length;
  if (economic.length !== k) throw new GsError('INDEX_WEIGHTS_INVALID', { params: { detail: `${economic.length} economic weights for ${k} traits` } });
  const P = cov.P ?? covariance(table, traits);
  const G = cov.G ?? P;
  const Ga = new Float64Array(k);
  for (let a = 0; a < k; a++) for (let c = 0; c < k; c++) Ga[a] += G[a * k + c] * economic[c];
  return applyCoefficients(table, traits, solveSpd(P, k, Ga, 'P'), 'smith-hazel', opts);
}

/**
 * Desired-gains index (Pesek and Baker): b = P^-1 G (G' P^-1 G)^-1 d, so that the expected responses are
 * proportional to the desired gains d. With GEBVs as index traits (P = G) this is b = G^-1 d.
 */
export function desiredGainsIndex(table: GebvTable, traits: string[], gains: number[], cov: CovarianceInput = {}, opts: SelectOptions = {}): IndexResult {
  const k = traits.length;
  if (gains.length !== k) throw new GsError('INDEX_WEIGHTS_INVALID', { params: { detail: `${gains.length} desired gains for ${k} traits` } });
  const P = cov.P ?? covariance(table, traits);
  const G = cov.G ?? P;
  // M = G' P^-1 G; b = P^-1 G M^-1 d.
  const PinvG = new Float64Array(k * k);
  for (let c = 0; c < k; c++) {
    const col = solveSpd(
      P,
      k,
      Float64Array.from({ length: k }, (_, r) => G[r * k + c]),
      'P',
    );
    for (let r = 0; r < k; r++) PinvG[r * k + c] = col[r];
  }
  const M = new Float64Array(k * k);
  for (let a = 0; a < k; a++) for (let c = 0; c < k; c++) for (let r = 0; r < k; r++) M[a * k + c] += G[r * k + a] * PinvG[r * k + c];
  const w = solveSpd(M, k, Float64Array.from(gains), "G'P^-1G");
  const b = new Float64Array(k);
  for (let r = 0; r < k; r++) for (let c = 0; c < k; c++) b[r] += PinvG[r * k + c] * w[c];
  return applyCoefficients(table, traits, b, 'desired-gains', opts);
}

/** Reads a GEBV table CSV: an id column, then one numeric column per trait. */
export function readGebvTable(path: string): GebvTable {
  const table = readCsvTable(path);
  const traits = table.header.slice(1);
  const ids: string[] = [];
  const values = new Float64Array(table.rows.length * traits.length);
  table.rows.forEach(({ cells, line }, i) => {
    ids.push(cells[0]);
    traits.forEach((t, k) => {
      const v = Number(cells[k + 1]);
      if (isMissingToken(cells[k + 1]) || !Number.isFinite(v)) {
        throw new GsError('PHENO_VALUE_INVALID', { file: table.file, line, rule: 'GEBVs are numbers', params: { column: t, value: cells[k + 1] } });
      }
      values[i * traits.length + k] = v;
    });
  });
  return { ids, traits, values };
}

/** CSV of a ranked index: id, index, rank, candidate and the standardised trait values. */
export function indexToCsv(result: IndexResult): string {
  const traits = result.rows.length ? Object.keys(result.rows[0].standardized) : [];
  const lines = [['id', 'index', 'rank', 'candidate', ...traits.map((t) => `z_${t}`)].join(',')];
  for (const r of result.rows) lines.push([r.id, r.index, r.rank, r.candidate ? 1 : 0, ...traits.map((t) => r.standardized[t])].join(','));
  return lines.join('\n') + '\n';
}
