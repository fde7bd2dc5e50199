import { inverseSpd } from '../stats/linalg';
import type { Rng } from '../rng';

/**
 * Interchange search over a resolvable structure. Every treatment occurs once per rep; each
 * occurrence ("unit") sits in one searched block and one swap group nested in its rep. A move swaps
 * the blocks of two units of the same group, which keeps block sizes, resolvability and anything the
 * groups stand for (for row-column designs: the rows) unchanged.
 *
 * Criterion: the A-criterion trace(C^+) for C = rI - fixed strata - sum_B n_B n_B'/k_B, kept as
 * M = (C + J/v)^-1 and updated by a rank-2 Woodbury step per move, so a move is evaluated in O(v)
 * with the block vectors M n_B cached. For large v that becomes too slow and the surrogate
 * sum of squared pair concurrences (the (M,S) criterion; minimal exactly when concurrences differ by
 * at most one) is minimised instead, O(k) per move with a dense concurrence table.
 */
export interface ExchangeProblem {
  v: number;
  reps: number;
  unitTreat: Int32Array;
  unitBlock: Int32Array;
  unitGroup: Int32Array;
  unitRep: Int32Array;
  blockCount: number;
}

/** Strata of an information matrix that moves do not change (treatment lists per group). */
export type FixedStrata = { sign: 1 | -1; groups: Int32Array[] }[];

/** One A-criterion in a weighted sum: trace(C^+) with C built from the fixed strata and the searched blocks. */
export interface CriterionSpec {
  fixed: FixedStrata;
  weight: number;
}

export interface ExchangeOptions {
  rng: Rng;
  /** Use the exact A-criteria (true) or the concurrence surrogate. */
  exact: boolean;
  /** Weighted A-criteria minimised in exact mode; default the plain block design. */
  criteria?: CriterionSpec[];
  /** Rough budget in floating-point operations for the whole search. */
  flopBudget: number;
}

/** Moves increasing the sum of squared concurrences by more than this are not evaluated exactly (large v). */
const PREFILTER_V = 64;
const IMPROVEMENT = 1e-10;
const RIDGE = 1e-3;

/** Runs the search in place on problem.unitBlock; returns the final weighted trace(C^+) (exact) or sum of squares. */
export function exchangeSearch(problem: ExchangeProblem, options: ExchangeOptions): number {
  const search = new Search(problem, options);
  return search.run();
}

class Search {
  private readonly p: ExchangeProblem;
  private readonly rng: Rng;
  private readonly exact: boolean;
  private readonly v: number;
  private readonly blockUnits: number[][];
  private readonly groups: number[][];
  private readonly lambda: Int32Array | null;
  private readonly blockOf: Int32Array;
  private readonly criteria: Criterion[];
  private sumSquares = 0;
  private budget: number;

  constructor(problem: ExchangeProblem, options: ExchangeOptions) {
    this.p = problem;
    this.rng = options.rng;
    this.exact = options.exact;
    this.v = problem.v;
    this.budget = options.flopBudget;
    this.criteria = (options.criteria ?? [{ fixed: [], weight: 1 }]).map((spec) => new Criterion(problem, spec));
    const units = problem.unitTreat.length;
    this.blockUnits = Array.from({ length: problem.blockCount }, () => []);
    const groupCount = Math.max(...problem.unitGroup) + 1;
    this.groups = Array.from({ length: groupCount }, () => []);
    this.blockOf = new Int32Array(problem.reps * this.v);
    for (let u = 0; u < units; u++) {
      this.blockUnits[problem.unitBlock[u]].push(u);
      this.groups[problem.unitGroup[u]].push(u);
      this.blockOf[problem.unitRep[u] * this.v + problem.unitTreat[u]] = problem.unitBlock[u];
    }
    // A dense concurrence table makes a surrogate evaluation O(k); beyond a few thousand treatments
    // the table is too big and concurrences are counted through blockOf in O(r).
    this.lambda = this.v <= 3000 ? new Int32Array(this.v * this.v) : null;
    if (this.lambda) {
      for (const members of this.blockUnits) {
        for (const u1 of members) {
          for (const u2 of members) {
            if (u1 !== u2) this.lambda[problem.unitTreat[u1] * this.v + problem.unitTreat[u2]] += 1;
          }
        }
      }
    }
    this.sumSquares = this.computeSumSquares();
  }

  run(): number {
    if (!this.exact) {
      this.localSearchSurrogate();
      return this.sumSquares;
    }
    this.connect();
    if (!this.refresh(0)) {
      // Still disconnected (a swap group never spans two components): a small ridge makes M finite
      // and every unconnected direction costs about 1/ridge in the trace.
      this.refresh(RIDGE);
      this.localSearchExact();
      if (!this.refresh(0)) return Number.POSITIVE_INFINITY;
    }
    this.localSearchExact();
    let best = Int32Array.from(this.p.unitBlock);
    let bestTrace = this.objective();
    let failures = 0;
    while (this.budget > 0 && failures < 60) {
      this.perturb(2 + this.rng.int(3));
      if (!this.refresh(0)) {
        this.restore(best);
        failures += 1;
        continue;
      }
      this.localSearchExact();
      if (this.objective() < bestTrace - IMPROVEMENT * Math.abs(bestTrace)) {
        best = Int32Array.from(this.p.unitBlock);
        bestTrace = this.objective();
        failures = 0;
      } else {
        failures += 1;
        this.restore(best);
      }
    }
    this.restore(best);
    this.refresh(0);
    return this.objective();
  }

  private objective(): number {
    let o = 0;
    for (const c of this.criteria) o += c.weight * c.trace;
    return o;
  }

  /**
   * Joins the components of a disconnected design. Swapping two units of one group that lie in
   * blocks of different components merges those components: each moved treatment still reaches its
   * old component through its other reps and now reaches the other one through its new block.
   */
  private connect(): void {
    const { p, v } = this;
    for (;;) {
      const parent = Int32Array.from({ length: v }, (_, i) => i);
      const find = (x: number): number => {
        while (parent[x] !== x) {
          parent[x] = parent[parent[x]];
          x = parent[x];
        }
        return x;
      };
      for (const members of this.blockUnits) {
        for (let i = 1; i < members.length; i++) parent[find(p.unitTreat[members[i]])] = find(p.unitTreat[members[0]]);
      }
      const comp = (u: number): number => find(p.unitTreat[this.blockUnits[p.unitBlock[u]][0]]);
      let merged = false;
      for (const g of this.groups) {
        const first = g[0];
        const other = g.find((u) => comp(u) !== comp(first));
        if (other !== undefined) {
          this.applySwap(first, other);
          merged = true;
          break;
        }
      }
      if (!merged) break;
    }
    this.sumSquares = this.computeSumSquares();
  }

  private computeSumSquares(): number {
    const { v } = this;
    let s = 0;
    if (this.lambda) {
      for (let i = 0; i < v * v; i++) s += this.lambda[i] * this.lambda[i];
      return s / 2;
    }
    for (const members of this.blockUnits) {
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          // A pair meeting in l blocks is seen l times here; adding l each time totals l^2.
          s += this.conc(this.p.unitTreat[members[i]], this.p.unitTreat[members[j]]);
        }
      }
    }
    return s;
  }

  private conc(a: number, b: number): number {
    if (this.lambda) return this.lambda[a * this.v + b];
    let c = 0;
    for (let h = 0; h < this.p.reps; h++) if (this.blockOf[h * this.v + a] === this.blockOf[h * this.v + b]) c += 1;
    return c;
  }

  /** Change of the sum of squared concurrences if units u1 (block B1) and u2 (block B2) swap blocks. */
  private deltaSurrogate(u1: number, u2: number): number {
    const t = this.p.unitTreat;
    const a = t[u1];
    const b = t[u2];
    let d = 0;
    for (const x of this.blockUnits[this.p.unitBlock[u1]]) {
      if (x === u1) continue;
      const tx = t[x];
      d += 2 - 2 * this.conc(a, tx) + 2 * this.conc(b, tx);
    }
    for (const y of this.blockUnits[this.p.unitBlock[u2]]) {
      if (y === u2) continue;
      const ty = t[y];
      d += 2 + 2 * this.conc(a, ty) - 2 * this.conc(b, ty);
    }
    return d;
  }

  private applySwap(u1: number, u2: number): void {
    const p = this.p;
    const b1 = p.unitBlock[u1];
    const b2 = p.unitBlock[u2];
    const a = p.unitTreat[u1];
    const b = p.unitTreat[u2];
    if (this.lambda) {
      const v = this.v;
      const lam = this.lambda;
      for (const x of this.blockUnits[b1]) {
        if (x === u1) continue;
        const tx = p.unitTreat[x];
        lam[a * v + tx] -= 1;
        lam[tx * v + a] -= 1;
        lam[b * v + tx] += 1;
        lam[tx * v + b] += 1;
      }
      for (const y of this.blockUnits[b2]) {
        if (y === u2) continue;
        const ty = p.unitTreat[y];
        lam[a * v + ty] += 1;
        lam[ty * v + a] += 1;
        lam[b * v + ty] -= 1;
        lam[ty * v + b] -= 1;
      }
    }
    const l1 = this.blockUnits[b1];
    const l2 = this.blockUnits[b2];
    l1[l1.indexOf(u1)] = u2;
    l2[l2.indexOf(u2)] = u1;
    p.unitBlock[u1] = b2;
    p.unitBlock[u2] = b1;
    this.blockOf[p.unitRep[u1] * this.v + a] = b2;
    this.blockOf[p.unitRep[u2] * this.v + b] = b1;
  }

  private restore(blocks: Int32Array): void {
    const p = this.p;
    for (const members of this.groups) {
      // Re-apply the saved assignment through swaps so that the concurrence table stays consistent.
      for (const u of members) {
        if (p.unitBlock[u] === blocks[u]) continue;
        const partner = members.find((w) => p.unitBlock[w] === blocks[u] && blocks[w] !== p.unitBlock[w]);
        if (partner !== undefined) this.applySwap(u, partner);
      }
    }
    this.sumSquares = this.computeSumSquares();
  }

  private perturb(moves: number): void {
    const p = this.p;
    for (let m = 0; m < moves; m++) {
      const g = this.groups[this.rng.int(this.groups.length)];
      const u1 = g[this.rng.int(g.length)];
      const u2 = g[this.rng.int(g.length)];
      if (p.unitBlock[u1] !== p.unitBlock[u2]) this.applySwap(u1, u2);
    }
    this.sumSquares = this.computeSumSquares();
  }

  private localSearchSurrogate(): void {
    const p = this.p;
    let improved = true;
    while (improved && this.budget > 0) {
      improved = false;
      for (const gi of this.rng.shuffle(Array.from({ length: this.groups.length }, (_, i) => i))) {
        const g = this.rng.shuffle(this.groups[gi].slice());
        for (let i = 0; i < g.length; i++) {
          for (let j = i + 1; j < g.length; j++) {
            const u1 = g[i];
            const u2 = g[j];
            if (p.unitBlock[u1] === p.unitBlock[u2]) continue;
            this.budget -= 4 * (this.blockUnits[p.unitBlock[u1]].length + this.blockUnits[p.unitBlock[u2]].length);
            const d = this.deltaSurrogate(u1, u2);
            if (d < 0) {
              this.applySwap(u1, u2);
              this.sumSquares += d;
              improved = true;
            }
          }
        }
      }
    }
  }

  /** Rebuilds every criterion from scratch; false when one is singular (a disconnected design). */
  private refresh(ridge: number): boolean {
    const v = this.v;
    this.budget -= this.criteria.length * v * v * v;
    return this.criteria.every((c) => c.refresh(this.blockUnits, ridge));
  }

  private localSearchExact(): void {
    const { p, v } = this;
    const prefilter = v > PREFILTER_V;
    let improved = true;
    while (improved && this.budget > 0) {
      improved = false;
      for (const gi of this.rng.shuffle(Array.from({ length: this.groups.length }, (_, i) => i))) {
        const g = this.rng.shuffle(this.groups[gi].slice());
        for (let i = 0; i < g.length && this.budget > 0; i++) {
          for (let j = i + 1; j < g.length; j++) {
            const u1 = g[i];
            const u2 = g[j];
            if (p.unitBlock[u1] === p.unitBlock[u2]) continue;
            if (prefilter) {
              this.budget -= 8 * this.blockUnits[p.unitBlock[u1]].length;
              if (this.deltaSurrogate(u1, u2) > 0) continue;
            }
            this.budget -= 12 * v * this.criteria.length;
            let delta = 0;
            let valid = true;
            for (const c of this.criteria) {
              const d = c.evaluate(this.blockUnits, u1, u2);
              if (d === null) {
                valid = false;
                break;
              }
              delta += c.weight * d;
            }
            if (valid && delta < -IMPROVEMENT * this.objective()) {
              for (const c of this.criteria) c.accept(this.blockUnits, u1, u2);
              const dSurrogate = this.deltaSurrogate(u1, u2);
              this.applySwap(u1, u2);
              this.sumSquares += dSurrogate;
              for (const c of this.criteria) c.afterSwap(this.blockUnits, u1, u2);
              this.budget -= this.criteria.length * ((this.blockUnits.length + 4) * v + v * v * 2);
              improved = true;
            }
          }
        }
      }
    }
  }
}

/**
 * M = (C + J/v)^-1 for one criterion, with the block vectors M n_B cached. A swap of treatment a
 * (block B1, size k1) with b (B2, size k2) changes C by -(w d' + d w') where d = e_b - e_a and
 * w = n1/k1 - n2/k2 + (1/k1 + 1/k2) d / 2 (old block contents), a rank-2 update whose effect on the
 * trace follows from the Woodbury identity with G = S + U'MU, U = [w d], S = [[0,-1],[-1,0]].
 */
class Criterion {
  readonly weight: number;
  trace = 0;
  private readonly p: ExchangeProblem;
  private readonly fixed: FixedStrata;
  private readonly v: number;
  private m: Float64Array = new Float64Array(0);
  private mb: Float64Array[] = [];
  private readonly pw: Float64Array;
  private readonly pd: Float64Array;
  private step = { delta: 0, g11: 0, g12: 0, g22: 0, det: 1 };

  constructor(problem: ExchangeProblem, spec: CriterionSpec) {
    this.p = problem;
    this.fixed = spec.fixed;
    this.weight = spec.weight;
    this.v = problem.v;
    this.pw = new Float64Array(problem.v);
    this.pd = new Float64Array(problem.v);
  }

  refresh(blockUnits: number[][], ridge: number): boolean {
    const { v, p } = this;
    const c = new Float64Array(v * v);
    for (let t = 0; t < v; t++) c[t * v + t] = p.reps + ridge;
    const addGroup = (treatments: ArrayLike<number>, weight: number): void => {
      for (let i = 0; i < treatments.length; i++) {
        const row = treatments[i] * v;
        for (let j = 0; j < treatments.length; j++) c[row + treatments[j]] -= weight;
      }
    };
    for (const stratum of this.fixed) for (const g of stratum.groups) addGroup(g, stratum.sign / g.length);
    for (const members of blockUnits)
      addGroup(
        members.map((u) => p.unitTreat[u]),
        1 / members.length,
      );
    for (let i = 0; i < v * v; i++) c[i] += 1 / v;
    const m = inverseSpd(c, v);
    if (!m) return false;
    this.m = m;
    let tr = 0;
    for (let i = 0; i < v; i++) tr += m[i * v + i];
    this.trace = tr - 1;
    this.mb = blockUnits.map((members) => this.blockVector(members));
    return true;
  }

  private blockVector(members: number[]): Float64Array {
    const { v, m } = this;
    const out = new Float64Array(v);
    for (const u of members) {
      const row = this.p.unitTreat[u] * v;
      for (let i = 0; i < v; i++) out[i] += m[row + i];
    }
    return out;
  }

  /** Change of trace(C^+) if u1 and u2 swap blocks; null when the swap would make C singular. */
  evaluate(blockUnits: number[][], u1: number, u2: number): number | null {
    const { v, m, p, pw, pd } = this;
    const b1 = p.unitBlock[u1];
    const b2 = p.unitBlock[u2];
    const a = p.unitTreat[u1];
    const b = p.unitTreat[u2];
    const members1 = blockUnits[b1];
    const members2 = blockUnits[b2];
    const ik1 = 1 / members1.length;
    const ik2 = 1 / members2.length;
    const c = (ik1 + ik2) / 2;
    const m1 = this.mb[b1];
    const m2 = this.mb[b2];
    const ra = a * v;
    const rb = b * v;
    let h11 = 0;
    let h12 = 0;
    let h22 = 0;
    for (let i = 0; i < v; i++) {
      const d = m[rb + i] - m[ra + i];
      const w = m1[i] * ik1 - m2[i] * ik2 + c * d;
      pd[i] = d;
      pw[i] = w;
      h11 += w * w;
      h12 += w * d;
      h22 += d * d;
    }
    let s1w = 0;
    let s1d = 0;
    for (const u of members1) {
      s1w += pw[p.unitTreat[u]];
      s1d += pd[p.unitTreat[u]];
    }
    let s2w = 0;
    let s2d = 0;
    for (const u of members2) {
      s2w += pw[p.unitTreat[u]];
      s2d += pd[p.unitTreat[u]];
    }
    const g11 = s1w * ik1 - s2w * ik2 + c * (pw[b] - pw[a]);
    const g12 = s1d * ik1 - s2d * ik2 + c * (pd[b] - pd[a]) - 1;
    const g22 = pd[b] - pd[a];
    const det = g11 * g22 - g12 * g12;
    // det(C' + J/v) / det(C + J/v) = -det(G): a swap leaving the matrix singular or indefinite
    // (one that disconnects the design) has -det(G) <= 0 and is never taken.
    if (!(det < -1e-9)) return null;
    const delta = -(g22 * h11 - 2 * g12 * h12 + g11 * h22) / det;
    this.step = { delta, g11, g12, g22, det };
    return delta;
  }

  /** Applies the last evaluated swap to M and the cached vectors of the untouched blocks. */
  accept(blockUnits: number[][], u1: number, u2: number): void {
    const { v, m, pw, pd, step } = this;
    // M' = M - P G^-1 P' with P = [pw pd] and G^-1 = [[g22, -g12], [-g12, g11]] / det.
    const i11 = step.g22 / step.det;
    const i12 = -step.g12 / step.det;
    const i22 = step.g11 / step.det;
    for (let i = 0; i < v; i++) {
      const x = pw[i] * i11 + pd[i] * i12;
      const y = pw[i] * i12 + pd[i] * i22;
      const row = i * v;
      for (let j = 0; j < v; j++) m[row + j] -= x * pw[j] + y * pd[j];
    }
    const b1 = this.p.unitBlock[u1];
    const b2 = this.p.unitBlock[u2];
    blockUnits.forEach((members, bi) => {
      if (bi === b1 || bi === b2) return;
      let sw = 0;
      let sd = 0;
      for (const u of members) {
        sw += pw[this.p.unitTreat[u]];
        sd += pd[this.p.unitTreat[u]];
      }
      const x = sw * i11 + sd * i12;
      const y = sw * i12 + sd * i22;
      const vec = this.mb[bi];
      for (let i = 0; i < v; i++) vec[i] -= pw[i] * x + pd[i] * y;
    });
    this.trace += step.delta;
  }

  /** Recomputes the vectors of the two blocks whose contents changed (called after the swap). */
  afterSwap(blockUnits: number[][], u1: number, u2: number): void {
    this.mb[this.p.unitBlock[u1]] = this.blockVector(blockUnits[this.p.unitBlock[u1]]);
    this.mb[this.p.unitBlock[u2]] = this.blockVector(blockUnits[this.p.unitBlock[u2]]);
  }
}
