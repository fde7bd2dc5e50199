/**
 * The default models shipped in models/, for the server to seed (Node only: reads files; import it as
 * `@breedwise/workflow/samples`, not from the browser).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SAMPLE_DIR = fileURLToPath(new URL('../models/', import.meta.url));

/** Each sample's file name, process key (the file name without .bpmn) and XML, sorted by file name. */
export function sampleModels(): { file: string; key: string; xml: string }[] {
  return readdirSync(SAMPLE_DIR)
    .filter((f) => f.endsWith('.bpmn'))
    .sort()
    .map((file) => ({ file, key: file.slice(0, -'.bpmn'.length), xml: readFileSync(SAMPLE_DIR + file, 'utf8') }));
}
