/**
 * Compiles assembly/kernels.ts and assembly/relaxed.ts to src/kernels/kernels.wasm and relaxed.wasm. The compiled module is committed so that a
 * fresh clone works after `npm install` alone; `kernels.test.ts` recompiles it and fails when the
 * committed bytes differ from the source.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileKernels } from './compile-kernels.js';

for (const which of ['kernels', 'relaxed'] as const) {
  const out = fileURLToPath(new URL(`../src/kernels/${which}.wasm`, import.meta.url));
  const bytes = await compileKernels(which);
  writeFileSync(out, bytes);
  console.log(`wrote ${out} (${bytes.length} bytes)`);
}
