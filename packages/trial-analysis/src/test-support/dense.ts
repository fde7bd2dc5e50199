/**
 * Plain dense restricted log-likelihood for tests: builds V = sum s2_k Z_k Z_k' + s2_e I and X as
 * n x n and n x p matrices and evaluates -2 logL_R = (n - p) log 2 pi + log|V| + log|X'V^-1 X| + y'Py
 * directly, independent of the mixed-model-equation route of the engine.
 */
import { cholesky, choleskyLogDet, choleskySolve } from '../linalg';
import type { ModelSpec } from '../mixed-model';

export function denseMinus2LogLik(spec: ModelSpec, sig: ArrayLike<number>): number {
  const n = spec.y.length;
  const K = spec.components.length;
  // Fixed columns: fixed entry levels, then fixed N columns. Random columns per component.
  const fixed: Int32Array[] = [];
  const random: { comp: number; col: Int32Array }[] = [];
  const indicator = (pick: (i: number) => boolean) => Int32Array.from({ length: n }, (_, i) => (pick(i) ? 1 : 0));
  spec.diag.levels.forEach((_, d) => {
    const col = indicator((i) => spec.diag.index[i] === d);
    if (spec.diag.component[d] < 0) fixed.push(col);
    else random.push({ comp: spec.diag.component[d], col });
  });
  for (const t of spec.terms) {
    t.columns.forEach((_, j) => {
      const col = indicator((i) => t.index[i] === j);
      if (t.component < 0) fixed.push(col);
      else random.push({ comp: t.component, col });
    });
  }
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = sig[K];
  for (const { comp, col } of random) {
    const s = sig[comp];
    if (!(s > 0)) continue;
    for (let i = 0; i < n; i++) {
      if (!col[i]) continue;
      for (let j = 0; j < n; j++) if (col[j]) V[i * n + j] += s;
    }
  }
  if (!cholesky(V, n)) throw new Error('V is not positive definite');
  const logDetV = choleskyLogDet(V, n);
  const p = fixed.length;
  const VinvX = fixed.map((c) => {
    const v = Float64Array.from(c);
    choleskySolve(V, n, v);
    return v;
  });
  const Vy = Float64Array.from(spec.y);
  choleskySolve(V, n, Vy);
  const XVX = new Float64Array(p * p);
  const XVy = new Float64Array(p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += fixed[a][i] * VinvX[b][i];
      XVX[a * p + b] = s;
    }
    let s = 0;
    for (let i = 0; i < n; i++) s += fixed[a][i] * Vy[i];
    XVy[a] = s;
  }
  if (!cholesky(XVX, p)) throw new Error("X'V^-1X is singular");
  const logDetXVX = choleskyLogDet(XVX, p);
  const beta = Float64Array.from(XVy);
  choleskySolve(XVX, p, beta);
  let yPy = 0;
  for (let i = 0; i < n; i++) yPy += spec.y[i] * Vy[i];
  for (let a = 0; a < p; a++) yPy -= beta[a] * XVy[a];
  return (n - p) * Math.log(2 * Math.PI) + logDetV + logDetXVX + yPy;
}
