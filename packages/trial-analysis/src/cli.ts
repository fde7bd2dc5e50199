/**
 * Command line: `npm run -s trial-analysis -- --design alpha --file plots.csv --trait yield [--out result.json]`.
 * Reads a field book CSV (plot_id, entry, rep, block, row, col, check and trait columns), analyses
 * each trait and prints a readable summary (or JSON with --format json). --out writes the JSON result
 * to a file; --phenotypes writes the entry BLUEs (or BLUPs, --source blup) as a GS phenotype CSV.
 * Bad input: one line on standard error and exit code 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyseExperiment } from './analyse';
import { readFieldBook } from './csv';
import { AnalysisError, type AnalysisErrorLocale } from './errors';
import { gsPhenotypeCsv } from './phenotypes';
import { DESIGN_KINDS, type DesignKind, type ExperimentAnalysis, type TraitAnalysis } from './types';

const HELP = `usage: trial-analysis --design <design> --file FIELDBOOK.csv [options]
  --design ${DESIGN_KINDS.join('|')}
  --file FILE.csv        columns plot_id, entry, rep, block, row, col, check (or entry_type) and traits
  --trait NAME           trait column to analyse (repeat, or comma-separated; default: every other column)
  --format text|json     what to print (default text)
  --out FILE.json        also write the full result as JSON
  --phenotypes FILE.csv  write entry values as a GS phenotype table (entry, one column per trait)
  --source blue|blup     values for --phenotypes (default blue)
  --max-iter N           AI-REML iterations per fit (default 200)
  --lang zh-CN|en        language of error messages (default en)`;

class UsageError extends Error {}

const fmt = (v: number, digits = 4): string => (!Number.isFinite(v) ? String(v) : v === 0 || Math.abs(v) >= 1e-3 ? v.toFixed(digits) : v.toPrecision(digits));

function pad(cells: string[][]): string {
  const widths = cells[0].map((_, j) => Math.max(...cells.map((r) => r[j].length)));
  return cells.map((r) => r.map((c, j) => (j === 0 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('  ')).join('\n');
}

/** A readable summary of one trait. */
export function summarise(t: TraitAnalysis): string {
  const { blue, blup } = t.fits;
  const fitLine = (label: string, f: typeof blue) =>
    `${label}  ${f.formula}\n    REML -2logLik ${fmt(f.minus2LogLik)} (logLik ${fmt(f.logLik)}), ${f.converged ? 'converged' : 'NOT converged'} after ${f.iterations} iterations` +
    (f.boundary.length ? `; held at zero: ${f.boundary.join(', ')}` : '');
  const vcs = (f: typeof blue) => f.varianceComponents.map((v) => `${v.name} ${fmt(v.value)}`).join('   ');
  const blups = new Map(t.blups.map((b) => [b.entry, b]));
  const rows = [['entry', 'plots', 'BLUE', 's.e.', 'BLUP', 'PEV']];
  for (const b of t.blues) {
    const p = blups.get(b.entry);
    rows.push([
      b.entry + (b.isCheck ? ' (check)' : ''),
      String(b.n),
      fmt(b.value),
      fmt(b.se),
      p ? fmt(p.value) : '',
      p && p.pev !== null ? fmt(p.pev) : p && !p.random ? 'fixed' : '',
    ]);
  }
  return [
    `Trait ${t.trait}: ${t.design} design, ${t.n} plots used, ${t.missing} missing, ${t.entries} entries` +
      (t.unobservedEntries.length ? ` (no value: ${t.unobservedEntries.join(', ')})` : ''),
    fitLine('BLUE model', blue),
    `    variance components: ${vcs(blue)}`,
    fitLine('BLUP model', blup),
    `    variance components: ${vcs(blup)}`,
    `Grand mean ${fmt(t.grandMean)}   CV ${fmt(t.cv, 2)}%   Cullis H2 ${fmt(t.heritability, 3)}   s.e.d. ${fmt(t.sed)}   ${t.lsd === null ? `LSD(5%) not available (${t.residualDf} residual df)` : `LSD(5%) ${fmt(t.lsd)} (t with ${t.residualDf} residual df)`}`,
    '',
    pad(rows),
  ].join('\n');
}

interface Parsed {
  design: DesignKind;
  file: string;
  traits?: string[];
  format: 'text' | 'json';
  out?: string;
  phenotypes?: string;
  source: 'blue' | 'blup';
  maxIter?: number;
  lang: AnalysisErrorLocale;
}

function parse(argv: string[]): Parsed {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      design: { type: 'string' },
      file: { type: 'string' },
      trait: { type: 'string', multiple: true },
      format: { type: 'string' },
      out: { type: 'string' },
      phenotypes: { type: 'string' },
      source: { type: 'string' },
      'max-iter': { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new UsageError(HELP);
  const lang = (values.lang ?? 'en') as AnalysisErrorLocale;
  if (lang !== 'en' && lang !== 'zh-CN') throw new UsageError(`--lang must be zh-CN or en, got "${values.lang}"`);
  if (!values.design) throw new UsageError(`--design is required (${DESIGN_KINDS.join(', ')})`);
  if (!values.file) throw new UsageError('--file is required');
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got "${format}"`);
  const source = values.source ?? 'blue';
  if (source !== 'blue' && source !== 'blup') throw new UsageError(`--source must be blue or blup, got "${source}"`);
  let maxIter: number | undefined;
  if (values['max-iter'] !== undefined) {
    if (!/^\d+$/.test(values['max-iter']) || Number(values['max-iter']) < 1)
      throw new UsageError(`--max-iter must be a positive integer, got "${values['max-iter']}"`);
    maxIter = Number(values['max-iter']);
  }
  const traits = values.trait
    ?.flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  return { design: values.design as DesignKind, file: values.file, traits, format, out: values.out, phenotypes: values.phenotypes, source, maxIter, lang };
}

/** Runs the CLI; returns the exit code. */
export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  let lang: AnalysisErrorLocale = 'en';
  try {
    const args = parse(argv);
    lang = args.lang;
    const { plots, traits } = readFieldBook(readFileSync(args.file, 'utf8'), args.traits);
    if (!traits.length) throw new UsageError(`${args.file} has no trait column`);
    const result: ExperimentAnalysis = analyseExperiment({ design: args.design, plots, traits, options: { maxIter: args.maxIter } });
    if (args.out) writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
    if (args.phenotypes) writeFileSync(args.phenotypes, gsPhenotypeCsv(result.traits, args.source));
    out(args.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : `${result.traits.map(summarise).join('\n\n')}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError && e.message === HELP) {
      out(`${HELP}\n`);
      return 0;
    }
    if (e instanceof AnalysisError) {
      err(`error ${e.code}: ${e.localized(lang)}`.replace(/\s*\n\s*/g, ' '));
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    const code = (e as { code?: string }).code;
    const usage = e instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS');
    err(`error${usage ? ' usage' : ''}: ${message}`.replace(/\s*\n\s*/g, ' '));
    return usage || code === 'ENOENT' || code === 'EISDIR' ? 2 : 1;
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
