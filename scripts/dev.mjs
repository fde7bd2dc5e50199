#!/usr/bin/env node
// `npm run dev`: the API with reload on change (port 8080) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { BW_CAPTCHA: 'off', ...process.env },
  }),
  spawn('npm', ['run', '-s', '-w', '@breedwise/web', 'dev'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', () => {
    stop();
    process.exitCode = c.exitCode ?? 0;
  }),
);
