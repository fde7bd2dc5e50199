import type { PlacedRegion } from './place';
import { DesignError } from '../errors';
import { MAX_DIGITS } from '../constants';

export interface NumberingSettings {
  mode: 'block' | 'continuous';
  startNumber: number;
  digits: number | null;
}

const digitsOf = (n: number): number => String(Math.max(0, Math.floor(n))).length;

/**
 * Plot numbers for every owned cell. Block mode: region label * 10^d + serial within the region,
 * d = the chosen digits or the fewest that fit (at least 2: 101, 102, ...; 1001 once a rep holds
 * more than 99 plots). Continuous: startNumber onward along the planting order. Refused when the
 * chosen digits cannot hold the numbers.
 */
export function numberCells(regions: PlacedRegion[], settings: NumberingSettings, cellCount: number): { numbers: Float64Array; digits: number } {
  const numbers = new Float64Array(cellCount).fill(-1);
  if (settings.mode === 'block') {
    const largest = Math.max(...regions.map((r) => r.cells.length));
    const needed = Math.max(2, digitsOf(largest));
    const d = settings.digits ?? needed;
    if (d < needed) {
      throw new DesignError('DIGITS_TOO_FEW', 'numbering.digits', `${needed}..${MAX_DIGITS}`, { value: d, required: needed });
    }
    const top = Math.max(...regions.map((r) => r.label));
    if (digitsOf(top) + d > MAX_DIGITS + 1) {
      throw new DesignError('DIGITS_TOO_FEW', 'numbering.digits', `${needed}..${MAX_DIGITS + 1 - digitsOf(top)}`, {
        value: d,
        required: digitsOf(top) + d,
      });
    }
    const scale = 10 ** d;
    for (const r of regions) r.cells.forEach((cell, i) => (numbers[cell] = r.label * scale + i + 1));
    return { numbers, digits: d };
  }
  const total = regions.reduce((s, r) => s + r.cells.length, 0);
  const last = settings.startNumber + total - 1;
  const needed = digitsOf(last);
  if (settings.digits !== null && settings.digits < needed) {
    throw new DesignError('DIGITS_TOO_FEW', 'numbering.digits', `${needed}..${MAX_DIGITS}`, { value: settings.digits, required: needed });
  }
  if (needed > MAX_DIGITS) {
    throw new DesignError('DIGITS_TOO_FEW', 'numbering.startNumber', `a start number with ${MAX_DIGITS} digits or fewer at the end`, {
      value: settings.startNumber,
      required: needed,
    });
  }
  let n = settings.startNumber;
  for (const r of regions) for (const cell of r.cells) numbers[cell] = n++;
  return { numbers, digits: settings.digits ?? needed };
}
