import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from './cli';

const dir = mkdtempSync(path.join(tmpdir(), 'pedigree-'));
const csv = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('pedigree CLI', () => {
  it('formats, parses, crosses and names a syntax error on one line', () => {
    expect(run(['format', 'A/B//C///D/4/E'])).toEqual({ out: 'A/B//C/3/D/4/E', code: 0 });
    expect(run(['format', 'CHEN/AE.SQ//2*OPATA'])).toEqual({ out: 'CHEN/AE.SQ//2*OPATA', code: 0 });
    expect(run(['format', 'A/B//A*2'])).toEqual({ out: 'A/B//2*A', code: 0 });
    expect(run(['format', 'BABAX/LR42//BABAX*2/3/KURUKU'])).toEqual({ out: 'BABAX/LR42//2*BABAX/3/KURUKU', code: 0 });
    expect(run(['format', 'A/B//C*2/3/D'])).toEqual({ out: 'A/B//2*C/3/D', code: 0 });
    expect(JSON.parse(run(['parse', 'A*3/B']).out)).toMatchObject({ kind: 'backcross', doses: 3 });
    expect(run(['cross', 'A/B', 'A'])).toEqual({ out: 'B/2*A', code: 0 });
    expect(run(['format', 'A//'])).toEqual({ out: 'MISSING_PARENT: a parent is missing (at position 4): A//', code: 2 });
    expect(run(['format', 'C//(A/B)']).code).toBe(2);
  });

  it('generates from a CSV graph and finds cycles', () => {
    const file = csv('g.csv', 'id,name,female,male\n1,B73,,\n2,Mo17,,\n3,F1,1,2\n4,BC1,3,1\n5,BC2,4,1\n6,X,,\n7,3W,3,6\n8,3W BC,7,6\n');
    expect(run(['generate', file, '4'])).toEqual({ out: 'Mo17/2*B73', code: 0 });
    expect(run(['generate', file, '5'])).toEqual({ out: 'Mo17/3*B73', code: 0 });
    // A backcross onto a cross is written one level above it.
    expect(run(['generate', file, '8'])).toEqual({ out: 'B73/Mo17//2*X', code: 0 });
    expect(run(['generate', file, '1'])).toEqual({ out: '', code: 1 });
    expect(run(['cycles', file])).toEqual({ out: '', code: 0 });
    const quoted = csv('q.csv', 'name,male,id,female\n"Ye 478, sel",,1,\nZheng58,,2,\n"a ""b""",2,3,1\n');
    expect(run(['generate', quoted, '3'])).toEqual({ out: 'Ye 478, sel/Zheng58', code: 0 });
    expect(run(['cycles', csv('c.csv', 'id,name,female,male\n1,A,2,\n2,B,1,\n')]).code).toBe(1);
  });

  it.each([
    ['a missing file', ['generate', path.join(dir, 'none.csv'), '1'], /none\.csv: no such file/],
    ['a directory', ['cycles', dir], /is a directory/],
    ['an empty file', ['generate', csv('empty.csv', '\n\n'), '1'], /the file is empty/],
    ['a missing column', ['generate', csv('nocol.csv', 'id,name,female\n1,A,\n'), '1'], /missing column male/],
    ['missing columns', ['cycles', csv('nocols.csv', 'name\nA\n')], /missing columns id, female, male/],
    ['an empty id', ['cycles', csv('noid.csv', 'id,name,female,male\n,A,,\n')], /line 2: the id is empty/],
    ['an unknown id', ['generate', csv('ok.csv', 'id,name,female,male\n1,A,,\n'), '9'], /no record with id 9/],
    ['a bad depth', ['generate', csv('ok2.csv', 'id,name,female,male\n1,A,,\n'), '1', '--depth', 'x'], /--depth must be/],
    ['bad syntax', ['format', 'A*1/B'], /^BAD_DOSE: /],
    ['a missing argument', ['format'], /^usage:/],
    ['an unknown option', ['format', 'A/B', '--nope'], /nope/],
    ['an unknown method', ['advance', 'F1', '--method', 'clone'], /--method must be one of/],
    ['an unknown generation', ['advance', 'XX'], /not a generation code/],
  ])('reports %s on one line with exit code 2', (_, argv, message) => {
    const { out, code } = run(argv as string[]);
    expect(code).toBe(2);
    expect(out).toMatch(message);
    expect(out).not.toContain('\n');
  });

  it('as a process: one line on stderr, nothing on stdout, exit code 2, no stack trace', () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const tsx = path.resolve(path.dirname(cli), '../../../node_modules/.bin/tsx');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    const file = csv('sub/nocol.csv', 'id,name\n1,A\n');
    const p = spawnSync(tsx, [cli, 'generate', file, '1'], { encoding: 'utf8' });
    expect(p.status).toBe(2);
    expect(p.stdout).toBe('');
    expect(p.stderr.trimEnd().split('\n')).toEqual([`${file}: missing columns female, male (the columns are id,name,female,male)`]);
    const ok = spawnSync(tsx, [cli, 'format', 'A/B//A*2'], { encoding: 'utf8' });
    expect({ status: ok.status, out: ok.stdout }).toEqual({ status: 0, out: 'A/B//2*A\n' });
  });

  it('advances generation codes', () => {
    expect(run(['advance', 'BC1F1', '--method', 'backcross'])).toEqual({ out: 'BC2F1', code: 0 });
  });
});
