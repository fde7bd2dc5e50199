/**
 * Purdy pedigree strings (Purdy et al. 1968, as CIMMYT, IRRI and BMS write them).
 *
 * - `A/B` single cross (female first), `A/B//C` second-level cross, `/3/`, `/n/` (or `///`) higher levels.
 * - Separators of the same level side by side (`A/B/C`) are a cross of several parents in an unknown order.
 * - Backcrosses: `A*3/B` (A recurrent, written as female, used 3 times), `B/3*A` (A recurrent as male).
 *   A backcross is a cross like any other: its level is one above its donor, so the backcross of
 *   OPATA onto CHEN/AE.SQ is `CHEN/AE.SQ//2*OPATA`, and it may itself be a parent of a higher cross
 *   (`BABAX/LR42//2*BABAX/3/KURUKU`).
 * - A dose belongs to the name it is written on, and so to the cross in which that name is a direct
 *   parent (its lower separator): `BABAX/LR42//BABAX*2/3/KURUKU` is the level-2 backcross above. The
 *   canonical form writes the dose next to that separator (`A*2/B`, `B/2*A`); `B/A*3` reads as `B/3*A`.
 * - The recurrent parent is one name. Brackets are part of names (`AE.SQUARROSA (224)`); a bracket
 *   holding a separator is refused (`RECURRENT_NOT_NAME` when it carries a dose, `BRACKETED_CROSS`
 *   otherwise): write a cross inside a pedigree with a higher separator (`A//B/C`, not `A/(B/C)`).
 * - BMS also writes `RP*5/B/C` for the backcross of RP onto the cross B/C (the dosed parent heads a
 *   row of separators of one level); it is read so and written canonically as `RP*5//B/C`.
 */

export type Pedigree =
  | { kind: 'name'; name: string }
  | { kind: 'cross'; parents: Pedigree[] }
  /**
   * `doses` crosses to the recurrent name, the first of them with the donor; `recurrentSide` is the side
   * the recurrent parent is written on (female left, male right). The level is `crossLevel` (donor + 1).
   */
  | { kind: 'backcross'; recurrent: string; recurrentSide: 'female' | 'male'; doses: number; donor: Pedigree };

export type PedigreeErrorCode =
  | 'EMPTY'
  | 'MISSING_PARENT'
  | 'BAD_DOSE'
  | 'STRAY_ASTERISK'
  | 'DOSE_WITHOUT_CROSS'
  | 'AMBIGUOUS_BACKCROSS'
  | 'RECURRENT_NOT_NAME'
  | 'BAD_LEVEL'
  | 'DOSE_IN_MIDDLE'
  | 'BRACKETED_CROSS';

/** The message of each syntax error in both languages (the web and the contracts show these). */
export const PEDIGREE_ERROR_MESSAGES: Record<PedigreeErrorCode, { 'zh-CN': string; en: string }> = {
  EMPTY: { 'zh-CN': '系谱为空', en: 'the pedigree is empty' },
  MISSING_PARENT: { 'zh-CN': '缺少亲本', en: 'a parent is missing' },
  BAD_DOSE: { 'zh-CN': '回交次数须为 2 到 99 的整数', en: 'a backcross dose must be a whole number from 2 to 99' },
  STRAY_ASTERISK: { 'zh-CN': '“*”须连接回交次数与亲本（如 A*3/B 或 B/3*A）', en: "'*' must join a dose to a parent, as in A*3/B or B/3*A" },
  DOSE_WITHOUT_CROSS: { 'zh-CN': '回交次数须用于杂交', en: 'a backcross dose needs a cross' },
  AMBIGUOUS_BACKCROSS: { 'zh-CN': '同一杂交层级出现两个回交', en: 'two backcrosses on the same cross level' },
  RECURRENT_NOT_NAME: { 'zh-CN': '轮回亲本须为单个名称', en: 'the recurrent parent of a backcross must be a single name' },
  BAD_LEVEL: { 'zh-CN': '杂交层级须为 1 到 99', en: 'a cross level must be a number from 1 to 99' },
  DOSE_IN_MIDDLE: {
    'zh-CN': '回交次数只能写在同级杂交的第一个或最后一个亲本上',
    en: 'a backcross dose may only be on the first or last parent of a cross',
  },
  BRACKETED_CROSS: {
    'zh-CN': '括号只能是名称的一部分，不能包含杂交；请用更高层级的分隔符（A//B/C）',
    en: 'brackets may only be part of a name, not hold a cross: write A//B/C, not A/(B/C)',
  },
};

/** A syntax error with the 0-based position in the text where it was found. */
export class PedigreeSyntaxError extends Error {
  constructor(
    readonly code: PedigreeErrorCode,
    readonly position: number,
    readonly text: string,
  ) {
    super(`${PEDIGREE_ERROR_MESSAGES[code].en} (at position ${position + 1})`);
    this.name = 'PedigreeSyntaxError';
  }
}

interface NameItem {
  name: string;
  start: number;
  dose?: { n: number; at: number };
}

const MAX_LEVEL = 99;
const MAX_DOSE = 99;

function readName(text: string, from: number, to: number): NameItem {
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const body = raw.trim();
  const start = from + lead;
  if (!body) throw new PedigreeSyntaxError('MISSING_PARENT', from, text);
  const before = /^(\d+)\s*\*\s*(.*)$/.exec(body);
  const after = /^(.*?)\s*\*\s*(\d+)$/.exec(body);
  let name = body;
  let dose: NameItem['dose'];
  if (before) {
    name = before[2];
    dose = { n: Number(before[1]), at: start };
  } else if (after) {
    name = after[1];
    dose = { n: Number(after[2]), at: start + body.lastIndexOf('*') };
  }
  const star = name.indexOf('*');
  if (star >= 0) throw new PedigreeSyntaxError('STRAY_ASTERISK', start + body.indexOf(name) + star, text);
  if (!name.trim()) throw new PedigreeSyntaxError('MISSING_PARENT', start, text);
  if (dose && (dose.n < 2 || dose.n > MAX_DOSE)) throw new PedigreeSyntaxError('BAD_DOSE', dose.at, text);
  return { name: name.trim(), start, dose };
}

/** Refuses a bracket that holds a separator: brackets belong to names, a cross is written with levels. */
function checkBrackets(text: string): void {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') open.push(i);
    else if (c === ')') open.pop();
    else if (c === '/' && open.length) {
      const at = open[0];
      const close = text.indexOf(')', i);
      const dosedBefore = /\d\s*\*\s*$/.test(text.slice(0, at));
      const dosedAfter = close >= 0 && /^\s*\*\s*\d/.test(text.slice(close + 1));
      throw new PedigreeSyntaxError(dosedBefore || dosedAfter ? 'RECURRENT_NOT_NAME' : 'BRACKETED_CROSS', at, text);
    }
  }
}

function tokenize(text: string): { names: NameItem[]; levels: number[] } {
  const names: NameItem[] = [];
  const levels: number[] = [];
  let i = 0;
  let segmentStart = 0;
  while (i <= text.length) {
    if (i === text.length || text[i] === '/') {
      names.push(readName(text, segmentStart, i));
      if (i === text.length) break;
      let j = i;
      while (text[j] === '/') j++;
      let level = j - i;
      if (level === 1) {
        const m = /^(\d{1,3})\//.exec(text.slice(j, j + 4));
        if (m) {
          level = Number(m[1]);
          if (m[1].length > 2 || level < 1 || level > MAX_LEVEL) throw new PedigreeSyntaxError('BAD_LEVEL', j, text);
          j += m[0].length;
        }
      }
      levels.push(level);
      i = j;
      segmentStart = j;
      continue;
    }
    i++;
  }
  return { names, levels };
}

/**
 * The tree of names[lo..hi] with separators levels[lo..hi-1] between them: split at the highest level;
 * a part that is one dosed name is the recurrent parent of a backcross at that level.
 */
function build(text: string, names: NameItem[], levels: number[], lo: number, hi: number): Pedigree {
  if (lo === hi) {
    const only = names[lo];
    if (only.dose) throw new PedigreeSyntaxError('DOSE_WITHOUT_CROSS', only.dose.at, text);
    return { kind: 'name', name: only.name };
  }
  let level = 0;
  for (let k = lo; k < hi; k++) if (levels[k] > level) level = levels[k];
  const bounds: [number, number][] = [];
  let from = lo;
  for (let k = lo; k < hi; k++) {
    if (levels[k] === level) {
      bounds.push([from, k]);
      from = k + 1;
    }
  }
  bounds.push([from, hi]);
  const dosed: number[] = [];
  bounds.forEach(([a, b], p) => {
    if (a === b && names[a].dose) dosed.push(p);
  });
  if (dosed.length > 1) throw new PedigreeSyntaxError('AMBIGUOUS_BACKCROSS', names[bounds[dosed[1]][0]].dose!.at, text);
  if (dosed.length === 1) {
    const p = dosed[0];
    const rp = names[bounds[p][0]];
    if (p !== 0 && p !== bounds.length - 1) throw new PedigreeSyntaxError('DOSE_IN_MIDDLE', rp.dose!.at, text);
    const rest = p === 0 ? bounds.slice(1) : bounds.slice(0, -1);
    const donor: Pedigree =
      rest.length === 1
        ? build(text, names, levels, rest[0][0], rest[0][1])
        : { kind: 'cross', parents: rest.map(([a, b]) => build(text, names, levels, a, b)) };
    return { kind: 'backcross', recurrent: rp.name, recurrentSide: p === 0 ? 'female' : 'male', doses: rp.dose!.n, donor };
  }
  return { kind: 'cross', parents: bounds.map(([a, b]) => build(text, names, levels, a, b)) };
}

/** Parses a Purdy string into a tree; throws PedigreeSyntaxError with the position of the fault. */
export function parsePurdy(text: string): Pedigree {
  if (!text.trim()) throw new PedigreeSyntaxError('EMPTY', 0, text);
  checkBrackets(text);
  const { names, levels } = tokenize(text);
  return build(text, names, levels, 0, names.length - 1);
}

/** Parses without throwing: the tree, or the error with its position. */
export function tryParsePurdy(text: string): { ok: true; pedigree: Pedigree } | { ok: false; error: PedigreeSyntaxError } {
  try {
    return { ok: true, pedigree: parsePurdy(text) };
  } catch (err) {
    if (err instanceof PedigreeSyntaxError) return { ok: false, error: err };
    throw err;
  }
}

/** The cross level a node is written at: names 0, a cross one above its highest parent. */
export function crossLevel(node: Pedigree): number {
  switch (node.kind) {
    case 'name':
      return 0;
    case 'cross':
      return 1 + Math.max(...node.parents.map(crossLevel));
    case 'backcross':
      // A backcross is a cross of its donor with the recurrent name: one level above the donor.
      return crossLevel(node.donor) + 1;
  }
}

export function separator(level: number): string {
  return level === 1 ? '/' : level === 2 ? '//' : `/${level}/`;
}

/** Writes a tree as a canonical Purdy string (levels as low as possible, `/3/` from the third level, doses next to their separator). */
export function formatPurdy(node: Pedigree): string {
  return write(node)[0];
}

/** The text and the cross level of a node, in one walk. */
function write(node: Pedigree): [string, number] {
  switch (node.kind) {
    case 'name':
      return [node.name, 0];
    case 'cross': {
      const parts = node.parents.map(write);
      let level = 0;
      for (const [, l] of parts) if (l > level) level = l;
      level += 1;
      return [parts.map(([t]) => t).join(separator(level)), level];
    }
    case 'backcross': {
      const [donor, below] = write(node.donor);
      const level = below + 1;
      const sep = separator(level);
      return [node.recurrentSide === 'female' ? `${node.recurrent}*${node.doses}${sep}${donor}` : `${donor}${sep}${node.doses}*${node.recurrent}`, level];
    }
  }
}

/** The canonical form of a Purdy string (`A/B//C///D` -> `A/B//C/3/D`). */
export function normalizePurdy(text: string): string {
  return formatPurdy(parsePurdy(text));
}

/** A name may be written in a Purdy string: no '/' or '*', not blank, not a bare level number. */
export function isPurdyName(name: string): boolean {
  return name.trim() === name && name.length > 0 && !/[/*]/.test(name) && !/^\d{1,2}$/.test(name);
}

/** A binary cross tree: backcrosses unrolled, crosses of several parents paired left to right. */
export type CrossTree = { kind: 'name'; name: string } | { kind: 'cross'; female: CrossTree; male: CrossTree; orderUnknown?: boolean };

export function expandPedigree(node: Pedigree): CrossTree {
  switch (node.kind) {
    case 'name':
      return { kind: 'name', name: node.name };
    case 'cross': {
      const [first, ...rest] = node.parents.map(expandPedigree);
      return rest.reduce<CrossTree>((acc, p) => ({ kind: 'cross', female: acc, male: p, ...(node.parents.length > 2 ? { orderUnknown: true } : {}) }), first);
    }
    case 'backcross': {
      const rp: CrossTree = { kind: 'name', name: node.recurrent };
      let tree = expandPedigree(node.donor);
      for (let i = 0; i < node.doses; i++) {
        tree = node.recurrentSide === 'female' ? { kind: 'cross', female: rp, male: tree } : { kind: 'cross', female: tree, male: rp };
      }
      return tree;
    }
  }
}

/** Every distinct name in a pedigree, in order of first appearance. */
export function pedigreeNames(node: Pedigree): string[] {
  const out = new Set<string>();
  const walk = (n: Pedigree) => {
    if (n.kind === 'name') out.add(n.name);
    else if (n.kind === 'cross') n.parents.forEach(walk);
    else {
      if (n.recurrentSide === 'female') out.add(n.recurrent);
      walk(n.donor);
      if (n.recurrentSide === 'male') out.add(n.recurrent);
    }
  };
  walk(node);
  return [...out];
}

/**
 * Finds backcrosses in a binary cross tree: a chain of crosses that each take one named parent again
 * (`((B/A)/A)/A`) becomes `B/3*A`. The first cross of the chain may have the recurrent parent on either
 * side; the side written is the one it had in the first backcross (the second cross of the chain), as
 * a breeder names a backcross series. Crosses without such a chain stay as they are.
 */
export function collapseBackcrosses(tree: CrossTree): Pedigree {
  if (tree.kind === 'name') return { kind: 'name', name: tree.name };
  for (const top of ['male', 'female'] as const) {
    const rp = tree[top];
    if (rp.kind !== 'name') continue;
    const sides: ('female' | 'male')[] = [];
    let cur: CrossTree = tree;
    while (cur.kind === 'cross') {
      if (isName(cur.male, rp.name) && cur.female.kind === 'cross') {
        sides.push('male');
        cur = cur.female;
      } else if (isName(cur.female, rp.name) && cur.male.kind === 'cross') {
        sides.push('female');
        cur = cur.male;
      } else if (isName(cur.male, rp.name) || isName(cur.female, rp.name)) {
        // The first cross of the chain: the recurrent parent with a donor that is a name.
        sides.push(isName(cur.male, rp.name) ? 'male' : 'female');
        cur = isName(cur.male, rp.name) ? cur.female : cur.male;
        break;
      } else break;
    }
    if (sides.length >= 2) {
      return { kind: 'backcross', recurrent: rp.name, recurrentSide: sides[sides.length - 2], doses: sides.length, donor: collapseBackcrosses(cur) };
    }
  }
  return { kind: 'cross', parents: [collapseBackcrosses(tree.female), collapseBackcrosses(tree.male)] };
}

const isName = (t: CrossTree, name: string) => t.kind === 'name' && t.name === name;

/** A pedigree from a Purdy string (a bare name is a name) or a tree as it is. */
function asPedigree(p: string | Pedigree): Pedigree {
  return typeof p === 'string' ? parsePurdy(p) : p;
}

/**
 * The tree of a new cross, female first. A parent that is itself a cross is nested below (`A/B` x `C`
 * gives `A/B//C`); crossing again to a parent of a single cross or to the recurrent parent of a
 * backcross makes a backcross, the dose counting every cross to that parent:
 * `A/B` x `A` gives `B/2*A` (A male in the backcross), `A` x `A/B` gives `A*2/B`, `A*2/B` x `A` gives
 * `A*3/B` and `B/2*A` x `A` gives `B/3*A` (a series keeps the side it is written with).
 */
export function crossTrees(female: Pedigree, male: Pedigree): Pedigree {
  const extend = (series: Pedigree, rp: Pedigree, side: 'female' | 'male'): Pedigree | null => {
    if (rp.kind !== 'name') return null;
    if (series.kind === 'backcross' && series.recurrent === rp.name) {
      if (series.doses >= MAX_DOSE) throw new RangeError(`a backcross dose beyond ${MAX_DOSE}: ${rp.name}`);
      return { ...series, doses: series.doses + 1 };
    }
    if (series.kind === 'cross' && series.parents.length === 2) {
      const at = series.parents.findIndex((p) => p.kind === 'name' && p.name === rp.name);
      const other = series.parents[1 - at];
      if (at >= 0 && !(other.kind === 'name' && other.name === rp.name)) {
        return { kind: 'backcross', recurrent: rp.name, recurrentSide: side, doses: 2, donor: other };
      }
    }
    return null;
  };
  return extend(female, male, 'male') ?? extend(male, female, 'female') ?? { kind: 'cross', parents: [female, male] };
}

/**
 * The Purdy string of a cross of two parents, each given as its Purdy pedigree, its name, or a tree
 * (pass `{ kind: 'name', name }` for a name that holds '/' or '*'). See `crossTrees` for the rules.
 * Throws PedigreeSyntaxError for a parent string that is not Purdy.
 */
export function crossPedigree(female: string | Pedigree, male: string | Pedigree): string {
  return formatPurdy(crossTrees(asPedigree(female), asPedigree(male)));
}
