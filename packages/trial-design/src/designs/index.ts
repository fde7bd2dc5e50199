import { alphaStructure, randomiseResolvable } from './alpha';
import { planAugmented } from './augmented';
import { blockStats, memo, toTreatments, type PlanContext } from './common';
import { planCrd } from './crd';
import { planDiagonal } from './diagonal';
import { planEntryOrder } from './entry-order';
import { planFactorial, planSplit, planStrip } from './factorial';
import { planLatin } from './latin';
import { latticeStructure } from './lattice';
import type { Plan } from './plan';
import { planPrep } from './prep';
import { planRcbd } from './rcbd';
import { randomiseRowCol, rowColStats, rowColStructure } from './rowcol';
import type { DesignSettings, NormalizedEntry } from '../validate';

/** Builds and randomises the design of one location from its entries. */
export function planLocation(settings: DesignSettings, entries: NormalizedEntry[], ctx: PlanContext): Plan {
  const { rng } = ctx;
  const v = entries.length;
  switch (settings.design) {
    case 'crd':
      return planCrd(entries, settings.reps, rng);
    case 'rcbd':
      return planRcbd(entries, settings.reps, rng);
    case 'latin':
      return planLatin(entries, settings.reps, rng);
    case 'lattice': {
      const { k, reps } = settings;
      const structure = memo(ctx, `lattice:${k}:${reps}`, () => latticeStructure(k, reps));
      const treatments = toTreatments(entries);
      return {
        treatments,
        regions: randomiseResolvable(structure, treatments, rng),
        stats: blockStats(`lattice:${k}:${reps}`, v, structure.flat(), { r: reps, k }),
      };
    }
    case 'alpha': {
      const { blockSize, reps } = settings;
      const key = `alpha:${v}:${blockSize}:${reps}`;
      const structure = memo(ctx, key, () => alphaStructure(v, blockSize, reps, ctx.seed));
      const treatments = toTreatments(entries);
      return {
        treatments,
        regions: randomiseResolvable(structure, treatments, rng),
        stats: blockStats(key, v, structure.flat(), { r: reps, k: blockSize }),
      };
    }
    case 'rowcol': {
      const { rowsPerRep: p, colsPerRep: q, reps } = settings;
      const key = `rowcol:${v}:${p}:${q}:${reps}`;
      const structure = memo(ctx, key, () => rowColStructure(v, p, q, reps, ctx.seed));
      const treatments = toTreatments(entries);
      return { treatments, regions: randomiseRowCol(structure, treatments, rng), stats: rowColStats(structure, v, key) };
    }
    case 'augmented':
      return planAugmented(entries, settings.blocks, rng);
    case 'diagonal':
      return planDiagonal(entries, settings.checkPercent, ctx);
    case 'prep':
      return planPrep(entries, ctx);
    case 'split':
      return planSplit(settings.wholePlot, settings.subPlot, entries, settings.reps, rng);
    case 'strip':
      return planStrip(settings.horizontal, settings.vertical, entries, settings.reps, rng);
    case 'factorial':
      return planFactorial(settings.factors, entries, settings.reps, settings.base, rng);
    case 'entry-order':
      return planEntryOrder(entries, settings);
  }
}
