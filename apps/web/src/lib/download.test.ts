import { describe, expect, it } from 'vitest';
import { fileNameFrom, safeFileName } from './download';

describe('download names', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(fileNameFrom(`attachment; filename="___-2026.xlsx"; filename*=UTF-8''%E8%AF%95%E9%AA%8C%E5%9C%B0%E7%82%B9-2026.xlsx`)).toBe('试验地点-2026.xlsx');
    expect(fileNameFrom('attachment; filename="plots.csv"')).toBe('plots.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
  it('strips paths and unsafe characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('a:b*c?.txt')).toBe('a_b_c_.txt');
    expect(safeFileName('...')).toBe('download');
    expect(safeFileName('x\u0000y.txt')).toBe('x_y.txt');
  });
});
