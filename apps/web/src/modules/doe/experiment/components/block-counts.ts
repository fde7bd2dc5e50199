import { DesignError, validateRequest, type DesignRequest } from '@breedwise/trial-design';

/**
 * Block counts the trial-design engine accepts for an alpha lattice (blocks per rep) or an augmented
 * design (blocks), checked by the engine's own request validation. Alpha counts giving equal blocks
 * come first. At most `limit` counts.
 */
export function validBlockCounts(method: string, entries: number, checks: number, reps: number | null, limit = 8): number[] {
  if (method !== 'alpha' && method !== 'augmented') return [];
  if (entries < 2) return [];
  const list = Array.from({ length: entries }, (_, i) => ({ entry: i + 1, name: `E${i + 1}`, type: i < checks ? ('check' as const) : ('test' as const) }));
  const accepts = (request: Record<string, unknown>) => {
    try {
      validateRequest({
        field: { rows: entries + 1, cols: Math.max(1, Math.min(60, Math.floor(100_000 / (entries + 1)))) },
        entries: list,
        ...request,
      } as unknown as DesignRequest);
      return true;
    } catch (err) {
      if (err instanceof DesignError) return false;
      throw err;
    }
  };
  const found: { count: number; equal: boolean }[] = [];
  const seen = new Set<number>();
  for (let b = 2; b <= Math.min(entries, 1000); b++) {
    if (method === 'alpha') {
      const blockSize = Math.ceil(entries / b);
      if (seen.has(blockSize) || Math.ceil(entries / blockSize) !== b) continue;
      seen.add(blockSize);
      const equal = entries % blockSize === 0;
      if (accepts({ design: 'alpha', reps: Math.max(2, reps ?? 2), blockSize, allowUnequalBlocks: !equal })) found.push({ count: b, equal });
    } else if (accepts({ design: 'augmented', blocks: b })) found.push({ count: b, equal: (entries - checks) % b === 0 });
  }
  return found
    .sort((a, b) => Number(b.equal) - Number(a.equal) || a.count - b.count)
    .slice(0, limit)
    .map((f) => f.count)
    .sort((a, b) => a - b);
}
