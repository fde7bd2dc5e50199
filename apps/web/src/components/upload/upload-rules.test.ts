import { describe, expect, it } from 'vitest';
import { isImageFile, isXlsx, overLimit, withinSize } from './upload-rules';

describe('uploader rules', () => {
  it('accepts gif, jpeg and png only as images', () => {
    expect(isImageFile({ name: 'a.PNG', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ name: 'a.gif', type: 'image/gif' })).toBe(true);
    expect(isImageFile({ name: 'a.webp', type: 'image/webp' })).toBe(false);
    expect(isImageFile({ name: 'a.png', type: 'text/plain' })).toBe(false);
    expect(isImageFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
  });
  it('checks the size in MB (10 by default)', () => {
    expect(withinSize({ size: 10 * 1024 * 1024 }, 10)).toBe(true);
    expect(withinSize({ size: 10 * 1024 * 1024 + 1 }, 10)).toBe(false);
  });
  it('applies the multi-uploader limit; 0 means unlimited', () => {
    expect(overLimit(2, 1, 3)).toBe(false);
    expect(overLimit(3, 1, 3)).toBe(true);
    expect(overLimit(100, 50, 0)).toBe(false);
  });
  it('recognises import files', () => {
    expect(isXlsx({ name: 'plan.XLSX' })).toBe(true);
    expect(isXlsx({ name: 'plan.xls' })).toBe(false);
  });
});
