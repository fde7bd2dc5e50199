import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { GsError, MAX_SNP, formatGsMessage, gsErrorMessages } from '../errors.js';
import { pedigreeA } from '../relationship.js';
import { readRefCsv, testData } from '../test/fixtures.js';
import { parseGenotypeCsv, readGenotypeCsv, readMatrixCsv } from './csv.js';
import { readGenotypes, readPoolRelationship } from './genotypes.js';
import { readPedigree } from './pedigree.js';
import { readFoldFile, readHybridPhenotypes, readPhenotypes } from './pheno.js';
import { encodeBed, readPlink } from './plink.js';
import { parseVcf } from './vcf.js';

const dir = mkdtempSync(join(tmpdir(), 'gs-io-'));
function file(name: string, text: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function caught(f: () => unknown): GsError {
  try {
    f();
  } catch (err) {
    if (err instanceof GsError) return err;
    throw err;
  }
  throw new Error('expected a GsError');
}

describe('genotype CSV', () => {
  it('reads counts with NA and empty as missing', () => {
    const g = parseGenotypeCsv(Buffer.from('id,m1,m2,m3\nA1,0,1,2\nB-2,NA,,1\n'), 'g.csv');
    expect(g.samples).toEqual(['A1', 'B-2']);
    expect(Array.from(g.codes)).toEqual([0, -1, 1, -1, 2, 1]);
  });

  it.each([
    ['id,m1\nA 1,0\n', 'SAMPLE_CODE_INVALID', 2],
    ['id,m1\nA1,0\n样品,1\n', 'SAMPLE_CODE_INVALID', 3],
    ['id,m1\n"A,1",0\n', 'SAMPLE_CODE_INVALID', 2],
    ['id,m1\nA#1,0\n', 'SAMPLE_CODE_INVALID', 2],
    ['id,m1\nA1,3\n', 'GENOTYPE_VALUE_INVALID', 2],
    ['id,m1\nA1,0\nA1,1\n', 'DUPLICATE_SAMPLE', 3],
    ['id,m1,m1\nA1,0,1\n', 'DUPLICATE_MARKER', 1],
    ['id,m1,m2\nA1,0\n', 'FILE_FORMAT_INVALID', 2],
  ])('%j is refused with %s at line %i', (text, code, line) => {
    const err = caught(() => parseGenotypeCsv(Buffer.from(text), 'g.csv'));
    expect(err.code).toBe(code);
    expect(err.file).toBe('g.csv');
    expect(err.line).toBe(line);
    expect(err.rule).toBeTruthy();
    expect(err.message).toContain('g.csv');
  });

  it('refuses more than 100,000 SNP loci', () => {
    const header = ['id', ...Array.from({ length: MAX_SNP + 1 }, (_, j) => `m${j}`)].join(',');
    const err = caught(() => parseGenotypeCsv(Buffer.from(`${header}\n`), 'big.csv'));
    expect(err.code).toBe('SNP_LIMIT_EXCEEDED');
    expect(err.params.count).toBe(MAX_SNP + 1);
  });

  it('refuses file names with spaces', () => {
    const err = caught(() => readGenotypeCsv(file('my geno.csv', 'id,m1\nA,0\n')));
    expect(err.code).toBe('FILE_NAME_HAS_SPACE');
    expect(err.file).toBe('my geno.csv');
  });

  it('reads the inbred 0/1 coding as counts 0/2', () => {
    const g = parseGenotypeCsv(Buffer.from('id,m1,m2\nA,0,1\n'), 'g.csv', 'inbred01');
    expect(Array.from(g.codes)).toEqual([0, 2]);
  });
});

describe('PLINK binary', () => {
  it('reads a prefix and the same data from a .zip', () => {
    const a = readPlink(testData('plink/small'));
    const b = readPlink(testData('plink/small.zip'));
    expect(a.samples).toHaveLength(61);
    expect(a.markers).toHaveLength(300);
    expect(b).toEqual(a);
    expect(Buffer.from(encodeBed(a))).toEqual(readFileSync(testData('plink/small.bed')));
    expect(readGenotypes(testData('plink/small.bed')).samples).toEqual(a.samples);
  });

  it('decodes whole words (sample count a multiple of 4) and partial bytes alike', () => {
    const full = readPlink(testData('plink/small'));
    for (const n of [60, 57]) {
      // The first n samples, written back as .bed/.bim/.fam and read again.
      const m = full.markers.length;
      const codes = new Int8Array(n * m);
      for (let j = 0; j < m; j++) codes.set(full.codes.subarray(j * 61, j * 61 + n), j * n);
      const g = { samples: full.samples.slice(0, n), markers: full.markers, codes };
      const prefix = join(dir, `sub${n}`);
      writeFileSync(`${prefix}.bed`, encodeBed(g));
      writeFileSync(`${prefix}.bim`, readFileSync(testData('plink/small.bim')));
      writeFileSync(`${prefix}.fam`, readFileSync(testData('plink/small.fam'), 'utf8').split('\n').slice(0, n).join('\n') + '\n');
      const back = readPlink(prefix);
      expect(back.samples).toEqual(g.samples);
      expect(back.codes).toEqual(codes);
      expect([...codes].filter((c) => c < 0).length).toBeGreaterThan(0);
    }
  });

  it('refuses archives with unsafe paths or missing parts', () => {
    const bed = readFileSync(testData('plink/small.bed'));
    const bim = readFileSync(testData('plink/small.bim'));
    const fam = readFileSync(testData('plink/small.fam'));
    const evil = file('evil.zip', zipSync({ '../x.bed': bed, 'x.bim': bim, 'x.fam': fam }));
    expect(caught(() => readPlink(evil)).code).toBe('ZIP_CONTENT_INVALID');
    const partial = file('partial.zip', zipSync({ 'x.bed': bed, 'x.bim': bim }));
    expect(caught(() => readPlink(partial)).params.detail).toContain('.fam');
    expect(caught(() => readPlink(file('junk.zip', 'not a zip'))).code).toBe('ZIP_CONTENT_INVALID');
  });

  it('checks the .bed size against .bim and .fam', () => {
    const prefix = join(dir, 'cut');
    writeFileSync(`${prefix}.bed`, readFileSync(testData('plink/small.bed')).subarray(0, 100));
    writeFileSync(`${prefix}.bim`, readFileSync(testData('plink/small.bim')));
    writeFileSync(`${prefix}.fam`, readFileSync(testData('plink/small.fam')));
    expect(caught(() => readPlink(prefix)).code).toBe('FILE_FORMAT_INVALID');
  });
});

describe('VCF', () => {
  it('reads GT of bi-allelic SNPs and skips the rest', () => {
    const vcf = [
      '##fileformat=VCFv4.2',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\tS2\tS3',
      '1\t100\trs1\tA\tG\t.\tPASS\t.\tGT:DP\t0/0:3\t0|1:4\t1/1:5',
      '1\t200\t.\tAT\tA\t.\tPASS\t.\tGT\t0/0\t0/1\t1/1',
      '1\t300\t.\tC\tT,G\t.\tPASS\t.\tGT\t0/0\t0/1\t1/1',
      '2\t400\t.\tC\tT\t.\tPASS\t.\tGT\t./.\t1/0\t0/0',
    ].join('\n');
    const g = parseVcf(Buffer.from(vcf), 'x.vcf');
    expect(g.samples).toEqual(['S1', 'S2', 'S3']);
    expect(g.markers).toEqual(['rs1', '2:400']);
    expect(g.skipped).toBe(2);
    expect(Array.from(g.codes)).toEqual([0, 1, 2, -1, 1, 0]);
  });
});

describe('phenotypes, folds, matrices and pedigrees', () => {
  it('reads traits with NA and fixed factors, and names a missing column', () => {
    const path = file('pheno.csv', 'line,env,y\nA,E1,1.5\nB,E2,NA\nC,E1,\n');
    const ph = readPhenotypes(path, { trait: 'y', idColumn: 'line', fixed: ['env'] });
    expect(ph.records.map((r) => r.value)).toEqual([1.5, Number.NaN, Number.NaN]);
    expect(ph.records[1].fixed).toEqual(['E2']);
    const err = caught(() => readPhenotypes(path, { trait: 'z' }));
    expect(err.code).toBe('PHENO_COLUMN_MISSING');
    expect(err.params.column).toBe('z');
    expect(caught(() => readPhenotypes(file('pheno.txt', 'id,y\nA,1\n'), { trait: 'y' })).code).toBe('FILE_FORMAT_INVALID');
    const bad = file('bad.csv', 'id,y\nA,1\nB,tall\n');
    expect(caught(() => readPhenotypes(bad, { trait: 'y' }))).toMatchObject({ code: 'PHENO_VALUE_INVALID', line: 3 });
  });

  it('reads fold files and hybrid records', () => {
    expect(readFoldFile(testData('wheat/wheat_fold5_seed123.csv')).size).toBe(599);
    expect(caught(() => readFoldFile(file('f.csv', 'id,fold\nA,0\n'))).code).toBe('FOLD_FILE_INVALID');
    const rows = readRefCsv('hybrid/technow_pheno.csv').slice(1);
    const dent = [...new Set(rows.map((r) => r[1]))];
    const flint = [...new Set(rows.map((r) => r[2]))];
    const recs = readHybridPhenotypes(testData('hybrid/technow_pheno.csv'), { trait: 'GY' }, dent, flint);
    expect(recs.length).toBe(1254);
    expect(recs[0]).toMatchObject({ parent1: '518', parent2: '298', value: -8.04 });
    const named = readHybridPhenotypes(testData('hybrid/technow_pheno.csv'), { trait: 'GM', parent1Column: 'dent', parent2Column: 'flint' }, dent, flint);
    expect(named[0].value).toBe(-0.85);
  });

  it('detects a relationship matrix CSV for a pool', async () => {
    const K = await readPoolRelationship(testData('hybrid/cornhybrids_GT_relationship.csv'));
    expect(K.ids).toHaveLength(40);
    expect(readMatrixCsv(testData('hybrid/cornhybrids_GT_relationship.csv')).values[0]).toBeCloseTo(2.23285527874221, 12);
    const ped = await readPoolRelationship(file('pool_ped.csv', 'id,female,male\nP3,P1,P2\nP1,0,0\nP2,0,0\n'));
    expect(ped.values[ped.ids.indexOf('P3') * 3 + ped.ids.indexOf('P1')]).toBe(0.5);
    const geno = await readPoolRelationship(file('pool_geno.csv', 'id,m1,m2,m3\nA,0,2,1\nB,2,0,1\nC,1,1,0\n'));
    expect(geno.ids).toEqual(['A', 'B', 'C']);
  });

  it('orders a pedigree, computes A and refuses cycles', () => {
    // Textbook example (Mrode, Table 2.1): A[5,6] = 0.5625 with 5 and 6 sharing parents 3 and 4.
    const path = file('ped.csv', 'id,female,male\n6,3,4\n5,3,4\n4,1,0\n3,1,2\n');
    const ped = readPedigree(path);
    expect(ped.ids.indexOf('1')).toBeLessThan(ped.ids.indexOf('3'));
    const A = pedigreeA(ped);
    const at = (a: string, b: string) => A.values[A.ids.indexOf(a) * A.ids.length + A.ids.indexOf(b)];
    expect(at('3', '4')).toBeCloseTo(0.25, 12);
    expect(at('5', '5')).toBeCloseTo(1.125, 12);
    expect(at('5', '6')).toBeCloseTo(0.625, 12);
    const cyc = file('cyc.csv', 'id,female,male\nA,B,0\nB,A,0\n');
    expect(caught(() => readPedigree(cyc)).code).toBe('PEDIGREE_INVALID');
    expect(caught(() => readPedigree(file('sp.csv', 'id,female,male\nA 1,0,0\n'))).code).toBe('PEDIGREE_CODE_INVALID');
  });
});

describe('error catalogue', () => {
  it('has both languages for every code and fills placeholders', () => {
    for (const [code, m] of Object.entries(gsErrorMessages)) {
      const zh = m['zh-CN'].match(/\{\w+\}/g)?.sort();
      const en = m.en.match(/\{\w+\}/g)?.sort();
      expect(zh, code).toEqual(en);
    }
    expect(formatGsMessage('SNP_LIMIT_EXCEEDED', { file: 'a.zip', count: 100001, max: MAX_SNP }, 'zh-CN')).toBe(
      '文件 a.zip 含 100001 个SNP位点，超过上限 100000',
    );
  });
});
