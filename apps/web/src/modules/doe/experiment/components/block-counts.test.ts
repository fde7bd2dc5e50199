import { describe, expect, it } from 'vitest';
import { validBlockCounts } from './block-counts';

describe('valid block counts from the engine’s rules', () => {
  it('suggests alpha block counts giving equal blocks first, never a single block', () => {
    const counts = validBlockCounts('alpha', 64, 4, 2);
    expect(counts).toEqual(expect.arrayContaining([2, 4, 8, 16]));
    expect(counts).not.toContain(1);
    expect(counts.length).toBeLessThanOrEqual(8);
  });
  it('suggests augmented block counts no larger than the test entries', () => {
    const counts = validBlockCounts('augmented', 8, 3, null);
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(5);
  });
  it('suggests nothing for designs without a block count', () => {
    expect(validBlockCounts('rcbd', 30, 2, 2)).toEqual([]);
  });
});
