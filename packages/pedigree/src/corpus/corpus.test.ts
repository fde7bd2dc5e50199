import { describe, expect, it } from 'vitest';
import { crossLevel, formatPurdy, normalizePurdy, parsePurdy, type Pedigree } from '../purdy';
import { PUBLISHED_PEDIGREES } from './pedigrees';

/** The side and cross level of every backcross in a tree, and whether it is nested in a higher cross. */
function backcrosses(node: Pedigree, inside = false, out: string[] = []): string[] {
  if (node.kind === 'cross') node.parents.forEach((p) => backcrosses(p, true, out));
  else if (node.kind === 'backcross') {
    out.push(`${node.recurrentSide}@${crossLevel(node)}${inside ? ' nested' : ''}`);
    backcrosses(node.donor, true, out);
  }
  return out;
}

describe('published pedigrees (corpus)', () => {
  it('holds at least 50 strings, each with a variety, a crop and a source', () => {
    expect(PUBLISHED_PEDIGREES.length).toBeGreaterThanOrEqual(50);
    for (const p of PUBLISHED_PEDIGREES) {
      expect(p.variety.trim()).not.toBe('');
      expect(p.source.trim()).not.toBe('');
    }
    expect(new Set(PUBLISHED_PEDIGREES.map((p) => p.pedigree)).size).toBe(PUBLISHED_PEDIGREES.length);
    expect(new Set(PUBLISHED_PEDIGREES.map((p) => p.crop))).toEqual(new Set(['wheat', 'rice', 'maize']));
  });

  it.each(PUBLISHED_PEDIGREES.map((p) => [p.variety, p] as const))('%s parses, formats to itself or its canonical form, and reads back the same', (_, p) => {
    const tree = parsePurdy(p.pedigree);
    const written = formatPurdy(tree);
    expect(written).toBe(p.canonical ?? p.pedigree);
    expect(parsePurdy(written)).toEqual(tree);
    expect(normalizePurdy(written)).toBe(written);
  });

  it('covers the names and backcrosses the issue asks for', () => {
    const all = PUBLISHED_PEDIGREES.map((p) => p.pedigree).join('\n');
    for (const c of [' ', '#', '.', '_', '(', ')']) expect(all).toContain(c);
    const seen = new Set(PUBLISHED_PEDIGREES.flatMap((p) => backcrosses(parsePurdy(p.pedigree))));
    // Female and male recurrent parents, at the first level and above, alone and nested in higher crosses
    // (every level and side is covered by the property tests in purdy.test.ts).
    for (const bc of ['male@1', 'female@1 nested', 'male@1 nested', 'female@4', 'male@5 nested']) expect(seen).toContain(bc);
  });
});
