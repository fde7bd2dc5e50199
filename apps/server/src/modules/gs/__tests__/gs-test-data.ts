import fs from 'node:fs';
import path from 'node:path';
import { readGenotypeCsv } from '@breedwise/genomics';
import { plinkZip } from '../gs-fixtures';

/** The reference wheat set the repository holds (599 lines x 1,279 DArT markers, 0/1 read as 0/2; 4 traits). */
export const WHEAT_DIR = process.env.GS_REFERENCE_DIR ?? path.resolve(__dirname, '../../../../../../packages/genomics/test-data/wheat');

export function wheatFiles(dir: string): { zip: string; pheno: string } {
  const g = readGenotypeCsv(path.join(WHEAT_DIR, 'wheat_X.csv.gz'), 'inbred01');
  const zip = path.join(dir, 'wheat.zip');
  fs.writeFileSync(zip, plinkZip(g, 'wheat'));
  const pheno = path.join(dir, 'wheat_pheno.csv');
  fs.copyFileSync(path.join(WHEAT_DIR, 'wheat_Y.csv'), pheno);
  return { zip, pheno };
}

/** A multipart body with several files (the dataset form: `phenotype` and `genotype`). */
export function multipartFiles(fields: Record<string, string>, files: Array<{ field: string; name: string; content: Buffer }>) {
  const boundary = `----gs${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
