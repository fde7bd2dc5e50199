/**
 * Command-line interface of the genomics engine (run from the repository root as `bin/gs ...`, which runs a
 * compiled bundle of this file, or `npm run -s gs -- ...`).
 * Results are JSON (or CSV/binary for matrices and indices); invalid input exits with code 2 and one
 * line on standard error naming the problem.
 */
import { writeFileSync } from 'node:fs';
import { GsError } from './errors.js';
import { qcGenotypes } from './genotype.js';
import type { CsvGenotypeCoding } from './io/csv.js';
import { matrixToCsv } from './io/csv.js';
import { isPlinkPath, readGenotypes, readPoolRelationship } from './io/genotypes.js';
import { openPlinkPacked } from './io/plink.js';
import { startKernels } from './kernels/pool.js';
import { readPedigree } from './io/pedigree.js';
import { writeRelText } from './io/rel.js';
import { readFoldFile, readHybridPhenotypes, readPhenotypes } from './io/pheno.js';
import { checkFileName } from './io/text.js';
import { HYBRID_METHODS, fitHybrid, type HybridMethod } from './models/hybrid.js';
import { MODELS, fitOnRelationship, fitTrait, type ModelName } from './pipeline.js';
import { pedigreeA, standardizedGrm, standardizedGrmStream, vanRadenG, type RelationshipMatrix } from './relationship.js';
import { desiredGainsIndex, indexToCsv, parseWeightSpec, readGebvTable, smithHazelIndex, weightedIndex } from './selection-index.js';

const USAGE = `usage:
  gs fit --geno PATH | --pedigree FILE.csv --pheno FILE.csv --trait NAME [--id-col NAME] [--fixed COL]... --model ${MODELS.join('|')}
         [--folds FILE.csv | --k 5 --seed S] [--iter N --burnin N] [--maf X --call-rate X] [--method REML|ML]
         [--geno-coding counts|inbred01|minus101] [--bandwidth X] --out FILE.json
  gs grm --geno PATH --method vanraden|standardized --out FILE [--format csv|bin|rel] [--maf X --call-rate X]
  gs grm --pedigree FILE.csv --method pedigree --out FILE [--format csv|bin|rel]
  gs hybrid --pool1 PATH --pool2 PATH --pheno FILE.csv --trait NAME [--parent1-col NAME --parent2-col NAME]
            [--fixed COL]... [--no-sca] [--method ai-reml|sommer] [--max-iter N] --out FILE.json
  gs index --gebv FILE.csv --weights 'traitA:40:+,traitB:60:-' --out FILE.csv
           [--method weighted|smith-hazel|desired-gains] [--select N]`;

type Args = Map<string, string[]>;

const FLAGS: Record<string, { args: string[]; switches?: string[] }> = {
  fit: {
    args: [
      'geno',
      'pedigree',
      'pheno',
      'trait',
      'id-col',
      'fixed',
      'model',
      'folds',
      'k',
      'seed',
      'iter',
      'burnin',
      'maf',
      'call-rate',
      'method',
      'geno-coding',
      'bandwidth',
      'out',
    ],
  },
  grm: { args: ['geno', 'pedigree', 'method', 'out', 'format', 'maf', 'call-rate', 'geno-coding'] },
  hybrid: {
    args: ['pool1', 'pool2', 'pheno', 'trait', 'parent1-col', 'parent2-col', 'fixed', 'out', 'geno-coding', 'method', 'max-iter'],
    switches: ['no-sca'],
  },
  index: { args: ['gebv', 'weights', 'out', 'method', 'select'] },
};

function argError(detail: string): GsError {
  return new GsError('ARGUMENT_INVALID', { rule: 'command-line arguments', params: { detail } });
}

function parseArgs(command: string, argv: string[]): Args {
  const spec = FLAGS[command];
  const args: Args = new Map();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (!token.startsWith('--')) throw argError(`unexpected argument "${token}"`);
    const name = token.slice(2);
    if (spec.switches?.includes(name)) {
      args.set(name, ['true']);
      continue;
    }
    if (!spec.args.includes(name)) throw argError(`unknown option --${name} for ${command}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw argError(`--${name} needs a value`);
    args.set(name, [...(args.get(name) ?? []), value]);
    i++;
  }
  return args;
}

function one(args: Args, name: string): string | undefined {
  const v = args.get(name);
  if (v && v.length > 1) throw argError(`--${name} given more than once`);
  return v?.[0];
}

function need(args: Args, name: string): string {
  const v = one(args, name);
  if (v === undefined) throw argError(`--${name} is required`);
  return v;
}

function num(args: Args, name: string, check: (v: number) => boolean, what: string): number | undefined {
  const raw = one(args, name);
  if (raw === undefined) return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v) || !check(v)) throw argError(`--${name} must be ${what}, got "${raw}"`);
  return v;
}

function coding(args: Args): CsvGenotypeCoding {
  const c = one(args, 'geno-coding') ?? 'counts';
  if (c !== 'counts' && c !== 'inbred01' && c !== 'minus101') throw argError(`--geno-coding must be counts, inbred01 or minus101`);
  return c;
}

function outPath(args: Args): string {
  const out = need(args, 'out');
  checkFileName(out);
  return out;
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2) + '\n');
}

async function fitCommand(args: Args): Promise<void> {
  const model = need(args, 'model') as ModelName;
  if (!MODELS.includes(model)) throw argError(`--model must be one of ${MODELS.join(', ')}`);
  const out = outPath(args);
  const method = one(args, 'method') ?? 'REML';
  if (method !== 'REML' && method !== 'ML') throw argError('--method must be REML or ML');
  const foldsFile = one(args, 'folds');
  const k = num(args, 'k', (v) => Number.isInteger(v) && v >= 2, 'an integer >= 2');
  const seed = num(args, 'seed', Number.isInteger, 'an integer');
  if (foldsFile && k !== undefined) throw argError('give either --folds or --k, not both');
  const iter = num(args, 'iter', (v) => Number.isInteger(v) && v > 0, 'a positive integer');
  const burnin = num(args, 'burnin', (v) => Number.isInteger(v) && v >= 0, 'a non-negative integer');
  const phenotypes = readPhenotypes(need(args, 'pheno'), { trait: need(args, 'trait'), idColumn: one(args, 'id-col'), fixed: args.get('fixed') });
  const cv = foldsFile ? { folds: readFoldFile(foldsFile) } : k !== undefined ? { k, seed: seed ?? 1 } : undefined;
  const pedigree = one(args, 'pedigree');
  if (pedigree !== undefined) {
    // Pedigree BLUP: GBLUP on the numerator relationship matrix, no genotypes.
    if (args.has('geno')) throw argError('give either --geno or --pedigree, not both');
    if (model !== 'gblup') throw argError('--pedigree fits --model gblup (pedigree BLUP)');
    writeJson(out, await fitOnRelationship({ K: pedigreeA(readPedigree(pedigree)), phenotypes, cv, method }));
    return;
  }
  const genotypes = readGenotypes(need(args, 'geno'), coding(args));
  const result = await fitTrait({
    genotypes,
    phenotypes,
    model,
    method,
    qc: {
      maf: num(args, 'maf', (v) => v >= 0 && v <= 0.5, 'in [0, 0.5]'),
      callRate: num(args, 'call-rate', (v) => v >= 0 && v <= 1, 'in [0, 1]'),
    },
    cv,
    bayes: { iter, burnin, seed },
    bandwidth: num(args, 'bandwidth', (v) => v > 0, 'positive'),
  });
  // The predictor is for the API (scoring new genotypes); the CLI's JSON keeps to the documented shape.
  const { predictor: _predictor, ...shown } = result;
  writeJson(out, shown);
}

async function grmCommand(args: Args): Promise<void> {
  const method = need(args, 'method');
  const out = outPath(args);
  const format = one(args, 'format') ?? 'csv';
  if (format !== 'csv' && format !== 'bin' && format !== 'rel') throw argError('--format must be csv, bin or rel');
  let K: RelationshipMatrix;
  if (method === 'pedigree') {
    K = pedigreeA(readPedigree(need(args, 'pedigree')));
  } else if (method === 'vanraden' || method === 'standardized') {
    const qc = {
      maf: num(args, 'maf', (v) => v >= 0 && v <= 0.5, 'in [0, 0.5]'),
      callRate: num(args, 'call-rate', (v) => v >= 0 && v <= 1, 'in [0, 1]'),
    };
    const geno = need(args, 'geno');
    if (method === 'standardized' && isPlinkPath(geno)) {
      // PLINK input: the kernel workers start while the .fam and .bim are read, then the .bed streams
      // into the kernels in packed form (no genotype matrix; reading overlaps the cross-products).
      startKernels();
      const packed = openPlinkPacked(geno);
      try {
        K = await standardizedGrmStream(packed, qc);
      } finally {
        packed.close();
      }
    } else {
      const { genotypes } = qcGenotypes(readGenotypes(geno, coding(args)), qc);
      K = method === 'vanraden' ? await vanRadenG(genotypes) : await standardizedGrm(genotypes);
    }
  } else {
    throw argError('--method must be vanraden, standardized or pedigree');
  }
  if (format === 'csv') {
    writeFileSync(out, matrixToCsv(K.ids, K.values));
  } else if (format === 'rel') {
    // PLINK 1.9's `--make-rel square` text: tab-separated %g rows, ids one per line beside it.
    writeRelText(out, K.values, K.ids.length);
    writeFileSync(`${out}.id`, K.ids.join('\n') + '\n');
  } else {
    // Row-major float64 little-endian, ids one per line beside it (as PLINK's .rel.bin and .rel.id).
    writeFileSync(out, new Uint8Array(K.values.buffer, K.values.byteOffset, K.values.byteLength));
    writeFileSync(`${out}.id`, K.ids.join('\n') + '\n');
  }
}

async function hybridCommand(args: Args): Promise<void> {
  const out = outPath(args);
  const method = one(args, 'method') ?? 'ai-reml';
  if (!(HYBRID_METHODS as readonly string[]).includes(method)) throw argError(`--method must be ${HYBRID_METHODS.join(' or ')}`);
  const maxIter = num(args, 'max-iter', (v) => Number.isInteger(v) && v >= 1 && v <= 10_000, 'an integer from 1 to 10000');
  const [K1, K2] = await Promise.all([readPoolRelationship(need(args, 'pool1'), coding(args)), readPoolRelationship(need(args, 'pool2'), coding(args))]);
  const fixed = args.get('fixed') ?? [];
  const records = readHybridPhenotypes(
    need(args, 'pheno'),
    { trait: need(args, 'trait'), parent1Column: one(args, 'parent1-col'), parent2Column: one(args, 'parent2-col'), fixed },
    K1.ids,
    K2.ids,
  );
  const started = performance.now();
  const fit = await fitHybrid(K1, K2, records, fixed.length, { sca: !args.has('no-sca'), fixedNames: fixed, method: method as HybridMethod, maxIter });
  const { fittedGenetic: _fitted, ...rest } = fit;
  writeJson(out, { trait: need(args, 'trait'), ...rest, seconds: (performance.now() - started) / 1000 });
}

async function indexCommand(args: Args): Promise<void> {
  const out = outPath(args);
  const method = one(args, 'method') ?? 'weighted';
  const select = num(args, 'select', (v) => Number.isInteger(v) && v >= 0, 'a non-negative integer');
  const table = readGebvTable(need(args, 'gebv'));
  const spec = need(args, 'weights');
  let result;
  if (method === 'weighted') {
    result = weightedIndex(table, parseWeightSpec(spec, true), { select });
  } else if (method === 'smith-hazel' || method === 'desired-gains') {
    const weights = parseWeightSpec(spec, false);
    const traits = weights.map((w) => w.trait);
    const values = weights.map((w) => (w.trend === '+' ? w.weight : -w.weight));
    result = method === 'smith-hazel' ? smithHazelIndex(table, traits, values, {}, { select }) : desiredGainsIndex(table, traits, values, {}, { select });
  } else {
    throw argError('--method must be weighted, smith-hazel or desired-gains');
  }
  writeFileSync(out, indexToCsv(result));
}

const COMMANDS: Record<string, (args: Args) => Promise<void>> = { fit: fitCommand, grm: grmCommand, hybrid: hybridCommand, index: indexCommand };

/** Runs the CLI with the given arguments; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === 'help') {
      process.stdout.write(USAGE + '\n');
      return command ? 0 : 2;
    }
    const run = COMMANDS[command];
    if (!run) throw argError(`unknown command "${command}" (fit, grm, hybrid, index)`);
    await run(parseArgs(command, rest));
    return 0;
  } catch (err) {
    if (err instanceof GsError) {
      process.stderr.write(`gs ${command}: ${err.code}: ${err.message.replace(/\s+/g, ' ')}\n`);
      return 2;
    }
    process.stderr.write(`gs ${command}: internal error: ${String((err as Error).message ?? err).split('\n')[0]}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await main(process.argv.slice(2));
}
