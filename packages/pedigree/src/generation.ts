/**
 * Generation codes (spec section 5: "F, D or BC form, for example F1, D1, BC1F1"), plus S for
 * selfed generations of a source population (S0 = the source plant).
 *
 * - `Fn` (n >= 1): filial generation after a cross; F1 is the cross seed.
 * - `BCmFn` (m, n >= 1): the n-th filial generation after the m-th backcross.
 * - `Dn` (n >= 0): doubled haploids; D0 the doubled plant, D1 its first selfed seed.
 * - `Sn` (n >= 0): selfing generations of a population or open-pollinated source.
 */
export type Generation = { kind: 'F'; n: number } | { kind: 'BC'; bc: number; n: number } | { kind: 'D'; n: number } | { kind: 'S'; n: number };

/** How the next generation is made. */
export type AdvanceMethod = 'self' | 'backcross' | 'cross' | 'dh';

export const MAX_GENERATION = 99;

const PATTERN = /^(?:(F)(\d{1,2})|BC(\d{1,2})F(\d{1,2})|(D)(\d{1,2})|(S)(\d{1,2}))$/;

/** Parses a generation code (case and surrounding spaces ignored); null when it is not one. */
export function parseGeneration(code: string): Generation | null {
  const m = PATTERN.exec(code.trim().toUpperCase());
  if (!m) return null;
  if (m[1]) {
    const n = Number(m[2]);
    return n >= 1 ? { kind: 'F', n } : null;
  }
  if (m[3]) {
    const bc = Number(m[3]);
    const n = Number(m[4]);
    return bc >= 1 && n >= 1 ? { kind: 'BC', bc, n } : null;
  }
  if (m[5]) return { kind: 'D', n: Number(m[6]) };
  return { kind: 'S', n: Number(m[8]) };
}

export function isGeneration(code: string): boolean {
  return parseGeneration(code) !== null;
}

export function formatGeneration(g: Generation): string {
  return g.kind === 'BC' ? `BC${g.bc}F${g.n}` : `${g.kind}${g.n}`;
}

/** The canonical spelling of a code (`bc1f1` -> `BC1F1`), or null. */
export function normalizeGeneration(code: string): string | null {
  const g = parseGeneration(code);
  return g ? formatGeneration(g) : null;
}

/**
 * The generation that `method` makes from `code`: selfing adds one to the last number (F1 -> F2,
 * BC1F1 -> BC1F2, D1 -> D2, S0 -> S1), a backcross gives BC(m+1)F1 (from any F: BC1F1), a new cross
 * F1, haploid induction and doubling D0. Throws RangeError past the limit or for an unknown code.
 */
export function advanceGeneration(code: string, method: AdvanceMethod = 'self'): string {
  const g = parseGeneration(code);
  if (!g) throw new RangeError(`not a generation code: ${code}`);
  let next: Generation;
  switch (method) {
    case 'cross':
      next = { kind: 'F', n: 1 };
      break;
    case 'dh':
      next = { kind: 'D', n: 0 };
      break;
    case 'backcross':
      next = { kind: 'BC', bc: g.kind === 'BC' ? g.bc + 1 : 1, n: 1 };
      break;
    case 'self':
      next = g.kind === 'BC' ? { ...g, n: g.n + 1 } : { ...g, n: g.n + 1 };
      break;
  }
  const numbers = next.kind === 'BC' ? [next.bc, next.n] : [next.n];
  if (numbers.some((n) => n > MAX_GENERATION)) throw new RangeError(`generation beyond ${MAX_GENERATION}: ${formatGeneration(next)}`);
  return formatGeneration(next);
}

/** Why a generation code is refused (spec: "Generation is required and must be in F, D or BC form"). */
export type GenerationErrorCode = 'GENERATION_REQUIRED' | 'GENERATION_FORM';

export const GENERATION_ERROR_MESSAGES: Record<GenerationErrorCode, { 'zh-CN': string; en: string }> = {
  GENERATION_REQUIRED: { 'zh-CN': '世代为必填项', en: 'the generation is required' },
  GENERATION_FORM: {
    'zh-CN': '世代须为 F、D 或 BC 形式（如 F1、D1、BC1F1）',
    en: 'the generation must be in F, D or BC form (for example F1, D1, BC1F1)',
  },
};

/**
 * Checks a generation code as the nursery requires it: present and in F, D or BC form (`F1`…`F99`,
 * `D0`…`D99`, `BC1F1`…), case and surrounding spaces ignored. S codes are refused unless
 * `allowSelfing` is set (they are valid germplasm generations, not nursery ones).
 */
export function validateGeneration(
  code: string | null | undefined,
  opts: { allowSelfing?: boolean } = {},
): { ok: true; code: string; generation: Generation } | { ok: false; code: GenerationErrorCode } {
  if (code == null || !code.trim()) return { ok: false, code: 'GENERATION_REQUIRED' };
  const g = parseGeneration(code);
  if (!g || (g.kind === 'S' && !opts.allowSelfing)) return { ok: false, code: 'GENERATION_FORM' };
  return { ok: true, code: formatGeneration(g), generation: g };
}
