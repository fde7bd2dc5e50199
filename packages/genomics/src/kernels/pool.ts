import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

type KernelName = 'syrkI16' | 'syrkF32' | 'syrkF32Fma' | 'tridiagonalize' | 'gibbsSweep' | 'cholesky' | 'inverseDiagonal';
interface KernelExports {
  syrkI16(a: number, np: number, kc: number, c: number, i0: number, i1: number): void;
  syrkF32(a: number, np: number, kc: number, c: number, i0: number, i1: number): void;
  syrkF32Fma?(a: number, np: number, kc: number, c: number, i0: number, i1: number): void;
  tridiagonalize(a: number, n: number, d: number, e: number, tau: number, w: number, p: number, z: number): void;
  gibbsSweep(
    x: number,
    n: number,
    m: number,
    e: number,
    b: number,
    d: number,
    xx: number,
    varB: number,
    z: number,
    u: number,
    varE: number,
    logPriorOdds: number,
    selection: number,
  ): void;
  cholesky(a: number, n: number): number;
  inverseDiagonal(l: number, n: number, out: number, x: number): void;
}

const PAGE = 65536;
const MAX_PAGES = 65536;

let wasmModule: WebAssembly.Module | undefined;
function kernelModule(): WebAssembly.Module {
  if (!wasmModule) {
    wasmModule = new WebAssembly.Module(readFileSync(new URL('./kernels.wasm', import.meta.url)));
    warmUp(wasmModule);
  }
  return wasmModule;
}

let relaxedModule: WebAssembly.Module | null | undefined;
/**
 * The relaxed-SIMD kernels (fused multiply-add), or null where they cannot run. Node 20 validates relaxed
 * SIMD only with V8's --experimental-wasm-relaxed-simd, which is switched on here (it only widens what
 * validates; later Node versions have it on by default). GS_RELAXED_SIMD=0 keeps to the plain kernels.
 */
export function relaxedKernelModule(): WebAssembly.Module | null {
  if (relaxedModule !== undefined) return relaxedModule;
  relaxedModule = null;
  if (process.env.GS_RELAXED_SIMD === '0') return relaxedModule;
  const bytes = readFileSync(new URL('./relaxed.wasm', import.meta.url));
  if (!WebAssembly.validate(bytes)) {
    try {
      v8.setFlagsFromString('--experimental-wasm-relaxed-simd');
    } catch {
      return relaxedModule;
    }
  }
  if (!WebAssembly.validate(bytes)) return relaxedModule;
  relaxedModule = new WebAssembly.Module(bytes);
  warmUpRelaxed(relaxedModule);
  return relaxedModule;
}

function warmUpRelaxed(module: WebAssembly.Module): void {
  const memory = new WebAssembly.Memory({ initial: 4, maximum: MAX_PAGES, shared: true });
  const k = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
  const a = new Float32Array(memory.buffer, 0, 96 * 64);
  for (let i = 0; i < a.length; i++) a[i] = (i % 7) - 3;
  for (let rep = 0; rep < 40; rep++) k.syrkF32Fma!(0, 96, 64, 131072, 0, 96);
}

/**
 * V8 starts WebAssembly in its baseline compiler and tiers a function up only after it has run for a
 * while, never during a call: the first long call of a kernel (a tridiagonal reduction of seconds)
 * would run unoptimised. Running each kernel on small inputs here exhausts the tier-up budget once per
 * process; the optimised code is shared by every instance and worker of the module.
 */
function warmUp(module: WebAssembly.Module): void {
  const memory = new WebAssembly.Memory({ initial: 4, maximum: MAX_PAGES, shared: true });
  const k = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
  const n = 96;
  const a = new Float64Array(memory.buffer, 0, n * n);
  const vec = (i: number) => n * n * 8 + i * n * 8;
  for (let rep = 0; rep < 40; rep++) {
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = i === j ? n : 1 / (1 + i + j);
    k.tridiagonalize(0, n, vec(0), vec(1), vec(2), vec(3), vec(4), vec(5));
    k.syrkI16(0, n, 64, 131072, 0, n);
    k.syrkF32(0, n, 64, 131072, 0, n);
    k.gibbsSweep(0, n, 32, vec(0), vec(1), vec(2), vec(3), vec(4), vec(5), vec(6), 1, 0, 1);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = i === j ? n : 1 / (1 + i + j);
    k.cholesky(0, n);
    k.inverseDiagonal(0, n, vec(0), vec(1));
  }
}

/**
 * WebAssembly kernels over one shared memory, with worker threads that run them concurrently.
 * The heap is a bump allocator reset after each session; sessions are serialised by `withKernels`,
 * so the memory high-water mark is that of the largest single operation.
 */
export class KernelPool {
  readonly memory: WebAssembly.Memory;
  readonly threads: number;
  private readonly local: KernelExports;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (value: number) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private top = 1024;

  constructor(threads: number) {
    this.threads = threads;
    this.memory = new WebAssembly.Memory({ initial: 16, maximum: MAX_PAGES, shared: true });
    const module = kernelModule();
    const relaxed = relaxedKernelModule();
    const base = new WebAssembly.Instance(module, { env: { memory: this.memory } }).exports;
    const extra = relaxed ? new WebAssembly.Instance(relaxed, { env: { memory: this.memory } }).exports : {};
    this.local = { ...base, ...extra } as unknown as KernelExports;
    for (let t = 0; t < threads; t++) {
      const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { module, relaxed, memory: this.memory } });
      worker.on('message', (msg: { id: number; value?: number; error?: string }) => {
        const job = this.pending.get(msg.id);
        if (!job) return;
        this.pending.delete(msg.id);
        if (msg.error) job.reject(new Error(msg.error));
        else job.resolve(msg.value ?? 0);
      });
      worker.unref();
      this.workers.push(worker);
    }
  }

  /** Reserves `bytes` (16-byte aligned) and grows the shared memory when needed; returns the offset. */
  alloc(bytes: number): number {
    const at = (this.top + 15) & ~15;
    const end = at + bytes;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.ceil((end - have) / PAGE);
      if (have / PAGE + pages > MAX_PAGES) throw new RangeError(`kernel memory would exceed 4 GiB (${end} bytes)`);
      this.memory.grow(pages);
    }
    this.top = end;
    return at;
  }

  /** Whether a kernel exists in this process (the relaxed-SIMD ones need V8 support). */
  has(fn: KernelName): boolean {
    return typeof this.local[fn] === 'function';
  }

  reset(): void {
    this.top = 1024;
  }

  f64(ptr: number, length: number): Float64Array {
    return new Float64Array(this.memory.buffer, ptr, length);
  }
  f32(ptr: number, length: number): Float32Array {
    return new Float32Array(this.memory.buffer, ptr, length);
  }
  i16(ptr: number, length: number): Int16Array {
    return new Int16Array(this.memory.buffer, ptr, length);
  }
  i32(ptr: number, length: number): Int32Array {
    return new Int32Array(this.memory.buffer, ptr, length);
  }

  /** Runs a kernel on worker `t` (round-robin when omitted) and resolves with its return value. */
  run(fn: KernelName, args: number[], t?: number): Promise<number> {
    if (this.workers.length === 0) return Promise.resolve(this.runLocal(fn, args));
    const id = this.nextId++;
    const worker = this.workers[t ?? id % this.workers.length];
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, fn, args });
    }).finally(() => {
      if (![...this.pending.keys()].length) for (const w of this.workers) w.unref();
    });
  }

  /** Runs a kernel synchronously on the calling thread (for small problems where a hop costs more). */
  runLocal(fn: KernelName, args: number[]): number {
    return (this.local[fn] as (...a: number[]) => number)(...args);
  }
}

/** Kernel sessions that may run at once, each with its own memory and workers (two cores here). */
export const MAX_SESSIONS = 2;
const idle: KernelPool[] = [];
let created = 0;
const waiting: Array<(pool: KernelPool) => void> = [];

/** Number of kernel worker threads per session: GS_THREADS when set, else up to two of the cores. */
export function defaultThreads(): number {
  const env = Number(process.env.GS_THREADS);
  if (Number.isInteger(env) && env >= 0) return env;
  return Math.min(2, availableParallelism());
}

/**
 * Creates an idle kernel pool ahead of its first use when none is ready, so that its workers start while
 * the caller goes on (reading the input of a command, say).
 */
export function startKernels(): void {
  if (idle.length > 0 || created >= MAX_SESSIONS) return;
  created++;
  idle.push(new KernelPool(defaultThreads()));
}

function acquire(): Promise<KernelPool> {
  const free = idle.pop();
  if (free) return Promise.resolve(free);
  if (created < MAX_SESSIONS) {
    created++;
    return Promise.resolve(new KernelPool(defaultThreads()));
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(pool: KernelPool): void {
  pool.reset();
  const next = waiting.shift();
  if (next) next(pool);
  else idle.push(pool);
}

/**
 * Runs `body` with exclusive use of one kernel pool (up to MAX_SESSIONS run concurrently, the rest
 * wait); the pool's heap is reset afterwards, so results must be copied out before `body` resolves.
 */
export async function withKernels<T>(body: (k: KernelPool) => Promise<T> | T): Promise<T> {
  const pool = await acquire();
  try {
    return await body(pool);
  } finally {
    release(pool);
  }
}
