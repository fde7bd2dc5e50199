import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsvTable } from '../../genomics/src/io/text';
import { phenotypesFromTable } from '../../genomics/src/io/pheno';
import { main } from './cli';
import { TEST_DATA, reference } from './test-support/data';
import type { ExperimentAnalysis } from './types';

function run(args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(
    args,
    (s) => (out += s),
    (s) => (err += `${s}\n`),
  );
  return { code, out, err };
}

const alpha = join(TEST_DATA, 'alpha.csv');

describe('trial-analysis CLI', () => {
  it('prints a readable summary', () => {
    const r = run(['--design', 'alpha', '--file', alpha, '--trait', 'yield']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toContain('Trait yield: alpha design, 86 plots used, 4 missing, 30 entries');
    expect(r.out).toContain('y ~ 0 + entry + rep + (1 | rep:block)');
    expect(r.out).toMatch(/REML -2logLik 139\.714\d/);
    expect(r.out).toContain('LSD(5%)');
    expect(r.out.split('\n').filter((l) => /^\d+\s+\d+\s/.test(l))).toHaveLength(30);
  });

  it('writes JSON with --out and a GS phenotype table that the genomics engine reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trial-analysis-'));
    const out = join(dir, 'result.json');
    const pheno = join(dir, 'pheno.csv');
    const r = run(['--design', 'alpha', '--file', alpha, '--trait', 'yield,height', '--format', 'json', '--out', out, '--phenotypes', pheno]);
    expect(r.code).toBe(0);
    const saved = JSON.parse(readFileSync(out, 'utf8')) as ExperimentAnalysis;
    expect(JSON.parse(r.out)).toEqual(saved);
    expect(saved.traits.map((t) => t.trait)).toEqual(['yield', 'height']);
    expect(saved.traits[0].fits.blue.minus2LogLik).toBeCloseTo(reference.sets['alpha.csv'].traits.yield.blue.m2ll, 6);
    const table = parseCsvTable(readFileSync(pheno), 'pheno.csv');
    const p = phenotypesFromTable(table, { trait: 'height' });
    expect(p.records).toHaveLength(30);
    const blue = saved.traits[1].blues.find((b) => b.entry === p.records[0].id)!;
    expect(p.records[0].value).toBeCloseTo(blue.value, 6);
  });

  it('reads the trial-design export (entry_type marks checks, fillers left out)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trial-analysis-'));
    const file = join(dir, 'book.csv');
    const src = readFileSync(join(TEST_DATA, 'augmented.csv'), 'utf8').trim().split('\n');
    const rows = src.slice(1).map((l) => l.split(','));
    const lines = ['plot_id,entry,block,entry_type,yield', ...rows.map((c) => `${c[0]},${c[1]},${c[3]},${c[6] === '1' ? 'check' : 'test'},${c[7]}`)];
    lines.push('L1-P999,0,5,filler,');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const r = run(['--design', 'augmented', '--file', file, '--format', 'json']);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.out) as ExperimentAnalysis;
    expect(res.traits[0].n).toBe(reference.sets['augmented.csv'].traits.yield.n);
    expect(res.traits[0].lsd).toBeCloseTo(reference.sets['augmented.csv'].traits.yield.blue.lsd, 8);
  });

  it.each([
    [['--design', 'alpha'], /^error usage: --file is required\n$/],
    [['--file', alpha], /^error usage: --design is required/],
    [['--design', 'split', '--file', alpha], /^error UNKNOWN_DESIGN: /],
    [['--design', 'alpha', '--file', alpha, '--trait', 'weight'], /^error TRAIT_MISSING: The data have no trait column weight\n$/],
    [
      ['--design', 'alpha', '--file', join(TEST_DATA, 'crd.csv'), '--trait', 'yield'],
      /^error DESIGN_FACTOR_MISSING: The alpha analysis needs column block, which plot L1-P101 lacks\n$/,
    ],
    [['--design', 'alpha', '--file', join(TEST_DATA, 'nope.csv')], /^error: ENOENT/],
    [['--design', 'alpha', '--file', alpha, '--format', 'xml'], /^error usage: --format/],
    [['--design', 'alpha', '--file', alpha, '--max-iter', '0'], /^error usage: --max-iter/],
    [['--design', 'alpha', '--file', alpha, '--bogus'], /^error usage: /],
  ])('bad input %j: one line on stderr, exit 2', (args, message) => {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('error messages in Chinese with --lang zh-CN', () => {
    const r = run(['--design', 'alpha', '--file', alpha, '--trait', 'weight', '--lang', 'zh-CN']);
    expect(r.err).toBe('error TRAIT_MISSING: 数据中没有性状列 weight\n');
  });

  it('--help prints the usage', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('--design crd|rcbd|alpha|row-column|augmented|lattice');
  });
});
