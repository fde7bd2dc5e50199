import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { FileKind } from '@breedwise/contracts/common';

export interface Detected {
  ext: string;
  mime: string;
  /** The kinds this content counts as. */
  kinds: FileKind[];
}

const BINARY: Record<string, FileKind[]> = {
  png: ['image'],
  jpg: ['image'],
  gif: ['image'],
  pdf: ['document'],
  docx: ['document'],
  pptx: ['document'],
  xlsx: ['spreadsheet', 'document'],
  xls: ['spreadsheet', 'document'],
  zip: ['archive'],
};

/** Extensions that promise a binary format: their content must match. */
const CLAIMS: Record<string, string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  pdf: ['pdf'],
  docx: ['docx'],
  pptx: ['pptx'],
  xlsx: ['xlsx'],
  xls: ['xls', 'cfb'],
  zip: ['zip', 'xlsx', 'docx', 'pptx'],
};

const TEXT_EXT: Record<string, { mime: string; kinds: FileKind[] }> = {
  csv: { mime: 'text/csv', kinds: ['text', 'document'] },
  tsv: { mime: 'text/tab-separated-values', kinds: ['text', 'document'] },
  txt: { mime: 'text/plain', kinds: ['text', 'document'] },
  json: { mime: 'application/json', kinds: ['text'] },
  fa: { mime: 'text/x-fasta', kinds: ['sequence', 'text'] },
  fasta: { mime: 'text/x-fasta', kinds: ['sequence', 'text'] },
  fna: { mime: 'text/x-fasta', kinds: ['sequence', 'text'] },
};

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

async function looksLikeUtf8Text(path: string): Promise<string | null> {
  const handle = await fsp.open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.includes(0)) return null;
    try {
      // A multi-byte character may be cut at the end of the sample.
      return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, bytesRead - 4)));
    } catch {
      return null;
    }
  } finally {
    await handle.close();
  }
}

/**
 * What a file really is, from its bytes (magic numbers) and, for text formats that have none, from a
 * UTF-8 check plus the extension. Answers null for content we do not accept at all (executables,
 * unknown binaries, an extension that lies about its format).
 */
export async function detectFile(path: string, originalName: string): Promise<Detected | null> {
  const claimed = extensionOf(originalName);
  const found = await fileTypeFromFile(path);
  if (found) {
    const ext = found.ext === 'cfb' && claimed === 'xls' ? 'xls' : found.ext;
    const kinds = BINARY[ext];
    if (!kinds) return null;
    if (CLAIMS[claimed] && !CLAIMS[claimed].includes(found.ext)) return null;
    return { ext, mime: ext === 'xls' ? 'application/vnd.ms-excel' : found.mime, kinds };
  }
  if (CLAIMS[claimed]) return null;
  const text = await looksLikeUtf8Text(path);
  if (text === null) return null;
  const known = TEXT_EXT[claimed];
  if (known) {
    if (known.kinds.includes('sequence') && !text.trimStart().startsWith('>')) return null;
    return { ext: claimed, mime: known.mime, kinds: known.kinds };
  }
  return { ext: 'txt', mime: 'text/plain', kinds: ['text', 'document'] };
}
