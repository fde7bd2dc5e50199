/**
 * Command line:
 *   npm run -s pedigree -- parse 'A/B//C///D/4/E'        tree as JSON
 *   npm run -s pedigree -- format 'RP*5/B/C'             canonical Purdy string
 *   npm run -s pedigree -- generate FILE.csv ID [--depth 3] [--no-backcross]
 *   npm run -s pedigree -- cycles FILE.csv               a cycle, or nothing
 *   npm run -s pedigree -- advance F1 [--method self|backcross|cross|dh]
 * FILE.csv has the columns id,name,female,male (parents by id, empty when unknown). A syntax error
 * prints the text with a caret under the fault and exits with code 2.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { advanceGeneration, type AdvanceMethod } from './generation';
import { findCycle, generatePurdy, type ParentRecord } from './graph';
import { normalizePurdy, parsePurdy, PedigreeSyntaxError } from './purdy';

const HELP = `usage: pedigree parse TEXT | format TEXT | generate FILE.csv ID [--depth N] [--no-backcross] | cycles FILE.csv | advance CODE [--method self|backcross|cross|dh]`;

export function readGraph(file: string): ParentRecord[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim());
  const header = lines.shift()!.split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  if (col('id') < 0 || col('name') < 0) throw new Error(`${file}: columns id and name are required`);
  return lines.map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    const at = (name: string) => (col(name) >= 0 && cells[col(name)] ? cells[col(name)] : null);
    return { id: cells[col('id')], name: cells[col('name')], female: at('female'), male: at('male') };
  });
}

/** Runs one command; answers the text to print and the exit code. */
export function run(argv: string[]): { out: string; code: number } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { depth: { type: 'string' }, 'no-backcross': { type: 'boolean' }, method: { type: 'string' }, help: { type: 'boolean' } },
  });
  const [command, a, b] = positionals;
  try {
    switch (command) {
      case 'parse':
        return { out: JSON.stringify(parsePurdy(a ?? ''), null, 2), code: 0 };
      case 'format':
        return { out: normalizePurdy(a ?? ''), code: 0 };
      case 'generate': {
        if (!a || !b) return { out: HELP, code: 2 };
        const g = generatePurdy(readGraph(a), b, { depth: values.depth ? Number(values.depth) : 3, backcross: !values['no-backcross'] });
        return { out: g.purdy ?? '', code: g.purdy ? 0 : 1 };
      }
      case 'cycles': {
        if (!a) return { out: HELP, code: 2 };
        const cycle = findCycle(readGraph(a));
        return { out: cycle ? `cycle: ${cycle.join(' -> ')}` : '', code: cycle ? 1 : 0 };
      }
      case 'advance':
        return { out: advanceGeneration(a ?? '', (values.method ?? 'self') as AdvanceMethod), code: 0 };
      default:
        return { out: HELP, code: values.help ? 0 : 2 };
    }
  } catch (err) {
    if (err instanceof PedigreeSyntaxError) return { out: `${err.text}\n${' '.repeat(err.position)}^ ${err.message}`, code: 2 };
    if (err instanceof RangeError) return { out: err.message, code: 2 };
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out, code } = run(process.argv.slice(2));
  (code === 2 ? process.stderr : process.stdout).write(out ? `${out}\n` : '');
  process.exit(code);
}
