/**
 * Command line: `npm run -s trial-design -- --design alpha --entries 30 --reps 3 --block-size 5`.
 * Writes the design to standard output as CSV (default) or JSON. An invalid request exits with
 * code 2 and one line on standard error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseCsv, toCsv } from './csv';
import { DesignError } from './errors';
import { generateDesign } from './generate';
import type { DesignRequest, EntryInput, FactorInput } from './types';

const HELP = `usage: trial-design --design <method> [options]
  --design crd|rcbd|latin|lattice|alpha|rowcol|augmented|diagonal|prep|split|strip|factorial|entry-order
  --entries N | --entries-file FILE.csv (entry,name,type)   --checks N
  --reps R  --block-size K  --blocks B  --rows R --cols C  --rep-rows P --rep-cols Q
  --copies FILE.csv (entry,copies)  --start N --interval N --end N --insert all|rotate
  --factor NAME=L1,L2,...|entries (repeat: split whole/sub, strip horizontal/vertical, factorial)
  --check-percent P  --unequal-blocks  --tiers N  --exclude R:C,...  --filler NAME
  --locations L  --multi-location fresh|same|sparse  --locations-per-entry M
  --layout serpentine|cartesian  --direction rows|columns  --start-corner bottom-left|...
  --reps-arrangement rows|columns  --numbering block|continuous  --start-number N  --digits D
  --avoid-adjacent  --seed S  --format csv|json`;

class UsageError extends Error {}

function int(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`--${flag} must be an integer, got "${value}"`);
  return Number(value);
}

function readEntries(file: string): EntryInput[] {
  return parseCsv(readFileSync(file, 'utf8')).map((r, i) => {
    if (!r.entry || !r.name) throw new UsageError(`${file} line ${i + 2}: columns entry and name are required`);
    const type = (r.type || 'test').toLowerCase();
    if (type !== 'check' && type !== 'test') throw new UsageError(`${file} line ${i + 2}: type must be check or test, got "${r.type}"`);
    return { entry: int('entries-file entry', r.entry) as number, name: r.name, type };
  });
}

function factor(text: string): FactorInput {
  if (text === 'entries') return 'entries';
  const [name, levels] = text.split('=');
  if (!name || !levels) throw new UsageError(`--factor must be NAME=L1,L2,... or entries, got "${text}"`);
  return { name: name.trim(), levels: levels.split(',').map((l) => l.trim()) };
}

/** Builds the request from command-line arguments. */
export function requestFromArgs(argv: string[]): { request: DesignRequest; format: 'csv' | 'json' } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      design: { type: 'string' },
      entries: { type: 'string' },
      'entries-file': { type: 'string' },
      checks: { type: 'string' },
      reps: { type: 'string' },
      'block-size': { type: 'string' },
      blocks: { type: 'string' },
      rows: { type: 'string' },
      cols: { type: 'string' },
      'rep-rows': { type: 'string' },
      'rep-cols': { type: 'string' },
      copies: { type: 'string' },
      start: { type: 'string' },
      interval: { type: 'string' },
      end: { type: 'string' },
      insert: { type: 'string' },
      factor: { type: 'string', multiple: true },
      'check-percent': { type: 'string' },
      'unequal-blocks': { type: 'boolean' },
      tiers: { type: 'string' },
      exclude: { type: 'string' },
      filler: { type: 'string' },
      locations: { type: 'string' },
      'multi-location': { type: 'string' },
      'locations-per-entry': { type: 'string' },
      layout: { type: 'string' },
      direction: { type: 'string' },
      'start-corner': { type: 'string' },
      'reps-arrangement': { type: 'string' },
      numbering: { type: 'string' },
      'start-number': { type: 'string' },
      digits: { type: 'string' },
      'avoid-adjacent': { type: 'boolean' },
      seed: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new UsageError(HELP);
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, got "${format}"`);
  if (values.entries !== undefined && values['entries-file'] !== undefined) {
    throw new UsageError('give either --entries or --entries-file, not both');
  }
  let entries: DesignRequest['entries'] = values['entries-file'] ? readEntries(values['entries-file']) : int('entries', values.entries);
  if (values.copies) {
    const list: EntryInput[] =
      typeof entries === 'number' ? Array.from({ length: entries }, (_, i) => ({ entry: i + 1, name: `E${i + 1}` })) : (entries ?? []).slice();
    for (const [i, r] of parseCsv(readFileSync(values.copies, 'utf8')).entries()) {
      const e = list.find((x) => x.entry === int('copies entry', r.entry));
      if (!e) throw new UsageError(`${values.copies} line ${i + 2}: entry ${r.entry} is not in the entry list`);
      e.reps = int('copies', r.copies);
    }
    entries = list;
  }
  const request: Record<string, unknown> = {
    design: values.design,
    entries,
    checks: int('checks', values.checks),
    reps: int('reps', values.reps),
    blockSize: int('block-size', values['block-size']),
    blocks: int('blocks', values.blocks),
    rowsPerRep: int('rep-rows', values['rep-rows']),
    colsPerRep: int('rep-cols', values['rep-cols']),
    start: int('start', values.start),
    interval: int('interval', values.interval),
    end: int('end', values.end),
    insert: values.insert,
    checkPercent: values['check-percent'] === undefined ? undefined : Number(values['check-percent']),
    allowUnequalBlocks: values['unequal-blocks'] || undefined,
    seed: int('seed', values.seed),
    locations: int('locations', values.locations),
    multiLocation: values['multi-location'],
    avoidAdjacentAcrossBlocks: values['avoid-adjacent'] || undefined,
  };
  if (values['locations-per-entry'] !== undefined) request.sparse = { locationsPerEntry: int('locations-per-entry', values['locations-per-entry']) };
  if (values.filler !== undefined) request.filler = { name: values.filler };
  const factors = (values.factor ?? []).map(factor);
  if (values.design === 'split' || values.design === 'strip') {
    const [a, b] = values.design === 'split' ? ['wholePlot', 'subPlot'] : ['horizontal', 'vertical'];
    if (factors.length === 1 && entries !== undefined) factors.push('entries');
    request[a] = factors[0];
    request[b] = factors[1];
  } else if (values.design === 'factorial') {
    if (factors.length === 1 && entries !== undefined) factors.push('entries');
    request.factors = factors;
  }
  if (values.rows !== undefined || values.cols !== undefined || values.tiers !== undefined || values.exclude !== undefined) {
    const field: Record<string, unknown> = { rows: int('rows', values.rows), cols: int('cols', values.cols) };
    if (values.tiers !== undefined) field.tiers = int('tiers', values.tiers);
    if (values.exclude !== undefined) {
      field.excluded = values.exclude.split(',').map((pair) => {
        const [row, col] = pair.split(':');
        return { row: int('exclude', row), col: int('exclude', col) };
      });
    }
    request.field = field;
  }
  const layout = {
    order: values.layout,
    direction: values.direction,
    startCorner: values['start-corner'],
    repsArrangement: values['reps-arrangement'],
  };
  if (Object.values(layout).some((x) => x !== undefined)) request.layout = layout;
  const numbering = { mode: values.numbering, startNumber: int('start-number', values['start-number']), digits: int('digits', values.digits) };
  if (Object.values(numbering).some((x) => x !== undefined)) request.numbering = numbering;
  for (const k of Object.keys(request)) if (request[k] === undefined) delete request[k];
  for (const group of ['layout', 'numbering'] as const) {
    const g = request[group] as Record<string, unknown> | undefined;
    if (g) for (const k of Object.keys(g)) if (g[k] === undefined) delete g[k];
  }
  return { request: request as unknown as DesignRequest, format };
}

/** Runs the CLI; returns the exit code. */
export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  try {
    const { request, format } = requestFromArgs(argv);
    const result = generateDesign(request);
    out(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : toCsv(result.plots));
    return 0;
  } catch (e) {
    if (e instanceof UsageError && e.message === HELP) {
      out(`${HELP}\n`);
      return 0;
    }
    if (e instanceof DesignError) {
      err(`error ${e.code} (${e.param}): ${e.message}`.replace(/\s*\n\s*/g, ' '));
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    const usage = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    err(`error${usage ? ' usage' : ''}: ${message}`.replace(/\s*\n\s*/g, ' '));
    return usage || (e as { code?: string }).code === 'ENOENT' ? 2 : 1;
  }
}

const invoked = process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1]);
if (invoked) {
  process.exitCode = main(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(`${s}\n`),
  );
}
