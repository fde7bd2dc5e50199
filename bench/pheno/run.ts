// Phenotype import benchmark (issue 18): 100,000 observations (25,000 plots x 4 traits) imported from a
// Field Book "database" CSV into one pushed experiment, on PGlite and on PostgreSQL. Prints, per
// database: the first import (every line new), the same file again (every line unchanged: the
// idempotent re-import), a file with 1% changed values (updates with history), and the reference: the
// same 100,000 rows written by plain multi-row INSERTs in the same process, with the ratio import/reference.
//
//   npm run -w bench pheno                       # both databases
//   npm run -w bench pheno -- --db pglite --plots 5000
//   npm run -w bench pheno -- --pg-url postgres://postgres@127.0.0.1:5432/postgres
//
// PostgreSQL: the database bench_pheno is created on the server of --pg-url (dropped first if it exists)
// and dropped at the end unless --keep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';
import { taskContext } from '../../apps/server/src/modules/common';
import { importFieldBook } from '../../apps/server/src/modules/pheno/study/fieldbook';

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
};
const PLOTS = Number(opt('plots') ?? 25_000);
const TRAITS = ['PH', 'DTS', 'YLD', 'LDG'] as const;
const which = opt('db') ?? 'both';
const pgUrl = opt('pg-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const keep = argv.includes('--keep');
const DB_NAME = 'bench_pheno';

const value = (trait: string, i: number, bump = 0) =>
  trait === 'PH'
    ? String(180 + (i % 97) + bump)
    : trait === 'DTS'
      ? String(55 + (i % 13))
      : trait === 'YLD'
        ? (7 + (i % 31) / 10 + bump / 10).toFixed(1)
        : String(i % 40);

function csv(plotIds: string[], bumpEvery = 0): string {
  const lines = ['plot_id,trait,value,timestamp,person,location,number'];
  plotIds.forEach((p, i) => {
    for (const t of TRAITS) {
      const bump = bumpEvery && t === 'PH' && i % bumpEvery === 0 ? 3 : 0;
      lines.push(`${p},${t},${value(t, i, bump)},2026-08-01 10:00:00.000+0800,bench,,1`);
    }
  });
  return lines.join('\n');
}

/** A pushed experiment of the demo organisation with PLOTS plots and the four demo traits (set-based SQL). */
async function experiment(database: Database) {
  const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => database.query<T>(text, params);
  const [org] = await q<{ id: number }>(`select id from sys_org where code = 'demo'`);
  const [crop] = await q<{ id: number }>(`select id from sys_crop where code = 'maize'`);
  const [admin] = await q<{ id: number }>(`select id from sys_user where username = 'admin'`);
  const [demo] = await q<{ id: number; project_id: number; location_id: number; field_id: number }>(
    `select id, project_id, location_id, field_id from doe_experiment where org_id = $1 and code = 'E2026-PYT01'`,
    [org.id],
  );
  const [exp] = await q<{ id: number }>(
    `insert into doe_experiment (org_id, crop_id, code, name, project_id, location_id, field_id, year, season, reps, design_method, status, locked, pushed_at)
     values ($1, $2, 'BENCH-PHENO', 'bench', $3, $4, $5, 2026, 'summer', 2, 'alpha', 'designed', true, now()) returning id`,
    [org.id, crop.id, demo.project_id, demo.location_id, demo.field_id],
  );
  const [site] = await q<{ id: number }>(`insert into doe_experiment_site (experiment_id, seq, location_id, field_id) values ($1, 1, $2, $3) returning id`, [
    exp.id,
    demo.location_id,
    demo.field_id,
  ]);
  await q(
    `insert into doe_plot (experiment_id, site_id, plot_id, plot_number, rep, block, row, col, tier, entry_no, name, entry_type)
     select $1, $2, 'BP-' || g, g, 1 + (g - 1) / ($3 / 2), 1 + (g - 1) / 50, 1 + (g - 1) / 100, 1 + (g - 1) % 100, 1, 1 + (g - 1) % 500, 'G' || (1 + (g - 1) % 500), 'test'
     from generate_series(1, $3) g`,
    [exp.id, site.id, PLOTS],
  );
  await q(
    `insert into pheno_study_trait (experiment_id, variable_id, sort)
     select $1, v.id, row_number() over (order by v.code) from pheno_variable v where v.org_id = $2 and v.crop_id = $3 and v.code = any($4)`,
    [exp.id, org.id, crop.id, [...TRAITS]],
  );
  const plotIds = Array.from({ length: PLOTS }, (_, i) => `BP-${i + 1}`);
  return { experimentId: exp.id, orgId: org.id, cropId: crop.id, adminId: admin.id, plotIds };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, (performance.now() - t0) / 1000];
}

async function runOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-pheno-'));
  let databaseUrl = '';
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${DB_NAME}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BW_SEED: 'demo',
    BW_DEMO_PASSWORD: 'Bench@2026',
    BW_WORKER: 'off',
    DATABASE_URL: databaseUrl,
  } as NodeJS.ProcessEnv);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
  try {
    await prepareDatabase(database, config);
    const e = await experiment(database);
    const ctx = taskContext({ orgId: e.orgId, createdBy: e.adminId }, 'en', e.cropId);
    const file = csv(e.plotIds);
    const rows = e.plotIds.length * TRAITS.length;
    const [first, tFirst] = await timed(() => importFieldBook(database.db, ctx, e.experimentId, file, 'en'));
    const [again, tAgain] = await timed(() => importFieldBook(database.db, ctx, e.experimentId, file, 'en'));
    const [changed, tChanged] = await timed(() => importFieldBook(database.db, ctx, e.experimentId, csv(e.plotIds, 100), 'en'));
    if (first.inserted !== rows || again.unchanged !== rows || changed.updated !== Math.ceil(e.plotIds.length / 100)) {
      throw new Error(`unexpected report: ${JSON.stringify({ first: first.inserted, again: again.unchanged, changed: changed.updated })}`);
    }
    // Reference: the same rows written straight into pheno_observation (same indexes and foreign keys)
    // by plain multi-row INSERTs, without parsing, checks or comparison with the stored values.
    await database.query(`delete from pheno_observation where experiment_id = $1`, [e.experimentId]);
    const [, tRef] = await timed(async () => {
      const refs = await database.query<{ id: number }>(`select id from doe_plot where experiment_id = $1 order by plot_number`, [e.experimentId]);
      const vars = await database.query<{ id: number; code: string }>(
        `select v.id, v.code from pheno_variable v join pheno_study_trait s on s.variable_id = v.id where s.experiment_id = $1`,
        [e.experimentId],
      );
      const values: unknown[][] = [];
      refs.forEach((p, i) =>
        vars.forEach((v) => values.push([e.orgId, e.experimentId, p.id, v.id, value(v.code, i), Number(value(v.code, i)), 'bench', e.adminId])),
      );
      const width = 8;
      for (let i = 0; i < values.length; i += 1000) {
        const chunk = values.slice(i, i + 1000);
        const tuples = chunk
          .map((_, j) => `(${Array.from({ length: width }, (_, k) => `$${j * width + k + 1}`).join(', ')}, now(), 'fieldbook', $${j * width + 8})`)
          .join(',');
        await database.query(
          `insert into pheno_observation (org_id, experiment_id, plot_ref, variable_id, value, numeric, person, created_by, observed_at, source, updated_by) values ${tuples}`,
          chunk.flat(),
        );
      }
    });
    return { kind, rows, tFirst, tAgain, tChanged, tRef, updated: changed.updated };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !keep) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${DB_NAME}`);
      await admin.end();
    }
  }
}

const kinds = which === 'both' ? (['pglite', 'postgres'] as const) : [which as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const r = await runOne(kind);
  const rate = (s: number) => Math.round(r.rows / s).toLocaleString('en');
  console.log(
    `\n${kind}: ${r.rows.toLocaleString('en')} observations (${PLOTS.toLocaleString('en')} plots x ${TRAITS.length} traits) from a Field Book database CSV`,
  );
  console.log(`  first import (all new)       ${r.tFirst.toFixed(2)} s   ${rate(r.tFirst)} rows/s   ${(r.tFirst / r.tRef).toFixed(2)}x the reference`);
  console.log(`  same file again (unchanged)  ${r.tAgain.toFixed(2)} s   ${rate(r.tAgain)} rows/s   ${(r.tAgain / r.tRef).toFixed(2)}x the reference`);
  console.log(
    `  1% changed (${r.updated} updates)     ${r.tChanged.toFixed(2)} s   ${rate(r.tChanged)} rows/s   ${(r.tChanged / r.tRef).toFixed(2)}x the reference`,
  );
  console.log(`  reference: plain INSERTs     ${r.tRef.toFixed(2)} s   ${rate(r.tRef)} rows/s`);
}
