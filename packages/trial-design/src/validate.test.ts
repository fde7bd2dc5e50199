import { describe, expect, it } from 'vitest';
import { MAX_BLOCK_COUNT, MAX_PLOT_TOTAL } from './constants';
import { DesignError, designErrorMessages, formatDesignErrorMessage } from './errors';
import { generateDesign } from './generate';
import { validateGeneration } from './generation';
import type { DesignRequest } from './types';

function refusal(request: unknown): DesignError {
  try {
    generateDesign(request as DesignRequest);
  } catch (e) {
    expect(e).toBeInstanceOf(DesignError);
    return e as DesignError;
  }
  throw new Error('request was accepted');
}

const cases: [string, unknown, string, string][] = [
  ['unknown design', { design: 'graeco', entries: 4 }, 'NO_SUCH_DESIGN', 'design'],
  ['rows x cols fewer than entries x reps', { design: 'rcbd', entries: 10, reps: 3, field: { rows: 5, cols: 5 } }, 'INSUFFICIENT_PLOTS', 'field'],
  [
    'excluded cells leave too few plots',
    { design: 'rcbd', entries: 10, reps: 2, field: { rows: 4, cols: 5, excludedRows: [2] } },
    'INSUFFICIENT_PLOTS',
    'field',
  ],
  ['field over the plot maximum', { design: 'rcbd', entries: 10, reps: 2, field: { rows: 1000, cols: 101 } }, 'PLOT_TOTAL_EXCEEDED', 'field'],
  ['plots over the maximum', { design: 'rcbd', entries: 50_001, reps: 2 }, 'PLOT_TOTAL_EXCEEDED', 'plots'],
  ['augmented without checks', { design: 'augmented', entries: 20, blocks: 4 }, 'CHECK_REQUIRED', 'checks'],
  ['diagonal without checks', { design: 'diagonal', entries: 20 }, 'CHECK_REQUIRED', 'checks'],
  ['entry-order without checks', { design: 'entry-order', entries: 20, start: 1, interval: 5 }, 'CHECK_REQUIRED', 'checks'],
  ['augmented without block count', { design: 'augmented', entries: 20, checks: 2 }, 'PARAM_REQUIRED', 'blocks'],
  ['block count over the maximum', { design: 'augmented', entries: 2000, checks: 2, blocks: MAX_BLOCK_COUNT + 1 }, 'BLOCK_COUNT_EXCEEDED', 'blocks'],
  ['more blocks than test entries', { design: 'augmented', entries: 5, checks: 2, blocks: 6 }, 'NO_DESIGN_EXISTS', 'blocks'],
  ['entry-order without interval', { design: 'entry-order', entries: 20, checks: 1, start: 1 }, 'PARAM_REQUIRED', 'interval'],
  ['entry-order start not below entries', { design: 'entry-order', entries: 20, checks: 1, start: 20, interval: 2 }, 'PARAM_OUT_OF_RANGE', 'start'],
  ['entry-order interval zero', { design: 'entry-order', entries: 20, checks: 1, start: 2, interval: 0 }, 'PARAM_OUT_OF_RANGE', 'interval'],
  [
    'entry-order field with spare cells and no filler',
    { design: 'entry-order', entries: 8, checks: 1, start: 2, interval: 4, field: { rows: 3, cols: 4 } },
    'PARAM_REQUIRED',
    'filler',
  ],
  ['multi-location without location count', { design: 'rcbd', entries: 5, reps: 2, multiLocation: 'fresh' }, 'PARAM_REQUIRED', 'locations'],
  ['sparse without allocation', { design: 'rcbd', entries: 5, reps: 2, locations: 3, multiLocation: 'sparse' }, 'PARAM_REQUIRED', 'sparse'],
  [
    'sparse with one location',
    { design: 'rcbd', entries: 5, reps: 2, locations: 1, multiLocation: 'sparse', sparse: { locationsPerEntry: 1 } },
    'PARAM_OUT_OF_RANGE',
    'locations',
  ],
  ['rcbd without reps', { design: 'rcbd', entries: 5 }, 'PARAM_REQUIRED', 'reps'],
  ['reps not an integer', { design: 'rcbd', entries: 5, reps: 2.5 }, 'PARAM_OUT_OF_RANGE', 'reps'],
  ['lattice entries not a square', { design: 'lattice', entries: 20, reps: 2 }, 'NO_DESIGN_EXISTS', 'entries'],
  ['lattice reps beyond the orthogonal squares', { design: 'lattice', entries: 36, reps: 4 }, 'NO_DESIGN_EXISTS', 'reps'],
  ['alpha without block size', { design: 'alpha', entries: 30, reps: 2 }, 'PARAM_REQUIRED', 'blockSize'],
  ['alpha v not divisible by k (agricolae returns NULL)', { design: 'alpha', entries: 31, reps: 2, blockSize: 5 }, 'NO_DESIGN_EXISTS', 'blockSize'],
  ['alpha block as large as the entry list', { design: 'alpha', entries: 10, reps: 2, blockSize: 10 }, 'PARAM_OUT_OF_RANGE', 'blockSize'],
  ['alpha with one rep', { design: 'alpha', entries: 30, reps: 1, blockSize: 5 }, 'PARAM_OUT_OF_RANGE', 'reps'],
  ['row-column rep grid not matching the entries', { design: 'rowcol', entries: 30, reps: 2, rowsPerRep: 4 }, 'NO_DESIGN_EXISTS', 'rowsPerRep'],
  ['row-column with a prime entry count', { design: 'rowcol', entries: 31, reps: 2 }, 'NO_DESIGN_EXISTS', 'entries'],
  ['p-rep without any replicated entry', { design: 'prep', entries: 20 }, 'PARAM_REQUIRED', 'entries[].reps'],
  [
    'p-rep copies that cannot be kept apart',
    {
      design: 'prep',
      entries: [
        { entry: 1, name: 'a', reps: 5 },
        { entry: 2, name: 'b' },
      ],
      field: { rows: 3, cols: 3 },
    },
    'PARAM_OUT_OF_RANGE',
    'entries[].reps',
  ],
  ['split without sub-plot factor', { design: 'split', reps: 2, wholePlot: { name: 'N', levels: 2 } }, 'PARAM_REQUIRED', 'subPlot'],
  ['factorial with one factor', { design: 'factorial', reps: 2, factors: [{ name: 'A', levels: 2 }] }, 'PARAM_INVALID', 'factors'],
  [
    'duplicate entry numbers',
    {
      design: 'rcbd',
      reps: 2,
      entries: [
        { entry: 1, name: 'a' },
        { entry: 1, name: 'b' },
      ],
    },
    'DUPLICATE_ENTRY',
    'entries',
  ],
  [
    'bad entry type',
    {
      design: 'rcbd',
      reps: 2,
      entries: [
        { entry: 1, name: 'a', type: 'control' },
        { entry: 2, name: 'b' },
      ],
    },
    'PARAM_INVALID',
    'entries[0].type',
  ],
  ['tiers out of range', { design: 'rcbd', entries: 4, reps: 2, field: { rows: 4, cols: 4, tiers: 0 } }, 'PARAM_OUT_OF_RANGE', 'field.tiers'],
  [
    'tiers that do not partition the rows',
    {
      design: 'rcbd',
      entries: 4,
      reps: 2,
      field: {
        rows: 4,
        cols: 4,
        tiers: [
          { fromRow: 1, toRow: 2 },
          { fromRow: 4, toRow: 4 },
        ],
      },
    },
    'PARAM_INVALID',
    'field.tiers[1]',
  ],
  ['a block longer than any tier', { design: 'rcbd', entries: 10, reps: 2, field: { rows: 4, cols: 5, tiers: 4 } }, 'BLOCK_CROSSES_TIER', 'field.tiers'],
  ['field without columns', { design: 'rcbd', entries: 4, reps: 2, field: { rows: 4 } }, 'PARAM_REQUIRED', 'field.cols'],
  ['digits too few in block numbering', { design: 'rcbd', entries: 120, reps: 2, numbering: { digits: 2 } }, 'DIGITS_TOO_FEW', 'numbering.digits'],
  [
    'digits too few in continuous numbering',
    { design: 'rcbd', entries: 60, reps: 2, numbering: { mode: 'continuous', startNumber: 1, digits: 2 } },
    'DIGITS_TOO_FEW',
    'numbering.digits',
  ],
  ['bad layout order', { design: 'rcbd', entries: 4, reps: 2, layout: { order: 'zigzag' } }, 'PARAM_INVALID', 'layout.order'],
  ['seed out of range', { design: 'rcbd', entries: 4, reps: 2, seed: -1 }, 'PARAM_OUT_OF_RANGE', 'seed'],
  ['latin square too large for the plot maximum', { design: 'latin', entries: 400 }, 'PLOT_TOTAL_EXCEEDED', 'entries'],
];

describe('every invalid request is refused, naming the parameter', () => {
  it.each(cases)('%s', (_label, request, code, param) => {
    const e = refusal(request);
    expect(e.code).toBe(code);
    expect(e.param).toBe(param);
    expect(e.allowed.length).toBeGreaterThan(0);
    expect(e.message).not.toMatch(/\{\w+\}/);
    expect(e.localized('zh-CN')).not.toMatch(/\{\w+\}/);
  });

  it('gives the maximum in the plot-total refusal', () => {
    expect(refusal({ design: 'rcbd', entries: 50_001, reps: 2 }).allowed).toContain(String(MAX_PLOT_TOTAL));
  });

  it('builds the cases agricolae fails on', () => {
    expect(generateDesign({ design: 'alpha', entries: 8, reps: 2, blockSize: 2, seed: 1 }).plots).toHaveLength(16);
    expect(generateDesign({ design: 'alpha', entries: 31, reps: 2, blockSize: 5, allowUnequalBlocks: true, seed: 1 }).parameters.plots).toBe(62);
    expect(generateDesign({ design: 'alpha', entries: 12, reps: 3, blockSize: 6, seed: 1 }).statistics.a_efficiency).toBeGreaterThan(0);
  });
});

describe('error messages', () => {
  it('has both languages for every code, with the same placeholders', () => {
    for (const [code, m] of Object.entries(designErrorMessages)) {
      const names = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
      expect(names(m['zh-CN']), code).toEqual(names(m.en));
    }
  });

  it('interpolates parameters', () => {
    expect(formatDesignErrorMessage('PARAM_OUT_OF_RANGE', { param: 'reps', value: 0, allowed: '1..100' }, 'en')).toBe(
      'Parameter reps = 0 is out of range; allowed: 1..100',
    );
  });
});

describe('validateGeneration', () => {
  it.each(['F1', 'F12', 'D1', 'D0', 'BC1F1', 'bc2f3', ' F2 '])('accepts %s', (code) => {
    expect(() => validateGeneration(code)).not.toThrow();
  });
  it.each(['', 'F', 'F0', 'BC1', 'BCF1', 'X1', 'F1F2', 'BC0F1', '1F'])('refuses %s', (code) => {
    expect(() => validateGeneration(code)).toThrow(DesignError);
  });
  it('parses the parts', () => {
    expect(validateGeneration('BC2F3')).toEqual({ kind: 'BC', backcross: 2, filial: 3 });
  });
});
