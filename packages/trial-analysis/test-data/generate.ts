/**
 * Writes the reference data sets: layouts of the trial-design engine for the examples its tests use,
 * with two simulated traits each (yield: strong entry and design effects and a few missing plots;
 * height: weak design effects, so some components may fall on the boundary). Run once from the
 * repository root: npx tsx packages/trial-analysis/test-data/generate.ts, then fit them in lme4 with
 * Rscript packages/trial-analysis/test-data/lme4-reference.R.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDesign } from '../../trial-design/src/index';
import type { DesignRequest } from '../../trial-design/src/types';
import { simulate, toCsv, type TraitSpec } from './simulate';

const here = dirname(fileURLToPath(import.meta.url));

interface DataSet {
  file: string;
  request: DesignRequest;
  traits: TraitSpec[];
}

const yieldSpec = (missing: number, over: Partial<TraitSpec> = {}): TraitSpec => ({
  name: 'yield',
  mean: 6,
  entry: 0.8,
  rep: 0.5,
  block: 0.4,
  row: 0.35,
  col: 0.3,
  noise: 0.45,
  missing,
  ...over,
});
const heightSpec = (missing: number, over: Partial<TraitSpec> = {}): TraitSpec => ({
  name: 'height',
  mean: 95,
  entry: 6,
  rep: 2,
  block: 0.3,
  row: 0.2,
  col: 0,
  noise: 5,
  missing,
  ...over,
});

export const DATA_SETS: DataSet[] = [
  { file: 'crd.csv', request: { design: 'crd', entries: 10, reps: 4, seed: 7 }, traits: [yieldSpec(3), heightSpec(0)] },
  { file: 'rcbd.csv', request: { design: 'rcbd', entries: 20, reps: 3, seed: 99 }, traits: [yieldSpec(4), heightSpec(0)] },
  { file: 'alpha.csv', request: { design: 'alpha', entries: 30, reps: 3, blockSize: 5, seed: 11 }, traits: [yieldSpec(4), heightSpec(2)] },
  {
    file: 'row-column.csv',
    request: { design: 'rowcol', entries: 30, reps: 3, rowsPerRep: 5, colsPerRep: 6, seed: 4 },
    traits: [yieldSpec(4, { block: 0 }), heightSpec(2, { block: 0, col: 0.5 })],
  },
  {
    file: 'augmented.csv',
    request: { design: 'augmented', entries: 53, checks: 5, blocks: 5, seed: 1 },
    traits: [yieldSpec(3, { rep: 0, row: 0, col: 0, block: 0.6 }), heightSpec(2, { rep: 0, row: 0, col: 0, block: 3 })],
  },
  { file: 'lattice.csv', request: { design: 'lattice', entries: 16, reps: 3, seed: 5 }, traits: [yieldSpec(3), heightSpec(1)] },
];

DATA_SETS.forEach((set, i) => {
  const design = generateDesign(set.request);
  const plots = simulate(design.plots, set.traits, 1000 + i);
  writeFileSync(
    join(here, set.file),
    toCsv(
      plots,
      set.traits.map((t) => t.name),
    ),
  );
  console.log(`${set.file}: ${plots.length} plots`);
});
