import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli';

function run(args: string[]): { code: number; out: string; err: string[] } {
  let out = '';
  const err: string[] = [];
  const code = main(
    args,
    (s) => (out += s),
    (s) => err.push(s),
  );
  return { code, out, err };
}

describe('CLI', () => {
  it('writes CSV with the field-book columns in order', () => {
    const { code, out } = run(['--design', 'rcbd', '--entries', '5', '--reps', '2', '--seed', '1']);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('plot_id,plot_number,location,rep,block,row,col,entry,name,entry_type');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^L1-P101,101,1,1,1,1,1,\d+,E\d+,test$/);
  });

  it('leaves block blank where the design has none', () => {
    const { out } = run(['--design', 'crd', '--entries', '4', '--reps', '2', '--seed', '1']);
    expect(out.trim().split('\n')[1].split(',')[4]).toBe('');
  });

  it('writes the JSON shape with statistics', () => {
    const { code, out } = run(['--design', 'alpha', '--entries', '30', '--reps', '3', '--block-size', '5', '--seed', '3', '--format', 'json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json)).toEqual(['design', 'parameters', 'seed', 'statistics', 'plots']);
    expect(json.seed).toBe(3);
    expect(json.statistics).toMatchObject({
      a_efficiency: expect.any(Number),
      a_efficiency_rows: null,
      a_efficiency_cols: null,
      bound: expect.any(Number),
      concurrence: { min: 0, max: 1 },
    });
    for (const key of ['plot_id', 'plot_number', 'location', 'rep', 'block', 'row', 'col', 'entry', 'name', 'entry_type']) {
      expect(json.plots[0]).toHaveProperty(key);
    }
  });

  it('reads entries and copies files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-'));
    const entries = join(dir, 'entries.csv');
    writeFileSync(entries, 'entry,name,type\n1,Alpha,test\n2,"Beta, B",test\n3,Gamma,test\n4,Delta,test\n5,Ck,check\n');
    const copies = join(dir, 'copies.csv');
    writeFileSync(copies, 'entry,copies\n1,2\n5,3\n');
    const csv = run(['--design', 'prep', '--entries-file', entries, '--copies', copies, '--rows', '4', '--cols', '3', '--seed', '2']);
    expect(csv.code).toBe(0);
    expect(csv.out).toContain('"Beta, B"');
    expect(csv.out.split('\n').filter((l) => l.includes(',Ck,check')).length).toBe(3);
  });

  it('exits 2 with one line on standard error for an invalid request', () => {
    for (const args of [
      ['--design', 'alpha', '--entries', '31', '--reps', '2', '--block-size', '5'],
      ['--design', 'nope'],
      ['--design', 'rcbd', '--entries', '5', '--reps', '2', '--bogus'],
      ['--design', 'rcbd', '--entries', 'x'],
      ['--design', 'rcbd', '--entries', '10', '--reps', '3', '--rows', '5', '--cols', '5'],
    ]) {
      const { code, out, err } = run(args);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toHaveLength(1);
      expect(err[0]).not.toContain('\n');
    }
  });

  it('names the error code and parameter', () => {
    const { err } = run(['--design', 'rcbd', '--entries', '10', '--reps', '3', '--rows', '5', '--cols', '5']);
    expect(err[0]).toMatch(/INSUFFICIENT_PLOTS \(field\)/);
  });
});
