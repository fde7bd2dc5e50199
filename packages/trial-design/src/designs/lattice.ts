import { buildMols, molsCount } from './galois';
import type { ResolvableStructure } from './alpha';

/** Most reps a square lattice of k^2 treatments can have here: rows, columns and one rep per MOLS. */
export function maxLatticeReps(k: number): number {
  return 2 + molsCount(k);
}

/**
 * Square lattice for v = k^2 treatments (x, y): rep 1 blocks by x, rep 2 by y, rep 3 onward by the
 * symbols of mutually orthogonal Latin squares, so any two treatments meet at most once and the
 * design has the known lattice efficiency (v-1)(r-1) / ((v-1)(r-1) + r(k-1)).
 */
export function latticeStructure(k: number, r: number): ResolvableStructure {
  const squares = buildMols(k, Math.max(0, r - 2));
  const reps: ResolvableStructure = [];
  for (let h = 0; h < r; h++) {
    const blocks: number[][] = Array.from({ length: k }, () => []);
    for (let x = 0; x < k; x++) {
      for (let y = 0; y < k; y++) {
        const b = h === 0 ? x : h === 1 ? y : squares[h - 2][x * k + y];
        blocks[b].push(x * k + y);
      }
    }
    reps.push(blocks);
  }
  return reps;
}
