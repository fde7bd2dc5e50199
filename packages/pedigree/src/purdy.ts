/**
 * Purdy pedigree strings (Purdy et al. 1968, as used by CIMMYT and BMS).
 *
 * - `A/B` single cross (female first), `A/B//C` second-level cross, `/3/`, `/n/` (or `///`) higher levels.
 * - Separators of the same level side by side (`A/B/C`) are a cross of several parents in an unknown order.
 * - Backcrosses: `A*3/B` (A recurrent as female, used 3 times), `B/3*A` (A recurrent as male); the
 *   dose sits on the separator next to it, and the backcross owns that whole level, so the donor of
 *   `RP*5/B/C` is `B/C`. The suffix form `B/A*3` is read as `B/3*A`.
 */

export type Pedigree =
  | { kind: 'name'; name: string }
  | { kind: 'cross'; parents: Pedigree[] }
  | { kind: 'backcross'; recurrent: string; recurrentSide: 'female' | 'male'; doses: number; donor: Pedigree };

export type PedigreeErrorCode =
  | 'EMPTY'
  | 'MISSING_PARENT'
  | 'BAD_DOSE'
  | 'STRAY_ASTERISK'
  | 'DOSE_WITHOUT_CROSS'
  | 'AMBIGUOUS_BACKCROSS'
  | 'RECURRENT_NOT_NAME'
  | 'BAD_LEVEL';

const MESSAGES: Record<PedigreeErrorCode, string> = {
  EMPTY: 'the pedigree is empty',
  MISSING_PARENT: 'a parent is missing',
  BAD_DOSE: 'a backcross dose must be a whole number from 2 to 99',
  STRAY_ASTERISK: "'*' must join a dose to a parent, as in A*3/B or B/3*A",
  DOSE_WITHOUT_CROSS: 'a backcross dose needs a cross',
  AMBIGUOUS_BACKCROSS: 'two backcrosses on the same cross level',
  RECURRENT_NOT_NAME: 'the recurrent parent of a backcross must be a single name',
  BAD_LEVEL: 'a cross level must be a number from 1 to 99',
};

/** A syntax error with the 0-based position in the text where it was found. */
export class PedigreeSyntaxError extends Error {
  constructor(readonly code: PedigreeErrorCode, readonly position: number, readonly text: string) {
    super(`${MESSAGES[code]} (at position ${position + 1})`);
    this.name = 'PedigreeSyntaxError';
  }
}

interface NameItem {
  name: string;
  start: number;
  dose?: { n: number; after: boolean; at: number };
}
interface SepItem {
  level: number;
  start: number;
  dose?: { n: number; recurrent: 'left' | 'right'; at: number };
}

const MAX_LEVEL = 99;
const MAX_DOSE = 99;

function readName(text: string, from: number, to: number): NameItem {
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const body = raw.trim();
  const start = from + lead;
  if (!body) throw new PedigreeSyntaxError('MISSING_PARENT', Math.min(from, text.length - 1 < 0 ? 0 : from), text);
  const before = /^(\d+)\s*\*\s*(.*)$/.exec(body);
  const after = /^(.*?)\s*\*\s*(\d+)$/.exec(body);
  let name = body;
  let dose: NameItem['dose'];
  if (before) {
    name = before[2];
    dose = { n: Number(before[1]), after: false, at: start };
  } else if (after) {
    name = after[1];
    dose = { n: Number(after[2]), after: true, at: start + body.lastIndexOf('*') };
  }
  const star = name.indexOf('*');
  if (star >= 0) throw new PedigreeSyntaxError('STRAY_ASTERISK', start + body.indexOf(name) + star, text);
  if (!name.trim()) throw new PedigreeSyntaxError('MISSING_PARENT', start, text);
  if (dose && (dose.n < 2 || dose.n > MAX_DOSE)) throw new PedigreeSyntaxError('BAD_DOSE', dose.at, text);
  return { name: name.trim(), start, dose };
}

function tokenize(text: string): { names: NameItem[]; seps: SepItem[] } {
  const names: NameItem[] = [];
  const seps: SepItem[] = [];
  let i = 0;
  let segmentStart = 0;
  while (i <= text.length) {
    if (i === text.length || text[i] === '/') {
      names.push(readName(text, segmentStart, i));
      if (i === text.length) break;
      const start = i;
      let j = i;
      while (text[j] === '/') j++;
      let level = j - i;
      if (level === 1) {
        const m = /^(\d{1,3})\//.exec(text.slice(j));
        if (m) {
          level = Number(m[1]);
          if (m[1].length > 2 || level < 1 || level > MAX_LEVEL) throw new PedigreeSyntaxError('BAD_LEVEL', j, text);
          j += m[0].length;
        }
      }
      seps.push({ level, start });
      i = j;
      segmentStart = j;
      continue;
    }
    i++;
  }
  // Attach each dose to its separator: after a name to the next one (or the previous one at the end),
  // before a name to the previous one (or the next one at the start).
  names.forEach((n, k) => {
    if (!n.dose) return;
    if (seps.length === 0) throw new PedigreeSyntaxError('DOSE_WITHOUT_CROSS', n.dose.at, text);
    let sepIndex: number;
    let recurrent: 'left' | 'right';
    if (n.dose.after) {
      sepIndex = k < seps.length ? k : k - 1;
      recurrent = sepIndex === k ? 'left' : 'right';
    } else {
      sepIndex = k > 0 ? k - 1 : k;
      recurrent = sepIndex === k - 1 ? 'right' : 'left';
    }
    const sep = seps[sepIndex];
    if (sep.dose) throw new PedigreeSyntaxError('AMBIGUOUS_BACKCROSS', n.dose.at, text);
    sep.dose = { n: n.dose.n, recurrent, at: n.dose.at };
  });
  return { names, seps };
}

function build(text: string, names: NameItem[], seps: SepItem[], lo: number, hi: number): Pedigree {
  if (lo === hi) return { kind: 'name', name: names[lo].name };
  let level = 0;
  for (let k = lo; k < hi; k++) level = Math.max(level, seps[k].level);
  const top: number[] = [];
  for (let k = lo; k < hi; k++) if (seps[k].level === level) top.push(k);
  const dosed = top.filter((k) => seps[k].dose);
  if (dosed.length > 1) throw new PedigreeSyntaxError('AMBIGUOUS_BACKCROSS', seps[dosed[1]].dose!.at, text);
  if (dosed.length === 1) {
    const k = dosed[0];
    const dose = seps[k].dose!;
    if (dose.recurrent === 'left') {
      if (k !== lo) throw new PedigreeSyntaxError('RECURRENT_NOT_NAME', names[lo].start, text);
      return { kind: 'backcross', recurrent: names[k].name, recurrentSide: 'female', doses: dose.n, donor: build(text, names, seps, k + 1, hi) };
    }
    if (k + 1 !== hi) throw new PedigreeSyntaxError('RECURRENT_NOT_NAME', names[k + 1].start, text);
    return { kind: 'backcross', recurrent: names[k + 1].name, recurrentSide: 'male', doses: dose.n, donor: build(text, names, seps, lo, k) };
  }
  const parents: Pedigree[] = [];
  let from = lo;
  for (const k of top) {
    parents.push(build(text, names, seps, from, k));
    from = k + 1;
  }
  parents.push(build(text, names, seps, from, hi));
  return { kind: 'cross', parents };
}

/** Parses a Purdy string into a tree; throws PedigreeSyntaxError with the position of the fault. */
export function parsePurdy(text: string): Pedigree {
  if (!text.trim()) throw new PedigreeSyntaxError('EMPTY', 0, text);
  const { names, seps } = tokenize(text);
  return build(text, names, seps, 0, names.length - 1);
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
      // A backcross shares the level of a cross donor (RP*5/B/C); above a backcross donor it needs its own.
      return node.donor.kind === 'cross' ? crossLevel(node.donor) : crossLevel(node.donor) + 1;
  }
}

export function separator(level: number): string {
  return level === 1 ? '/' : level === 2 ? '//' : `/${level}/`;
}

/** Writes a tree as a canonical Purdy string (levels as low as possible, `/3/` from the third level). */
export function formatPurdy(node: Pedigree): string {
  switch (node.kind) {
    case 'name':
      return node.name;
    case 'cross':
      return node.parents.map(formatPurdy).join(separator(crossLevel(node)));
    case 'backcross': {
      const sep = separator(crossLevel(node));
      return node.recurrentSide === 'female'
        ? `${node.recurrent}*${node.doses}${sep}${formatPurdy(node.donor)}`
        : `${formatPurdy(node.donor)}${sep}${node.doses}*${node.recurrent}`;
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
 * Finds backcrosses in a binary cross tree: a chain of crosses that keep one named parent on the same
 * side (`((B/A)/A)/A`) becomes `B/3*A`. Crosses without such a chain stay as they are.
 */
export function collapseBackcrosses(tree: CrossTree): Pedigree {
  if (tree.kind === 'name') return { kind: 'name', name: tree.name };
  for (const side of ['male', 'female'] as const) {
    const other = side === 'male' ? 'female' : 'male';
    const rp = tree[side];
    if (rp.kind !== 'name') continue;
    let doses = 0;
    let cur: CrossTree = tree;
    while (cur.kind === 'cross' && cur[side].kind === 'name' && (cur[side] as { name: string }).name === rp.name) {
      doses++;
      cur = cur[other];
    }
    // The first cross may have the recurrent parent on the other side (B73/Mo17 backcrossed to B73 as male).
    if (doses >= 1 && cur.kind === 'cross' && cur[other].kind === 'name' && (cur[other] as { name: string }).name === rp.name) {
      doses++;
      cur = cur[side];
    }
    if (doses >= 2) {
      return { kind: 'backcross', recurrent: rp.name, recurrentSide: side, doses, donor: collapseBackcrosses(cur) };
    }
  }
  return { kind: 'cross', parents: [collapseBackcrosses(tree.female), collapseBackcrosses(tree.male)] };
}
