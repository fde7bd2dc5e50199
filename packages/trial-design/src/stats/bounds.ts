/**
 * Upper bounds on the A-efficiency of block designs with equal replication r and equal block size k
 * (v treatments, b blocks), after John & Williams (1995), Cyclic and Computer Generated Designs, 2.8:
 * the BIBD bound when lambda = r(k-1)/(v-1) is an integer, otherwise the least of four bounds built
 * from the first moments of the efficiency factors; designs with more treatments than blocks are
 * bounded through their dual. Returns null where no bound applies.
 */
export function regularBlockBound(v: number, b: number, r: number, k: number): number | null {
  if (v < 2 || b < 2 || v * r !== b * k || v + b - 1 > v * r) return null;
  if (k % v === 0) return 1;
  if (k > v) {
    const rem = k % v;
    return 1 - (rem * (v - rem)) / (k * k * (v - 1));
  }
  if (v > b) {
    // Dual design: treatments and blocks swap roles, replication and block size too.
    const dual = binaryBound(b, k, r);
    if (dual === null || !(dual > 0)) return null;
    return (v - 1) / (v - b + (b - 1) / dual);
  }
  return binaryBound(v, r, k);
}

function binaryBound(v: number, r: number, k: number): number | null {
  const ebar = (v * (k - 1)) / (k * (v - 1));
  const lambda = (r * (k - 1)) / (v - 1);
  const whole = Math.floor(lambda + 1e-12);
  if (Math.abs(lambda - Math.round(lambda)) < 1e-12) return ebar;
  if (v < 3) return ebar;
  const a = lambda - whole;
  const rk = r * k;
  const s2 = (v * (v - 1) * a * (1 - a)) / (rk * rk);
  const s = Math.sqrt(s2 / ((v - 1) * (v - 2)));
  const z = a < v / (2 * (v - 1)) ? a * ((v + 1) * a - 3) : (1 - a) * (v - (v + 1) * a);
  const s31 = (a * v * (v - 1) * z) / rk ** 3;
  const s32 = whole === 0 ? (a * v * (v - 1) * ((v + 1) * a * a - 3 * a - k + 2)) / rk ** 3 : s31;
  const candidates = [
    ebar - ((v - 2) * s * s) / (ebar + (v - 3) * s),
    ebar - ((1 - ebar) * s2) / ((1 - ebar) * (v - 1) - s2),
    ebar - (s2 * s2) / ((v - 1) * (s31 + ebar * s2)),
    ebar - (s2 * s2) / ((v - 1) * (s32 + ebar * s2)),
  ].filter((x) => Number.isFinite(x));
  return candidates.length ? Math.min(...candidates) : null;
}

/**
 * Patterson & Williams (1976) bound for resolvable designs with s blocks of size k per rep: at most
 * r(s-1) efficiency factors differ from 1 and their mean is fixed, so the harmonic mean is at most
 * (v-1)(r-1) / ((v-1)(r-1) + r(s-1)).
 */
export function resolvableBound(v: number, r: number, s: number): number | null {
  if (v < 2 || r < 2 || s < 2 || r * (s - 1) > v - 1) return null;
  return ((v - 1) * (r - 1)) / ((v - 1) * (r - 1) + r * (s - 1));
}

/** The tighter of the two bounds for a resolvable design with equal blocks. */
export function resolvableBlockBound(v: number, r: number, k: number): number | null {
  if (v % k !== 0) return null;
  const s = v / k;
  const bounds = [regularBlockBound(v, r * s, r, k), resolvableBound(v, r, s)].filter((x): x is number => x !== null);
  return bounds.length ? Math.min(...bounds) : null;
}
