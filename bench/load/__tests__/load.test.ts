import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../run';

const run = promisify(execFile);
const bench = path.resolve(import.meta.dirname, '..', 'run.ts');

/** The smoke run CI makes: small volumes for 5 s; the full run is `npm run -w bench load`. */
async function smoke(db: 'pglite' | 'postgres', extra: string[] = []): Promise<{ result: LoadResult; stdout: string }> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', bench, '--db', db, '--small', '--seconds', '5', '--warmup', '1', '--rate', '20', '--connections', '4', '--json', ...extra],
    { cwd: path.resolve(import.meta.dirname, '../..'), timeout: 580_000, maxBuffer: 1 << 22 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  expect(line, stdout).toBeDefined();
  return { result: JSON.parse(line!.slice('RESULT '.length)) as LoadResult, stdout };
}

function checkFigures(r: LoadResult, stdout: string) {
  // The volumes asked for were seeded, the load ran at about the rate asked for, every answer was a 2xx.
  expect(r.volumes).toEqual({ accessions: 2000, ledger: 10_000, plots: 2000, users: 5 });
  expect(r.errors, stdout).toBe(0);
  expect(r.requests).toBeGreaterThanOrEqual(20);
  expect(r.writes).toBeGreaterThan(0);
  expect(r.writes).toBeLessThanOrEqual(Math.ceil(r.requests / 10) + 4);
  expect(r.p50).toBeGreaterThan(0);
  expect(r.p99).toBeGreaterThanOrEqual(r.p90);
  expect(r.p90).toBeGreaterThanOrEqual(r.p50);
  expect(r.apiCpu).toBeGreaterThan(0);
  expect(stdout).toMatch(/req\/s/);
  expect(stdout).toMatch(/p50 [\d.]+ +p90 [\d.]+ +p99 [\d.]+/);
  // Evenly spaced requests by default, and the figures of each kind of request.
  expect(r.load).toBe('paced');
  expect(stdout).toMatch(/evenly spaced/);
  expect(Object.keys(r.underLoad)).toEqual(expect.arrayContaining(['germplasm list', 'germplasm keyword', 'login/info', 'write']));
  for (const v of Object.values(r.underLoad)) expect(v.p99).toBeGreaterThanOrEqual(v.p50);
  expect(Object.values(r.underLoad).reduce((n, v) => n + v.n, 0)).toBe(r.requests - r.errors);
  expect(stdout).toMatch(/under load \(p50 \/ p99 ms\): .*write [\d.]+ \/ [\d.]+/);
  expect(stdout).toMatch(/CPU API \d+ % of a core/);
}

describe('bench/load smoke run', () => {
  it('seeds, loads PGlite for 5 s and prints the figures', async () => {
    const { result, stdout } = await smoke('pglite');
    expect(result.database).toBe('pglite');
    checkFigures(result, stdout);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('does the same against PostgreSQL (TEST_DATABASE_URL), reporting the backends’ CPU', async () => {
    const { result, stdout } = await smoke('postgres', ['--pg-url', process.env.TEST_DATABASE_URL!]);
    expect(result.database).toBe('postgres');
    checkFigures(result, stdout);
    expect(result.dbCpu).not.toBeNull();
  });
});
