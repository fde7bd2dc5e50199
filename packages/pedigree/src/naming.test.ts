import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advanceGeneration, GENERATION_ERROR_MESSAGES, validateGeneration } from './generation';
import { dhName, doubledHaploid, NamingError, selectionName, selfSelection } from './naming';

describe('selection names (CIMMYT selection history)', () => {
  it('appends the plant number to the parent name, generation after generation', () => {
    expect(selectionName('CROSSID', 1)).toBe('CROSSID-1');
    expect(selectionName(selectionName('CROSSID', 1), 2)).toBe('CROSSID-1-2');
    expect(selectionName('CML159-1', 'B')).toBe('CML159-1-B');
    expect(selectionName('CMSS12Y00123S-099Y', 0, 'B')).toBe('CMSS12Y00123S-099Y-0B');
    expect(selectionName('  CROSSID ', 12, 'Y')).toBe('CROSSID-12Y');
  });

  it.each([
    ['', 1, undefined, 'NAME_REQUIRED'],
    ['   ', 1, undefined, 'NAME_REQUIRED'],
    ['X', -1, undefined, 'BAD_PLANT_NUMBER'],
    ['X', 1.5, undefined, 'BAD_PLANT_NUMBER'],
    ['X', 10000, undefined, 'BAD_PLANT_NUMBER'],
    ['X', Number.NaN, undefined, 'BAD_PLANT_NUMBER'],
    ['X', 1, 'y', 'BAD_STATION'],
    ['X', 1, 'ABCD', 'BAD_STATION'],
  ])('refuses %j plant %s station %s with %s', (name, plant, station, code) => {
    try {
      selectionName(name, plant, station);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(NamingError);
      expect(err).toBeInstanceOf(RangeError);
      expect((err as NamingError).code).toBe(code);
    }
  });

  it('selfs an entry: F1 -> F2 with CROSSID-1, then F3 with CROSSID-1-2; BC1F1 -> BC1F2', () => {
    const f2 = selfSelection({ name: 'CROSSID', generation: 'F1' }, 1);
    expect(f2).toEqual({ name: 'CROSSID-1', generation: 'F2' });
    expect(selfSelection(f2, 2)).toEqual({ name: 'CROSSID-1-2', generation: 'F3' });
    expect(selfSelection({ name: 'B/2*A', generation: 'bc1f1' }, 3, 'M')).toEqual({ name: 'B/2*A-3M', generation: 'BC1F2' });
    expect(() => selfSelection({ name: 'X', generation: 'F99' }, 1)).toThrow(RangeError);
    expect(() => selfSelection({ name: 'X', generation: 'Q1' }, 1)).toThrow(/not a generation code/);
  });

  it('a name selected n times has n more parts and starts with its source (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 12 }), (plants) => {
        const name = plants.reduce((acc, p) => selectionName(acc, p), 'CROSS');
        expect(name.split('-')).toEqual(['CROSS', ...plants.map(String)]);
      }),
    );
  });
});

describe('doubled haploids', () => {
  it('names the DH line from its source and starts it at D0; selfing gives D1', () => {
    expect(dhName('CROSSID-1', 5)).toBe('CROSSID-1-DH5');
    const d0 = doubledHaploid({ name: 'CROSSID' }, 12);
    expect(d0).toEqual({ name: 'CROSSID-DH12', generation: 'D0' });
    expect(advanceGeneration(d0.generation)).toBe('D1');
    expect(selfSelection(d0, 'B')).toEqual({ name: 'CROSSID-DH12-B', generation: 'D1' });
    expect(advanceGeneration('F2', 'dh')).toBe('D0');
  });

  it('refuses an empty source or a line number outside 1..9999', () => {
    expect(() => dhName('', 1)).toThrow(NamingError);
    for (const bad of [0, -1, 2.5, 10000]) expect(() => dhName('S', bad)).toThrow(/DH line number/);
  });
});

describe('validateGeneration (spec: required, in F, D or BC form)', () => {
  it('accepts F, D and BC codes, canonically written', () => {
    expect(validateGeneration('F1')).toEqual({ ok: true, code: 'F1', generation: { kind: 'F', n: 1 } });
    expect(validateGeneration(' d1 ')).toMatchObject({ ok: true, code: 'D1' });
    expect(validateGeneration('D0')).toMatchObject({ ok: true, code: 'D0' });
    expect(validateGeneration('bc1f1')).toEqual({ ok: true, code: 'BC1F1', generation: { kind: 'BC', bc: 1, n: 1 } });
    expect(validateGeneration('F99')).toMatchObject({ ok: true });
  });

  it.each([
    [undefined, 'GENERATION_REQUIRED'],
    [null, 'GENERATION_REQUIRED'],
    ['', 'GENERATION_REQUIRED'],
    ['  ', 'GENERATION_REQUIRED'],
    ['S1', 'GENERATION_FORM'],
    ['F0', 'GENERATION_FORM'],
    ['F100', 'GENERATION_FORM'],
    ['BC1', 'GENERATION_FORM'],
    ['BC0F1', 'GENERATION_FORM'],
    ['X1', 'GENERATION_FORM'],
    ['F1F2', 'GENERATION_FORM'],
  ])('refuses %j with %s', (code, error) => {
    expect(validateGeneration(code)).toEqual({ ok: false, code: error });
    expect(GENERATION_ERROR_MESSAGES[error as 'GENERATION_FORM'].en).toBeTruthy();
    expect(GENERATION_ERROR_MESSAGES[error as 'GENERATION_FORM']['zh-CN']).toBeTruthy();
  });

  it('accepts S codes only when asked', () => {
    expect(validateGeneration('S2', { allowSelfing: true })).toMatchObject({ ok: true, code: 'S2' });
  });
});
