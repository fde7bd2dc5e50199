import { zipSync } from 'fflate';
import { encodeBed, type Genotypes } from '@breedwise/genomics';

/**
 * A PLINK 1 .zip (the spec's upload form) of genotypes: .bed from the engine's encoder, .bim with the
 * counted allele first, .fam with the sample codes. Used by the demo data, the tests and the benchmark.
 */
export function plinkZip(g: Genotypes, base: string, chromosomes?: { chr: string[]; pos: number[] }): Buffer {
  const bim = g.markers.map((m, j) => `${chromosomes?.chr[j] ?? 1}\t${m}\t0\t${chromosomes?.pos[j] ?? j + 1}\tA\tB`).join('\n') + '\n';
  const fam = g.samples.map((s) => `${s} ${s} 0 0 0 -9`).join('\n') + '\n';
  return Buffer.from(
    zipSync({
      [`${base}.bed`]: encodeBed(g),
      [`${base}.bim`]: Buffer.from(bim),
      [`${base}.fam`]: Buffer.from(fam),
    }),
  );
}
