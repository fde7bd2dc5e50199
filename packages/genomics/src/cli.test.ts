import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.js';
import { testData } from './test/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'gs-cli-'));
const wheat = (f: string) => testData(`wheat/${f}`);

describe('gs CLI', () => {
  let stderr: string[];
  beforeEach(() => {
    stderr = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      stderr.push(String(s));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('fit writes the JSON result with CV from a fold file', async () => {
    const out = join(dir, 'fit.json');
    const code = await main([
      'fit',
      '--geno',
      wheat('wheat_X.csv.gz'),
      '--geno-coding',
      'inbred01',
      '--pheno',
      wheat('wheat_Y.csv'),
      '--trait',
      '1',
      '--model',
      'gblup',
      '--folds',
      wheat('wheat_fold5_seed123.csv'),
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const r = JSON.parse(readFileSync(out, 'utf8'));
    expect(r).toMatchObject({ model: 'gblup', trait: '1', n: 599, m: 1279 });
    expect(r.varU).toBeCloseTo(0.3014842767, 9);
    expect(r.cv.folds.map((f: { r: number }) => f.r.toFixed(4))).toEqual(['0.5826', '0.4998', '0.4223', '0.6896', '0.2735']);
    expect(Object.keys(r.cv)).toEqual(expect.arrayContaining(['folds', 'meanR', 'meanMSE', 'meanRMSE']));
    expect(typeof r.seconds).toBe('number');
  });

  it('fit rrblup lists marker effects; bayesc takes --iter/--burnin/--seed', async () => {
    const out = join(dir, 'rr.json');
    expect(await main(['fit', '--geno', wheat('wheat_X.csv.gz'), '--pheno', wheat('wheat_Y.csv'), '--trait', '2', '--model', 'rrblup', '--out', out])).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).markerEffects[0]).toHaveProperty('marker', 'wPt.0538');
    const bo = join(dir, 'bc.json');
    expect(
      await main([
        'fit',
        '--geno',
        wheat('wheat_X.csv.gz'),
        '--pheno',
        wheat('wheat_Y.csv'),
        '--trait',
        '2',
        '--model',
        'bayesc',
        '--iter',
        '200',
        '--burnin',
        '50',
        '--seed',
        '3',
        '--k',
        '2',
        '--out',
        bo,
      ]),
    ).toBe(0);
    expect(JSON.parse(readFileSync(bo, 'utf8')).cv.folds).toHaveLength(2);
  });

  it('fit --pedigree fits pedigree BLUP', async () => {
    const ped = join(dir, 'ped.csv');
    const pheno = join(dir, 'ped_pheno.csv');
    const { writeFileSync } = await import('node:fs');
    const ids = Array.from({ length: 40 }, (_, i) => `L${i}`);
    writeFileSync(ped, 'id,female,male\n' + ids.map((id, i) => (i < 8 ? `${id},0,0` : `${id},L${i % 8},L${(i * 3) % 8}`)).join('\n') + '\n');
    writeFileSync(pheno, 'id,y\n' + ids.map((id, i) => `${id},${Math.sin(i) + (i % 8) / 4}`).join('\n') + '\n');
    const out = join(dir, 'pblup.json');
    expect(await main(['fit', '--pedigree', ped, '--pheno', pheno, '--trait', 'y', '--model', 'gblup', '--k', '4', '--seed', '2', '--out', out])).toBe(0);
    const r = JSON.parse(readFileSync(out, 'utf8'));
    expect(r).toMatchObject({ model: 'pblup', n: 40, m: 0 });
    expect(r.cv.folds).toHaveLength(4);
    expect(await main(['fit', '--pedigree', ped, '--pheno', pheno, '--trait', 'y', '--model', 'bayesb', '--out', out])).toBe(2);
  });

  it("grm --method standardized writes PLINK --make-rel square's text (rel) and binary (bin) layouts", async () => {
    const rel = join(dir, 'std.rel');
    expect(await main(['grm', '--geno', testData('plink/small.zip'), '--method', 'standardized', '--format', 'rel', '--out', rel])).toBe(0);
    const ours = readFileSync(rel, 'utf8').split('\n');
    const ref = readFileSync(testData('plink/small_ref.rel'), 'utf8').split('\n');
    expect(ours).toHaveLength(ref.length);
    ours.forEach((line, i) => {
      const a = line.split('\t');
      const b = ref[i].split('\t');
      expect(a).toHaveLength(b.length);
      // Six printed digits each; the computations agree to ~2e-7.
      a.forEach((v, l) => expect(Math.abs(Number(v) - Number(b[l]))).toBeLessThan(1e-6 + 1e-5 * Math.abs(Number(b[l]))));
    });
    expect(readFileSync(`${rel}.id`, 'utf8').trim().split('\n')).toHaveLength(61);
    const bin = join(dir, 'std.bin');
    expect(await main(['grm', '--geno', testData('plink/small'), '--method', 'standardized', '--format', 'bin', '--out', bin])).toBe(0);
    const a = new Float64Array(readFileSync(bin).buffer.slice(0));
    const b = new Float64Array(readFileSync(testData('plink/small_ref.rel.bin')).buffer.slice(0));
    expect(a).toHaveLength(61 * 61);
    for (let t = 0; t < a.length; t++) expect(Math.abs(a[t] - b[t])).toBeLessThan(1e-6);
  });

  it('grm writes csv and bin; hybrid and index write their results', async () => {
    const csv = join(dir, 'g.csv');
    expect(await main(['grm', '--geno', testData('plink/small.zip'), '--method', 'standardized', '--out', csv])).toBe(0);
    expect(readFileSync(csv, 'utf8').split('\n')[0].split(',')).toHaveLength(62);
    const bin = join(dir, 'g.bin');
    expect(await main(['grm', '--geno', testData('plink/small'), '--method', 'vanraden', '--format', 'bin', '--out', bin])).toBe(0);
    expect(readFileSync(bin).length).toBe(61 * 61 * 8);
    expect(readFileSync(`${bin}.id`, 'utf8').trim().split('\n')).toHaveLength(61);
    const hy = join(dir, 'h.json');
    const gt = testData('hybrid/cornhybrids_GT_relationship.csv');
    expect(
      await main([
        'hybrid',
        '--pool1',
        gt,
        '--pool2',
        gt,
        '--pheno',
        testData('hybrid/cornhybrids_pheno.csv'),
        '--trait',
        'Yield',
        '--parent1-col',
        'GCA1',
        '--parent2-col',
        'GCA2',
        '--fixed',
        'Location',
        '--out',
        hy,
      ]),
    ).toBe(0);
    const h = JSON.parse(readFileSync(hy, 'utf8'));
    expect(h.varSca).toBeCloseTo(42.0186, 3);
    expect(h.method).toBe('ai-reml');
    expect(
      await main([
        'hybrid',
        '--pool1',
        gt,
        '--pool2',
        gt,
        '--pheno',
        testData('hybrid/cornhybrids_pheno.csv'),
        '--trait',
        'Yield',
        '--parent1-col',
        'GCA1',
        '--parent2-col',
        'GCA2',
        '--fixed',
        'Location',
        '--method',
        'sommer',
        '--out',
        hy,
      ]),
    ).toBe(0);
    const hs = JSON.parse(readFileSync(hy, 'utf8'));
    expect([hs.method, hs.converged, hs.varGca1]).toEqual(['sommer', true, 0]);
    expect(hs.varGca2).toBeCloseTo(15.188, 2);
    const gebv = join(dir, 'gebv.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(gebv, 'id,A,B\nx,1,5\ny,2,3\nz,3,4\n');
    const idx = join(dir, 'idx.csv');
    expect(await main(['index', '--gebv', gebv, '--weights', 'A:40:+,B:60:-', '--select', '1', '--out', idx])).toBe(0);
    expect(readFileSync(idx, 'utf8').split('\n')[1].split(',').slice(0, 4)).toEqual(['y', '0.6', '1', '1']);
  });

  it.each([
    [
      ['fit', '--geno', wheat('wheat_X.csv.gz'), '--pheno', wheat('wheat_Y.csv'), '--trait', 'nope', '--model', 'gblup', '--out', join(dir, 'x.json')],
      'PHENO_COLUMN_MISSING',
    ],
    [['fit', '--geno', wheat('wheat_X.csv.gz'), '--model', 'lasso', '--out', join(dir, 'x.json')], 'ARGUMENT_INVALID'],
    [['grm', '--geno', 'missing.zip', '--method', 'vanraden', '--out', join(dir, 'g')], 'FILE_NOT_FOUND'],
    [['index', '--gebv', wheat('wheat_Y.csv'), '--weights', '1:50:+,2:40:-', '--out', join(dir, 'i.csv')], 'INDEX_WEIGHTS_INVALID'],
    [['fit', '--bogus', 'x'], 'ARGUMENT_INVALID'],
    [['hybrid', '--pool1', 'a', '--pool2', 'b', '--pheno', 'c', '--trait', 'Y', '--method', 'em', '--out', join(dir, 'h.json')], 'ARGUMENT_INVALID'],
    [['hybrid', '--pool1', 'a', '--pool2', 'b', '--pheno', 'c', '--trait', 'Y', '--max-iter', '0', '--out', join(dir, 'h.json')], 'ARGUMENT_INVALID'],
    [['frobnicate'], 'ARGUMENT_INVALID'],
  ])('invalid input %#: exit 2 and one stderr line', async (argv, code) => {
    expect(await main(argv as string[])).toBe(2);
    const text = stderr.join('');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toContain(code);
  });
});

describe('gs CLI as a process', () => {
  it('bin/gs (the compiled bundle, kernels and worker beside it) writes the standardised GRM PLINK writes', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const bin = join(dir, 'proc.rel.bin');
    const r = spawnSync(join(root, 'bin/gs'), ['grm', '--geno', testData('plink/small.zip'), '--method', 'standardized', '--format', 'bin', '--out', bin], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const read = (path: string) => {
      const buf = readFileSync(path);
      return new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
    };
    const ours = read(bin);
    const ref = read(testData('plink/small_ref.rel.bin'));
    expect(ours.length).toBe(ref.length);
    let diff = 0;
    for (let t = 0; t < ref.length; t++) diff = Math.max(diff, Math.abs(ours[t] - ref[t]));
    expect(diff).toBeLessThan(1e-6);
    expect(readFileSync(`${bin}.id`, 'utf8')).toBe(
      readFileSync(testData('plink/small_ref.rel.id'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1])
        .join('\n') + '\n',
    );
  });

  it('npm run -s gs exits 2 with one line on stderr for invalid input', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const r = spawnSync(
      'npm',
      ['run', '-s', 'gs', '--', 'fit', '--geno', 'g.csv', '--pheno', 'my pheno.csv', '--trait', '1', '--model', 'gblup', '--out', join(dir, 'x.json')],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('FILE_NAME_HAS_SPACE');
  });
});
