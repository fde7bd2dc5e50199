import { resolvableBlockBound, regularBlockBound } from './bounds';
import { concurrenceSummary } from './concurrence';
import { aEfficiency } from './efficiency';
import type { StatsSpec } from '../designs/plan';
import type { DesignStatistics } from '../types';

/** Statistics of a design without blocks. */
export const emptyStatistics = (): DesignStatistics => ({
  a_efficiency: null,
  a_efficiency_rows: null,
  a_efficiency_cols: null,
  bound: null,
  bound_rows: null,
  bound_cols: null,
  concurrence: null,
  concurrence_cols: null,
  exact: true,
});

const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** Bound for an equireplicate design with equal blocks; resolvable designs also get Patterson-Williams. */
function boundOf(v: number, blocks: Int32Array[], resolvable: { r: number; k: number } | null): number | null {
  const k = blocks[0]?.length ?? 0;
  if (!blocks.every((b) => b.length === k)) return null;
  const counts = new Int32Array(v);
  for (const b of blocks) for (let i = 0; i < b.length; i++) counts[b[i]] += 1;
  const r = counts[0];
  if (!counts.every((c) => c === r)) return null;
  if (resolvable && k < v && v % k === 0) return resolvableBlockBound(v, resolvable.r, k);
  return regularBlockBound(v, blocks.length, r, k);
}

/**
 * A-efficiency (rows and columns separately for row-column designs), the tightest known upper
 * bound and the pair-concurrence summary, rounded to 6 decimals.
 */
export function computeStatistics(spec: StatsSpec | null): DesignStatistics {
  const out = emptyStatistics();
  if (!spec) return out;
  if (spec.kind === 'blocks') {
    const e = aEfficiency({ v: spec.v, strata: [{ sign: 1, groups: spec.blocks }] });
    out.a_efficiency = round(e.efficiency);
    out.exact = e.exact;
    out.bound = round(boundOf(spec.v, spec.blocks, spec.resolvable));
    out.concurrence = concurrenceSummary(spec.v, spec.blocks);
    return out;
  }
  const rows = aEfficiency({ v: spec.v, strata: [{ sign: 1, groups: spec.rows }] });
  const cols = aEfficiency({ v: spec.v, strata: [{ sign: 1, groups: spec.cols }] });
  const full = aEfficiency({
    v: spec.v,
    strata: [
      { sign: 1, groups: spec.rows },
      { sign: 1, groups: spec.cols },
      { sign: -1, groups: spec.reps },
    ],
  });
  const reps = spec.reps.length;
  const resolvable = spec.reps.every((g) => g.length === spec.v) ? { r: reps, k: 0 } : null;
  out.a_efficiency = round(full.efficiency);
  out.a_efficiency_rows = round(rows.efficiency);
  out.a_efficiency_cols = round(cols.efficiency);
  out.bound_rows = round(boundOf(spec.v, spec.rows, resolvable && { r: reps, k: spec.rows[0].length }));
  out.bound_cols = round(boundOf(spec.v, spec.cols, resolvable && { r: reps, k: spec.cols[0].length }));
  out.exact = full.exact && rows.exact && cols.exact;
  out.concurrence = concurrenceSummary(spec.v, spec.rows);
  out.concurrence_cols = concurrenceSummary(spec.v, spec.cols);
  return out;
}
