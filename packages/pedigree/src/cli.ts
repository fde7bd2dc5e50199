/**
 * Command line:
 *   npm run -s pedigree -- parse 'A/B//C///D/4/E'        tree as JSON
 *   npm run -s pedigree -- format 'RP*5//B/C'            canonical Purdy string
 *   npm run -s pedigree -- cross 'A/B' A                 the Purdy string of a new cross (B/2*A)
 *   npm run -s pedigree -- generate FILE.csv ID [--depth 3] [--no-backcross]
 *   npm run -s pedigree -- cycles FILE.csv               a cycle, or nothing
 *   npm run -s pedigree -- advance F1 [--method self|backcross|cross|dh]
 * FILE.csv has the columns id,name,female,male (parents by id, empty when unknown). Any bad input
 * (bad syntax, missing or empty file, missing column, unknown id or option) prints one line to
 * stderr and exits with code 2; `generate` exits 1 when the record has no cross in its ancestry and
 * `cycles` exits 1 when it finds one.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { advanceGeneration, type AdvanceMethod } from './generation';
import { findCycle, generatePurdy, type ParentRecord } from './graph';
import { crossPedigree, normalizePurdy, parsePurdy, PedigreeSyntaxError } from './purdy';

const HELP =
  'usage: pedigree parse TEXT | format TEXT | cross FEMALE MALE | generate FILE.csv ID [--depth N] [--no-backcross] | cycles FILE.csv | advance CODE [--method self|backcross|cross|dh]';

const COLUMNS = ['id', 'name', 'female', 'male'] as const;
const METHODS: readonly AdvanceMethod[] = ['self', 'backcross', 'cross', 'dh'];
const MAX_DEPTH = 50;

/** Bad input: reported as one line on stderr with exit code 2. */
export class CliInputError extends Error {}

/** The cells of one CSV line; a cell in double quotes may hold commas and doubled quotes. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** Reads a parent graph from a CSV file with the columns id,name,female,male (any order, more allowed). */
export function readGraph(file: string): ParentRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliInputError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot be read (${code ?? 'error'})`}`);
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l, i) => ({ l, row: i + 1 }))
    .filter(({ l }) => l.trim());
  if (lines.length === 0) throw new CliInputError(`${file}: the file is empty`);
  const header = cells(lines.shift()!.l).map((h) => h.toLowerCase());
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new CliInputError(`${file}: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (the columns are ${COLUMNS.join(',')})`);
  const col = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  return lines.map(({ l, row }) => {
    const r = cells(l);
    const at = (c: (typeof COLUMNS)[number]) => r[col[c]] || null;
    const id = at('id');
    if (!id) throw new CliInputError(`${file}: line ${row}: the id is empty`);
    return { id, name: at('name') ?? id, female: at('female'), male: at('male') };
  });
}

function parseCli(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { depth: { type: 'string' }, 'no-backcross': { type: 'boolean' }, method: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (err) {
    throw new CliInputError((err as Error).message.split('\n')[0]);
  }
}

function depthOf(text: string | undefined): number {
  if (text === undefined) return 3;
  const d = Number(text);
  if (!Number.isInteger(d) || d < 1 || d > MAX_DEPTH) throw new CliInputError(`--depth must be a whole number from 1 to ${MAX_DEPTH}: ${text}`);
  return d;
}

/** Runs one command; answers the text to print and the exit code (2: bad input, printed to stderr). */
export function run(argv: string[]): { out: string; code: number } {
  try {
    const { values, positionals } = parseCli(argv);
    const [command, a, b] = positionals;
    const need = (...args: (string | undefined)[]) => {
      if (args.some((v) => v === undefined || v === '')) throw new CliInputError(HELP);
    };
    switch (command) {
      case 'parse':
        need(a);
        return { out: JSON.stringify(parsePurdy(a), null, 2), code: 0 };
      case 'format':
        need(a);
        return { out: normalizePurdy(a), code: 0 };
      case 'cross':
        need(a, b);
        return { out: crossPedigree(a, b), code: 0 };
      case 'generate': {
        need(a, b);
        const depth = depthOf(values.depth);
        const records = readGraph(a);
        if (!records.some((r) => String(r.id) === b)) throw new CliInputError(`${a}: no record with id ${b}`);
        const g = generatePurdy(records, b, { depth, backcross: !values['no-backcross'] });
        return { out: g.purdy ?? '', code: g.purdy ? 0 : 1 };
      }
      case 'cycles': {
        need(a);
        const cycle = findCycle(readGraph(a));
        return { out: cycle ? `cycle: ${cycle.join(' -> ')}` : '', code: cycle ? 1 : 0 };
      }
      case 'advance': {
        need(a);
        const method = (values.method ?? 'self') as AdvanceMethod;
        if (!METHODS.includes(method)) throw new CliInputError(`--method must be one of ${METHODS.join(', ')}: ${method}`);
        return { out: advanceGeneration(a, method), code: 0 };
      }
      default:
        return { out: HELP, code: values.help ? 0 : 2 };
    }
  } catch (err) {
    if (err instanceof PedigreeSyntaxError) return { out: `${err.code}: ${err.message}: ${err.text}`, code: 2 };
    if (err instanceof CliInputError || err instanceof RangeError) return { out: err.message, code: 2 };
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out, code } = run(process.argv.slice(2));
  (code === 2 ? process.stderr : process.stdout).write(out ? `${out}\n` : '');
  process.exit(code);
}
