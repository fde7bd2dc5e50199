// Kernel worker: instantiates the shared-memory WebAssembly kernels and runs the calls it is sent.
import { parentPort, workerData } from 'node:worker_threads';

// The relaxed-SIMD module (when the process could compile it) shares the memory and adds its exports.
const imports = { env: { memory: workerData.memory } };
const exports = { ...new WebAssembly.Instance(workerData.module, imports).exports };
if (workerData.relaxed) Object.assign(exports, new WebAssembly.Instance(workerData.relaxed, imports).exports);
parentPort.on('message', ({ id, fn, args }) => {
  try {
    const value = exports[fn](...args);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.stack ? err.stack : err) });
  }
});
