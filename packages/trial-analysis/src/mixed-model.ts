/**
 * Linear mixed model y = X b + Z u + e with independent random terms u_k ~ N(0, s2_k I) and
 * e ~ N(0, s2_e I), laid out for field trials: the entry term (one indicator column per entry, no plot
 * in two entries; each level fixed or random) is kept as a diagonal block of the mixed model equations
 * and absorbed, so that only the other columns (intercept, reps, blocks, rows, columns) form a dense
 * Schur complement. Every column here is an indicator: a plot has at most one column per term.
 *
 * Mixed model equations, scaled by s2_e (lambda_k = s2_e / s2_k on the columns of random term k):
 *   C = [ D   B ]   D = diag(n_i + lambda_entry or n_i)   rhs = [ Z_e'y ]
 *       [ B'  E ]   E = N'N + diag(lambda)                      [ N'y   ]
 * with S = E - B' D^-1 B, log|C| = sum log D_i + log|S|, and
 *   C^-1 = [ D^-1 + H S^-1 H'   -H S^-1 ]   H = D^-1 B.
 *          [ -S^-1 H'           S^-1    ]
 */
import { cholesky, choleskyDependent, choleskyLogDet, choleskySolve, lowerInverse } from './linalg';

/** The entry term: a column per level; each level fixed (component -1) or random (a component index). */
export interface DiagTerm {
  name: string;
  levels: string[];
  /** Level of each observation, -1 for none. */
  index: Int32Array;
  /** Per level: -1 fixed, otherwise the random component it belongs to. */
  component: Int32Array;
}

/** Any other indicator term (intercept, a fixed factor in treatment coding, a random factor). */
export interface FactorTerm {
  name: string;
  /** Labels of the term's columns. */
  columns: string[];
  /** Column (within the term) of each observation, -1 for none (e.g. the baseline level of a fixed factor). */
  index: Int32Array;
  /** -1 fixed, otherwise the random component index. */
  component: number;
}

export interface ModelSpec {
  y: Float64Array;
  diag: DiagTerm;
  terms: FactorTerm[];
  /** Names of the random components, in index order (the residual is extra and last in parameter vectors). */
  components: string[];
}

export class FitFailure extends Error {}

/** Precomputed cross-products of a model; factorisations per parameter vector come from `factorize`. */
export class MixedModel {
  readonly n: number;
  readonly nd: number;
  readonly m: number;
  readonly K: number;
  readonly spec: ModelSpec;
  /** Per N column: term index, random component (-1 fixed). */
  readonly colTerm: Int32Array;
  readonly colComp: Int32Array;
  readonly termOffset: number[];
  /** Global N columns of each observation (n x T, -1 for none). */
  readonly obsCols: Int32Array;
  readonly T: number;
  readonly dCount: Float64Array;
  readonly dty: Float64Array;
  readonly nty: Float64Array;
  readonly ntn: Float64Array;
  readonly bCols: Int32Array[];
  readonly bVals: Float64Array[];
  readonly yty: number;

  constructor(spec: ModelSpec) {
    this.spec = spec;
    const { y, diag, terms } = spec;
    const n = y.length;
    this.n = n;
    this.nd = diag.levels.length;
    this.K = spec.components.length;
    this.T = terms.length;
    this.termOffset = [];
    let m = 0;
    for (const t of terms) {
      this.termOffset.push(m);
      m += t.columns.length;
    }
    this.m = m;
    this.colTerm = new Int32Array(m);
    this.colComp = new Int32Array(m);
    terms.forEach((t, ti) => {
      for (let j = 0; j < t.columns.length; j++) {
        this.colTerm[this.termOffset[ti] + j] = ti;
        this.colComp[this.termOffset[ti] + j] = t.component;
      }
    });
    const T = this.T;
    this.obsCols = new Int32Array(n * T).fill(-1);
    for (let ti = 0; ti < T; ti++) {
      const idx = terms[ti].index;
      for (let i = 0; i < n; i++) if (idx[i] >= 0) this.obsCols[i * T + ti] = this.termOffset[ti] + idx[i];
    }
    this.dCount = new Float64Array(this.nd);
    this.dty = new Float64Array(this.nd);
    this.nty = new Float64Array(m);
    this.ntn = new Float64Array(m * m);
    const maps: Map<number, number>[] = Array.from({ length: this.nd }, () => new Map());
    let yty = 0;
    for (let i = 0; i < n; i++) {
      const yi = y[i];
      yty += yi * yi;
      const d = diag.index[i];
      if (d >= 0) {
        this.dCount[d] += 1;
        this.dty[d] += yi;
      }
      for (let a = 0; a < T; a++) {
        const ca = this.obsCols[i * T + a];
        if (ca < 0) continue;
        this.nty[ca] += yi;
        if (d >= 0) maps[d].set(ca, (maps[d].get(ca) ?? 0) + 1);
        for (let b = 0; b < T; b++) {
          const cb = this.obsCols[i * T + b];
          if (cb >= 0) this.ntn[ca * m + cb] += 1;
        }
      }
    }
    this.yty = yty;
    this.bCols = maps.map((mp) => Int32Array.from(mp.keys()));
    this.bVals = maps.map((mp) => Float64Array.from(mp.values()));
  }

  /** Indices of fixed N columns that are linear combinations of earlier fixed columns (given the fixed entry levels). */
  dependentFixedColumns(): number[] {
    const cols: number[] = [];
    for (let c = 0; c < this.m; c++) if (this.colComp[c] < 0) cols.push(c);
    const dActive = new Float64Array(this.nd);
    for (let d = 0; d < this.nd; d++) dActive[d] = this.spec.diag.component[d] < 0 ? this.dCount[d] : 0;
    return this.dependent(cols, dActive).map((j) => cols[j]);
  }

  /** Rank of the fixed part X (fixed entry levels and fixed N columns). */
  fixedRank(): number {
    let rank = 0;
    for (let d = 0; d < this.nd; d++) if (this.spec.diag.component[d] < 0 && this.dCount[d] > 0) rank++;
    for (let c = 0; c < this.m; c++) if (this.colComp[c] < 0) rank++;
    return rank - this.dependentFixedColumns().length;
  }

  /** Rank of [Z_entry N] with every term treated as fixed (the all-fixed model of the design). */
  allFixedRank(): number {
    const cols = Array.from({ length: this.m }, (_, c) => c);
    let entries = 0;
    for (let d = 0; d < this.nd; d++) if (this.dCount[d] > 0) entries++;
    return entries + this.m - this.dependent(cols, this.dCount).length;
  }

  /** Dependent columns (positions in `cols`) of the Schur complement with diagonal `dd` (0: level left out). */
  private dependent(cols: number[], dd: Float64Array): number[] {
    const k = cols.length;
    const pos = new Int32Array(this.m).fill(-1);
    cols.forEach((c, j) => (pos[c] = j));
    const s = new Float64Array(k * k);
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) s[a * k + b] = this.ntn[cols[a] * this.m + cols[b]];
    for (let d = 0; d < this.nd; d++) {
      if (!(dd[d] > 0)) continue;
      subtractOuter(s, k, this.bCols[d], this.bVals[d], pos, 1 / dd[d]);
    }
    return choleskyDependent(s, k);
  }

  /** Factorises the mixed model equations at variance parameters `sig` (random components, then residual). */
  factorize(sig: ArrayLike<number>): Factorization {
    return new Factorization(this, sig);
  }
}

/** s -= scale * b b' over the columns of b that are active (pos >= 0). */
function subtractOuter(s: Float64Array, k: number, cols: Int32Array, vals: Float64Array, pos: Int32Array, scale: number): void {
  for (let a = 0; a < cols.length; a++) {
    const pa = pos[cols[a]];
    if (pa < 0) continue;
    const va = vals[a] * scale;
    for (let b = 0; b < cols.length; b++) {
      const pb = pos[cols[b]];
      if (pb >= 0) s[pa * k + pb] -= va * vals[b];
    }
  }
}

/** The mixed model equations at one parameter vector: solution, restricted log-likelihood, selected inverse. */
export class Factorization {
  readonly model: MixedModel;
  readonly sig: Float64Array;
  readonly se: number;
  /** Component active (variance > 0)? */
  readonly active: boolean[];
  /** Diagonal of the entry block (0 for levels left out: random with zero variance). */
  readonly D: Float64Array;
  /** Active N columns and the position of each global column among them (-1 inactive). */
  readonly cols: number[];
  readonly pos: Int32Array;
  readonly ma: number;
  private readonly L: Float64Array;
  private winvCache: Float64Array | null = null;
  readonly logDetC: number;
  /** Solution of the mixed model equations: entry levels, then N columns (global indexing). */
  readonly xD: Float64Array;
  readonly xN: Float64Array;
  /** y'y - sol'rhs = s2_e y'Py. */
  readonly ssq: number;
  /** Rank of X and random column counts per component. */
  readonly p: number;
  readonly q: number[];
  /** -2 times the restricted log-likelihood. */
  readonly m2ll: number;

  constructor(model: MixedModel, sig: ArrayLike<number>) {
    this.model = model;
    const K = model.K;
    this.sig = Float64Array.from(sig);
    const se = this.sig[K];
    if (!(se > 0)) throw new FitFailure('residual variance is not positive');
    this.se = se;
    this.active = Array.from({ length: K }, (_, k) => this.sig[k] > 0);
    const comp = model.spec.diag.component;
    this.D = new Float64Array(model.nd);
    let p = 0;
    const q = new Array<number>(K).fill(0);
    let logDetC = 0;
    for (let d = 0; d < model.nd; d++) {
      const c = comp[d];
      if (c < 0) {
        this.D[d] = model.dCount[d];
        p++;
      } else if (this.active[c]) {
        this.D[d] = model.dCount[d] + se / this.sig[c];
        q[c]++;
      }
      if (this.D[d] > 0) logDetC += Math.log(this.D[d]);
    }
    this.cols = [];
    this.pos = new Int32Array(model.m).fill(-1);
    for (let c = 0; c < model.m; c++) {
      const k = model.colComp[c];
      if (k >= 0 && !this.active[k]) continue;
      this.pos[c] = this.cols.length;
      this.cols.push(c);
      if (k < 0) p++;
      else q[k]++;
    }
    this.p = p;
    this.q = q;
    const ma = this.cols.length;
    this.ma = ma;
    const s = new Float64Array(ma * ma);
    for (let a = 0; a < ma; a++) {
      const ca = this.cols[a];
      for (let b = 0; b < ma; b++) s[a * ma + b] = model.ntn[ca * model.m + this.cols[b]];
      const k = model.colComp[ca];
      if (k >= 0) s[a * ma + a] += se / this.sig[k];
    }
    for (let d = 0; d < model.nd; d++) if (this.D[d] > 0) subtractOuter(s, ma, model.bCols[d], model.bVals[d], this.pos, 1 / this.D[d]);
    if (!cholesky(s, ma)) throw new FitFailure('the mixed model equations are not positive definite');
    this.L = s;
    logDetC += choleskyLogDet(s, ma);
    this.logDetC = logDetC;
    const { xD, xN } = this.solve(model.dty, model.nty);
    this.xD = xD;
    this.xN = xN;
    let solRhs = 0;
    for (let d = 0; d < model.nd; d++) solRhs += xD[d] * model.dty[d];
    for (let c = 0; c < model.m; c++) solRhs += xN[c] * model.nty[c];
    this.ssq = model.yty - solRhs;
    const n = model.n;
    let qTotal = 0;
    let m2ll = (n - p) * Math.log(2 * Math.PI) + logDetC + this.ssq / se;
    for (let k = 0; k < K; k++) {
      if (!this.active[k]) continue;
      qTotal += q[k];
      m2ll += q[k] * Math.log(this.sig[k]);
    }
    m2ll += (n - p - qTotal) * Math.log(se);
    this.m2ll = m2ll;
  }

  /** Solves C x = r for r = (rD over entry levels, rN over global N columns); left-out columns get 0. */
  solve(rD: ArrayLike<number>, rN: ArrayLike<number>): { xD: Float64Array; xN: Float64Array } {
    const model = this.model;
    const ma = this.ma;
    const t = new Float64Array(ma);
    for (let a = 0; a < ma; a++) t[a] = rN[this.cols[a]];
    for (let d = 0; d < model.nd; d++) {
      if (!(this.D[d] > 0) || rD[d] === 0) continue;
      const f = rD[d] / this.D[d];
      const bc = model.bCols[d];
      const bv = model.bVals[d];
      for (let j = 0; j < bc.length; j++) {
        const pj = this.pos[bc[j]];
        if (pj >= 0) t[pj] -= bv[j] * f;
      }
    }
    choleskySolve(this.L, ma, t);
    const xN = new Float64Array(model.m);
    for (let a = 0; a < ma; a++) xN[this.cols[a]] = t[a];
    const xD = new Float64Array(model.nd);
    for (let d = 0; d < model.nd; d++) {
      if (!(this.D[d] > 0)) continue;
      let v = rD[d];
      const bc = model.bCols[d];
      const bv = model.bVals[d];
      for (let j = 0; j < bc.length; j++) v -= bv[j] * xN[bc[j]];
      xD[d] = v / this.D[d];
    }
    return { xD, xN };
  }

  /** W = L^-1 (lower triangular, ma x ma), so that S^-1 = W'W. */
  private winv(): Float64Array {
    if (!this.winvCache) this.winvCache = lowerInverse(this.L, this.ma);
    return this.winvCache;
  }

  /** Diagonal of S^-1 over the active N columns: squared column norms of W. */
  sinvDiagonal(): Float64Array {
    const w = this.winv();
    const ma = this.ma;
    const out = new Float64Array(ma);
    for (let k = 0; k < ma; k++) {
      const rk = k * ma;
      for (let j = 0; j <= k; j++) out[j] += w[rk + j] * w[rk + j];
    }
    return out;
  }

  /** (C^-1)_{dd} = 1/D_d + |W h_d|^2 for an entry level (0 for a left-out level). */
  cDD(d: number): number {
    if (!(this.D[d] > 0)) return 0;
    const model = this.model;
    const w = this.winv();
    const ma = this.ma;
    const cd = model.bCols[d];
    const vd = model.bVals[d];
    const at: number[] = [];
    const val: number[] = [];
    let lowest = ma;
    for (let a = 0; a < cd.length; a++) {
      const pa = this.pos[cd[a]];
      if (pa < 0) continue;
      at.push(pa);
      val.push(vd[a] / this.D[d]);
      lowest = Math.min(lowest, pa);
    }
    // (W h)_k = sum_j w_kj h_j, zero for k below the lowest nonzero of h (W is lower triangular).
    let s = 0;
    for (let k = lowest; k < ma; k++) {
      const rk = k * ma;
      let r = 0;
      for (let j = 0; j < at.length; j++) if (at[j] <= k) r += w[rk + at[j]] * val[j];
      s += r * r;
    }
    return 1 / this.D[d] + s;
  }

  /** h_d' v for a vector v over the active N columns. */
  hDot(d: number, v: Float64Array): number {
    if (!(this.D[d] > 0)) return 0;
    const cd = this.model.bCols[d];
    const vd = this.model.bVals[d];
    let s = 0;
    for (let a = 0; a < cd.length; a++) {
      const pa = this.pos[cd[a]];
      if (pa >= 0) s += vd[a] * v[pa];
    }
    return s / this.D[d];
  }

  /** S^-1 a for a vector a over the global N columns; returned over the active columns. */
  sinvTimes(aGlobal: ArrayLike<number>): Float64Array {
    const ma = this.ma;
    const t = new Float64Array(ma);
    for (let j = 0; j < ma; j++) t[j] = aGlobal[this.cols[j]];
    choleskySolve(this.L, ma, t);
    return t;
  }

  /**
   * Mean over all pairs of `levels` of (C^-1)_ii + (C^-1)_jj - 2 (C^-1)_ij in the entry block, i.e. the
   * mean variance of a pairwise difference divided by s2_e (closed form: [t tr(C) - 1'C 1] / (t(t-1)/2)).
   */
  meanPairDifference(levels: number[]): number {
    const t = levels.length;
    if (t < 2) return Number.NaN;
    let trace = 0;
    let invD = 0;
    const g = new Float64Array(this.ma);
    for (const d of levels) {
      trace += this.cDD(d);
      if (!(this.D[d] > 0)) continue;
      invD += 1 / this.D[d];
      const cd = this.model.bCols[d];
      const vd = this.model.bVals[d];
      for (let a = 0; a < cd.length; a++) {
        const pa = this.pos[cd[a]];
        if (pa >= 0) g[pa] += vd[a] / this.D[d];
      }
    }
    const sg = new Float64Array(g);
    choleskySolve(this.L, this.ma, sg);
    let gSg = 0;
    for (let j = 0; j < this.ma; j++) gSg += g[j] * sg[j];
    return (t * trace - (invD + gSg)) / ((t * (t - 1)) / 2);
  }
}
