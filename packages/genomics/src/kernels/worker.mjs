// Kernel worker: instantiates the shared-memory WebAssembly kernels and runs the calls it is sent.
import { parentPort, workerData } from 'node:worker_threads';

const instance = new WebAssembly.Instance(workerData.module, { env: { memory: workerData.memory } });
parentPort.on('message', ({ id, fn, args }) => {
  try {
    const value = instance.exports[fn](...args);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.stack ? err.stack : err) });
  }
});
