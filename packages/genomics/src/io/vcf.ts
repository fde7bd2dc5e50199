import { GsError, MAX_SNP } from '../errors.js';
import type { Genotypes } from '../genotype.js';
import { checkSampleCode, displayName, lines, readInputFile } from './text.js';

export interface VcfGenotypes extends Genotypes {
  /** Records skipped because they are not bi-allelic SNPs. */
  skipped: number;
}

/**
 * Reads GT calls of bi-allelic SNPs from a VCF (plain or gzip). Counts are of the ALT allele; missing
 * or partly missing calls are missing. Other records (indels, multi-allelic sites) are skipped and
 * counted. Marker names are the ID column, or CHROM:POS when it is '.'.
 */
export function readVcf(path: string): VcfGenotypes {
  return parseVcf(readInputFile(path), displayName(path));
}

/** `readVcf` on bytes already in memory; `file` names them in errors. */
export function parseVcf(buf: Buffer, file: string): VcfGenotypes {
  let samples: string[] | undefined;
  const markers: string[] = [];
  const names = new Set<string>();
  const columns: Int8Array[] = [];
  let skipped = 0;
  for (const [line, lineNo] of lines(buf)) {
    if (line.startsWith('##')) continue;
    const f = line.split('\t');
    if (line.startsWith('#')) {
      if (f.length < 10 || f[8] !== 'FORMAT') {
        throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'VCF header with FORMAT and samples', params: { detail: 'no sample columns' } });
      }
      samples = f.slice(9);
      const seen = new Set<string>();
      for (const s of samples) {
        checkSampleCode(s, file, lineNo);
        if (seen.has(s)) throw new GsError('DUPLICATE_SAMPLE', { file, line: lineNo, rule: 'sample codes are unique', params: { code: s } });
        seen.add(s);
      }
      continue;
    }
    if (!samples)
      throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'the #CHROM header precedes records', params: { detail: 'record before header' } });
    if (f.length !== samples.length + 9) {
      throw new GsError('FILE_FORMAT_INVALID', {
        file,
        line: lineNo,
        rule: 'one field per sample',
        params: { detail: `${f.length} fields, expected ${samples.length + 9}` },
      });
    }
    const [chrom, pos, id, ref, alt] = f;
    if (ref.length !== 1 || alt.length !== 1 || alt === '.' || alt === '*') {
      skipped++;
      continue;
    }
    const gt = f[8].split(':').indexOf('GT');
    if (gt < 0) throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'FORMAT has GT', params: { detail: 'no GT field' } });
    const name = id !== '.' ? id : `${chrom}:${pos}`;
    if (names.has(name)) throw new GsError('DUPLICATE_MARKER', { file, line: lineNo, rule: 'marker names are unique', params: { code: name } });
    names.add(name);
    markers.push(name);
    if (markers.length > MAX_SNP) {
      throw new GsError('SNP_LIMIT_EXCEEDED', {
        file,
        line: lineNo,
        rule: `at most ${MAX_SNP} SNP loci`,
        params: { count: `more than ${MAX_SNP}`, max: MAX_SNP },
      });
    }
    const col = new Int8Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const call = f[9 + i].split(':')[gt] ?? '.';
      const alleles = call.split(/[/|]/);
      if (alleles.length !== 2 || alleles.some((a) => a === '.')) {
        col[i] = -1;
        continue;
      }
      let count = 0;
      for (const a of alleles) {
        if (a === '1') count++;
        else if (a !== '0') throw new GsError('GENOTYPE_VALUE_INVALID', { file, line: lineNo, rule: 'bi-allelic GT calls', params: { value: call } });
      }
      col[i] = count;
    }
    columns.push(col);
  }
  if (!samples) throw new GsError('FILE_FORMAT_INVALID', { file, line: 1, rule: 'a #CHROM header line', params: { detail: 'no header' } });
  const n = samples.length;
  const codes = new Int8Array(n * markers.length);
  columns.forEach((c, j) => codes.set(c, j * n));
  return { samples, markers, codes, skipped };
}
