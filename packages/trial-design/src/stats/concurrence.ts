import type { ConcurrenceSummary } from '../types';

/**
 * Pair concurrence over treatments 0..v-1: how many groups (blocks) each pair shares, summarised as
 * min, max and the number of pairs at each count. Groups holding every treatment once add the same
 * amount to every pair and are counted arithmetically, so large complete blocks cost nothing; the
 * remaining groups cost the sum of their squared sizes.
 */
export function concurrenceSummary(v: number, groups: Int32Array[]): ConcurrenceSummary | null {
  if (v < 2) return null;
  let base = 0;
  const partial: Int32Array[] = [];
  for (const g of groups) {
    if (g.length === v && isComplete(g, v)) base += 1;
    else partial.push(g);
  }
  const byTreatment: number[][] = Array.from({ length: v }, () => []);
  partial.forEach((g, j) => {
    for (let i = 0; i < g.length; i++) byTreatment[g[i]].push(j);
  });
  const counts = new Int32Array(v);
  const touched: number[] = [];
  const hist = new Map<number, number>();
  let nonzeroPairs = 0;
  for (let t = 0; t < v; t++) {
    for (const j of byTreatment[t]) {
      const g = partial[j];
      for (let i = 0; i < g.length; i++) {
        const u = g[i];
        if (u <= t) continue;
        if (counts[u] === 0) touched.push(u);
        counts[u] += 1;
      }
    }
    for (const u of touched) {
      const c = counts[u] + base;
      hist.set(c, (hist.get(c) ?? 0) + 1);
      counts[u] = 0;
    }
    nonzeroPairs += touched.length;
    touched.length = 0;
  }
  const allPairs = (v * (v - 1)) / 2;
  const untouched = allPairs - nonzeroPairs;
  if (untouched > 0) hist.set(base, (hist.get(base) ?? 0) + untouched);
  const keys = [...hist.keys()].sort((a, b) => a - b);
  const pairs: Record<string, number> = {};
  for (const k of keys) pairs[String(k)] = hist.get(k) ?? 0;
  return { min: keys[0], max: keys[keys.length - 1], pairs };
}

function isComplete(g: Int32Array, v: number): boolean {
  const seen = new Uint8Array(v);
  for (let i = 0; i < g.length; i++) {
    if (seen[g[i]]) return false;
    seen[g[i]] = 1;
  }
  return true;
}
