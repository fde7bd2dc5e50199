import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './cli';

describe('pedigree CLI', () => {
  it('formats, parses and points at a syntax error', () => {
    expect(run(['format', 'A/B//C///D/4/E'])).toEqual({ out: 'A/B//C/3/D/4/E', code: 0 });
    expect(JSON.parse(run(['parse', 'A*3/B']).out)).toMatchObject({ kind: 'backcross', doses: 3 });
    expect(run(['format', 'A//'])).toEqual({ out: 'A//\n   ^ a parent is missing (at position 4)', code: 2 });
  });

  it('generates from a CSV graph and finds cycles', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pedigree-'));
    const file = path.join(dir, 'g.csv');
    writeFileSync(file, 'id,name,female,male\n1,B73,,\n2,Mo17,,\n3,F1,1,2\n4,BC1,3,1\n');
    expect(run(['generate', file, '4'])).toEqual({ out: 'Mo17/2*B73', code: 0 });
    expect(run(['cycles', file])).toEqual({ out: '', code: 0 });
    writeFileSync(file, 'id,name,female,male\n1,A,2,\n2,B,1,\n');
    expect(run(['cycles', file]).code).toBe(1);
  });

  it('advances generation codes', () => {
    expect(run(['advance', 'BC1F1', '--method', 'backcross'])).toEqual({ out: 'BC2F1', code: 0 });
    expect(run(['advance', 'XX']).code).toBe(2);
  });
});
