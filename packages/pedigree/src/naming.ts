/**
 * Names of nursery progeny in the CIMMYT style: a cross keeps its cross name (or cross id) and each
 * selection appends its plant number, so a plant selected as the 1st of CROSSID and then the 2nd of
 * that family is `CROSSID-1-2`. A bulk is `-0` (wheat) or `-B` (maize); a station code may follow
 * the number (`-1Y`, `-0B`). A doubled-haploid line from a source is `SOURCE-DH5` (generation D0).
 */
import { advanceGeneration } from './generation';

/** How a plant was taken: its number (1, 2 …), `0` for a bulk, or `'B'` for a bulk written the maize way. */
export type Selection = number | 'B';

const STATION = /^[A-Z]{1,3}$/;
export const MAX_PLANT = 9999;

export class NamingError extends RangeError {
  constructor(
    readonly code: 'NAME_REQUIRED' | 'BAD_PLANT_NUMBER' | 'BAD_STATION' | 'BAD_DH_NUMBER',
    message: string,
  ) {
    super(message);
    this.name = 'NamingError';
  }
}

function base(name: string): string {
  const trimmed = name?.trim();
  if (!trimmed) throw new NamingError('NAME_REQUIRED', 'the parent name is required');
  return trimmed;
}

/**
 * The name of a plant selected from `parentName`: `selectionName('CROSSID', 1)` is `CROSSID-1`,
 * `selectionName('CROSSID-1', 2)` is `CROSSID-1-2`, `selectionName('CML159-1', 'B')` is `CML159-1-B`,
 * `selectionName('CMSS12Y00123S-099Y', 0, 'B')` is `CMSS12Y00123S-099Y-0B`. Throws NamingError for an
 * empty name, a plant number outside 0..9999 or a station that is not 1 to 3 capital letters.
 */
export function selectionName(parentName: string, plant: Selection, station?: string): string {
  const from = base(parentName);
  if (plant !== 'B' && !(Number.isInteger(plant) && plant >= 0 && plant <= MAX_PLANT)) {
    throw new NamingError('BAD_PLANT_NUMBER', `a plant number must be a whole number from 0 to ${MAX_PLANT}, or B for a bulk: ${String(plant)}`);
  }
  if (station !== undefined && !STATION.test(station)) throw new NamingError('BAD_STATION', `a station code is 1 to 3 capital letters: ${station}`);
  return `${from}-${plant}${station ?? ''}`;
}

/** A nursery entry: its name and generation code. */
export interface Entry {
  name: string;
  generation: string;
}

/**
 * A plant selected from a selfed entry: the selection name and the next generation
 * (`{ name: 'CROSSID', generation: 'F1' }`, plant 1 gives `{ name: 'CROSSID-1', generation: 'F2' }`;
 * BC1F1 gives BC1F2, D0 gives D1). Throws RangeError for an unknown generation code.
 */
export function selfSelection(parent: Entry, plant: Selection, station?: string): Entry {
  return { name: selectionName(parent.name, plant, station), generation: advanceGeneration(parent.generation, 'self') };
}

/** The name of the `lineNo`-th doubled-haploid line from a source: `dhName('CROSSID-1', 5)` is `CROSSID-1-DH5`. */
export function dhName(sourceName: string, lineNo: number): string {
  const from = base(sourceName);
  if (!(Number.isInteger(lineNo) && lineNo >= 1 && lineNo <= MAX_PLANT)) {
    throw new NamingError('BAD_DH_NUMBER', `a DH line number must be a whole number from 1 to ${MAX_PLANT}: ${String(lineNo)}`);
  }
  return `${from}-DH${lineNo}`;
}

/** A doubled-haploid line from a source entry: its name and generation D0 (selfing it gives D1). */
export function doubledHaploid(source: Pick<Entry, 'name'>, lineNo: number): Entry {
  return { name: dhName(source.name, lineNo), generation: 'D0' };
}
