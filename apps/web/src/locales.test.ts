import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

function localeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return localeFiles(p);
    return e.name === 'zh-CN.json' ? [p] : [];
  });
}

describe('translations', () => {
  const files = localeFiles(import.meta.dirname);
  it('exist for the shell and every module', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });
  for (const zh of files) {
    it(`${path.relative(import.meta.dirname, zh)} has the same keys in en, none empty`, () => {
      const zhData = JSON.parse(fs.readFileSync(zh, 'utf8'));
      const enData = JSON.parse(fs.readFileSync(path.join(path.dirname(zh), 'en.json'), 'utf8'));
      expect(keys(enData).sort()).toEqual(keys(zhData).sort());
      for (const data of [zhData, enData]) {
        const values = keys(data).map((k) => k.split('.').reduce((o: any, p) => o[p], data));
        expect(values.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
      }
    });
  }
});
