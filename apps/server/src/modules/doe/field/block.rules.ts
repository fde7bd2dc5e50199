import type { Locale } from '@breedwise/contracts';
import { MAX_FIELD_BLOCKS, tierRanges, type BlockInput } from '@breedwise/contracts/doe';
import { refusal } from '../shared';

export interface FieldShape {
  rows: number;
  cols: number;
  tiers: number;
}

/** The tier (1-based) holding a block, or null when it spans more than one. */
export function tierOfBlock(field: FieldShape, b: { startRow: number; rows: number }): number | null {
  const ranges = tierRanges(field.rows, field.tiers);
  const last = b.startRow + b.rows - 1;
  const i = ranges.findIndex((t) => b.startRow >= t.fromRow && b.startRow <= t.toRow);
  if (i < 0 || last > ranges[i].toRow) return null;
  return i + 1;
}

/**
 * Spec section 5: blocks lie inside the field, never cross a tier ("a plot layout cannot cross tiers"),
 * carry unique names, do not overlap, and are no more than the maximum. Answers each block's tier.
 */
export function checkBlocks(field: FieldShape, blocks: BlockInput[], locale: Locale, index = (i: number) => `blocks.${i}`): number[] {
  if (blocks.length > MAX_FIELD_BLOCKS) throw refusal(400, 'DOE_BLOCK_COUNT_EXCEEDED', { count: blocks.length, max: MAX_FIELD_BLOCKS }, locale, 'blocks');
  const seen = new Set<string>();
  const tiers: number[] = [];
  blocks.forEach((b, i) => {
    const at = (key: string) => [index(i), key].filter(Boolean).join('.');
    if (seen.has(b.name)) throw refusal(409, 'DOE_BLOCK_NAME_EXISTS', { name: b.name }, locale, at('name'));
    seen.add(b.name);
    if (b.startRow + b.rows - 1 > field.rows || b.startCol + b.cols - 1 > field.cols) {
      throw refusal(400, 'DOE_BLOCK_OUTSIDE_FIELD', { name: b.name, rows: field.rows, cols: field.cols }, locale, at('rows'));
    }
    const tier = tierOfBlock(field, b);
    if (tier === null)
      throw refusal(400, 'DOE_BLOCK_CROSSES_TIER', { name: b.name, fromRow: b.startRow, toRow: b.startRow + b.rows - 1 }, locale, at('startRow'));
    tiers.push(tier);
  });
  // Sorted by start row, only blocks that can still reach down are compared.
  const order = blocks.map((b, i) => i).sort((a, b) => blocks[a].startRow - blocks[b].startRow);
  for (let x = 0; x < order.length; x++) {
    const a = blocks[order[x]];
    for (let y = x + 1; y < order.length; y++) {
      const b = blocks[order[y]];
      if (b.startRow > a.startRow + a.rows - 1) break;
      if (b.startCol <= a.startCol + a.cols - 1 && a.startCol <= b.startCol + b.cols - 1) {
        throw refusal(400, 'DOE_BLOCK_OVERLAP', { name: b.name, other: a.name }, locale);
      }
    }
  }
  return tiers;
}

/** Blocks of `rowsPerBlock` x `colsPerBlock` tiling each tier from its first row; edges keep the remainder. */
export function tileBlocks(field: FieldShape, rowsPerBlock: number, colsPerBlock: number, prefix: string): BlockInput[] {
  const out: BlockInput[] = [];
  for (const t of tierRanges(field.rows, field.tiers)) {
    for (let r = t.fromRow; r <= t.toRow; r += rowsPerBlock) {
      for (let c = 1; c <= field.cols; c += colsPerBlock) {
        out.push({
          name: `${prefix}${out.length + 1}`,
          startRow: r,
          startCol: c,
          rows: Math.min(rowsPerBlock, t.toRow - r + 1),
          cols: Math.min(colsPerBlock, field.cols - c + 1),
          remark: null,
        });
      }
    }
  }
  return out;
}
