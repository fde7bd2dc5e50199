/** The committed reference data: field books made by test-data/generate.ts and lme4's numbers for them. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFieldBook } from '../csv';
import type { DesignKind, PlotRow } from '../types';

export const TEST_DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-data');

export interface RefTrait {
  n: number;
  grandMean: number;
  blue: {
    formula: string;
    vc: Record<string, number>;
    m2ll: number;
    blues: Record<string, [number, number]>;
    sed: number;
    df: number;
    lsd: number;
    cv: number;
  };
  blup: { formula: string; vc: Record<string, number>; m2ll: number; blups: Record<string, [number] | [number, number, number]>; h2: number };
  default: { blue: { vc: Record<string, number>; m2ll: number }; blup: { vc: Record<string, number>; m2ll: number } };
}

export interface RefSet {
  file: string;
  design: DesignKind;
  plots: PlotRow[];
  traits: Record<string, RefTrait>;
}

export const reference = JSON.parse(readFileSync(join(TEST_DATA, 'lme4-reference.json'), 'utf8')) as {
  generator: string;
  sets: Record<string, { design: DesignKind; traits: Record<string, RefTrait> }>;
};

/** Each reference set with its field book; lattice.csv is analysed with design 'lattice' (the same model as alpha). */
export function referenceSets(): RefSet[] {
  return Object.entries(reference.sets).map(([file, s]) => ({
    file,
    design: file === 'lattice.csv' ? 'lattice' : s.design,
    plots: readFieldBook(readFileSync(join(TEST_DATA, file), 'utf8')).plots,
    traits: s.traits,
  }));
}
