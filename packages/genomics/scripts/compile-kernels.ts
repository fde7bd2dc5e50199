import asc from 'assemblyscript/asc';
import { fileURLToPath } from 'node:url';

/** Pages of the shared memory's maximum (4 GiB); the host grows it as the matrices require. */
export const KERNEL_MAX_PAGES = 65536;

/**
 * Compiles AssemblyScript kernels in memory and returns the .wasm bytes: `kernels` (assembly/kernels.ts, SIMD
 * and threads) or `relaxed` (assembly/relaxed.ts, which also needs relaxed SIMD).
 */
export async function compileKernels(which: 'kernels' | 'relaxed' = 'kernels'): Promise<Uint8Array> {
  const source = fileURLToPath(new URL(`../assembly/${which}.ts`, import.meta.url));
  let binary: Uint8Array | undefined;
  const errors: string[] = [];
  const { error } = await asc.main(
    [
      source,
      '-o',
      'kernels.wasm',
      '-O3',
      '--enable',
      which === 'relaxed' ? 'simd,threads,relaxed-simd' : 'simd,threads',
      '--runtime',
      'stub',
      '--importMemory',
      '--sharedMemory',
      '--initialMemory',
      '1',
      '--maximumMemory',
      String(KERNEL_MAX_PAGES),
      '--noAssert',
      '--use',
      'abort=',
      '--noExportMemory',
    ],
    {
      writeFile(name: string, contents: string | Uint8Array) {
        if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
      },
      stderr: {
        write: (s: string | Uint8Array) => {
          errors.push(String(s));
          return true;
        },
      } as never,
      stdout: { write: () => true } as never,
    },
  );
  if (error || !binary) throw new Error(`AssemblyScript compilation failed: ${error?.message ?? ''}\n${errors.join('')}`);
  return binary;
}
