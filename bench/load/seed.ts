// Realistic volumes for the load benchmark, written with set-based SQL (generate_series), not the API:
// accessions, seed lots with their ledger, experiments with plots, and users with the breeder's role.
import type { Database } from '../../apps/server/src/db/client';

export interface Volumes {
  accessions: number;
  ledger: number;
  plots: number;
  users: number;
}

/** The beginnings of the accessions' names (one in ten each): the load's keywords find them. */
export const NAME_PREFIXES = ['郑单', '京科', '先玉', '登海', '浚单', 'Mo', 'B', 'PH', 'Lo', 'Zheng'];

export const FULL: Volumes = { accessions: 200_000, ledger: 1_000_000, plots: 100_000, users: 50 };
export const SMALL: Volumes = { accessions: 2_000, ledger: 10_000, plots: 2_000, users: 5 };

export interface Seeded {
  orgId: number;
  cropId: number;
  usernames: string[];
  germplasmIds: [number, number];
  experimentIds: number[];
  seconds: number;
}

/** Plots per experiment: a field of 40 x 25 plots. */
const PLOTS_PER_EXPERIMENT = 1000;

export async function seedVolumes(database: Database, v: Volumes): Promise<Seeded> {
  const started = performance.now();
  const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => database.query<T>(text, params);
  const [org] = await q<{ id: number }>(`select id from sys_org where code = 'demo'`);
  const [crop] = await q<{ id: number }>(`select id from sys_crop where code = 'maize'`);
  const [breeder] = await q<{ id: number; password_hash: string }>(`select id, password_hash from sys_user where username = 'breeder'`);
  if (!org || !crop || !breeder) throw new Error('load: the demo organisation (BW_SEED=demo) is missing');
  const [place] = await q<{ id: number }>(`select id from germ_place where org_id = $1 order by id limit 1`, [org.id]);
  if (!place) throw new Error('load: the demo organisation has no storage place');

  // Users: copies of the breeder (same password, roles and crops), so each can log in.
  await q(
    `insert into sys_user (username, nick_name, password_hash, status, locale, default_org_id)
     select 'load' || g, '负载用户 ' || g, $1, 'enabled', case when g % 2 = 0 then 'en' else 'zh-CN' end, $2
     from generate_series(1, $3::int) g`,
    [breeder.password_hash, org.id, v.users],
  );
  await q(`insert into sys_user_org (user_id, org_id) select id, $1 from sys_user where username like 'load%'`, [org.id]);
  await q(
    `insert into sys_user_role (user_id, role_id) select u.id, ur.role_id from sys_user u cross join sys_user_role ur
     where u.username like 'load%' and ur.user_id = $1`,
    [breeder.id],
  );
  await q(
    `insert into sys_user_crop (user_id, crop_id, access) select u.id, uc.crop_id, uc.access from sys_user u cross join sys_user_crop uc
     where u.username like 'load%' and uc.user_id = $1`,
    [breeder.id],
  );

  // Accessions: ten types, a hundred origins, pedigrees of earlier accessions, creation spread over five years.
  const [{ first }] = await q<{ first: number }>(
    `with ins as (
       insert into germ_germplasm (org_id, crop_id, accession_no, name, type, origin, source, generation, pedigree, introduced_on,
                                   remark, created_by, updated_by, created_at, updated_at)
       select $1, $2, 'LD' || lpad(g::text, 7, '0'),
              (array[${NAME_PREFIXES.map((p) => `'${p}'`).join(',')}])[1 + g % ${NAME_PREFIXES.length}] || (g % 997) || '-' || g,
              (array['inbred','hybrid','landrace','opv','population','dh','breeding','variety','wild','other'])[1 + g % 10],
              (array['河南','北京','山东','吉林','USA','Mexico','Brazil','France','四川','云南'])[1 + (g / 10) % 10] || ' ' || (g % 100),
              'load bench', 'F' || (1 + g % 8),
              case when g > 2 then 'LD' || lpad((g / 2)::text, 7, '0') || '/LD' || lpad((g / 3)::text, 7, '0') end,
              date '2000-01-01' + (g % 9000),
              case when g % 7 = 0 then '耐旱 drought tolerant' end,
              $3, $3, now() - make_interval(mins => g % 2628000), now() - make_interval(mins => g % 2628000)
       from generate_series(1, $4::int) g
       returning id)
     select min(id)::int as first from ins`,
    [org.id, crop.id, breeder.id, v.accessions],
  );

  // Lots: one per two accessions (at least one), each with ledger rows: an opening deposit, then
  // withdrawals and deposits; the balance after each row is consistent with the lot's quantity.
  const lots = Math.max(1, Math.floor(v.accessions / 2));
  const perLot = Math.max(1, Math.floor(v.ledger / lots));
  await q(
    `insert into germ_lot (org_id, crop_id, lot_no, germplasm_id, place_id, unit, quantity, harvest_year, seed_source, created_by, updated_by, created_at, updated_at)
     select $1, $2, 'LOT-LD-' || g, $3 + (g - 1) * 2, $4, 'g', 1000 + $5 * 10, 2015 + g % 10, 'load bench', $6, $6,
            now() - make_interval(mins => g % 2628000), now() - make_interval(mins => g % 2628000)
     from generate_series(1, $7::int) g`,
    [org.id, crop.id, first, place.id, perLot, breeder.id, lots],
  );
  const [{ firstLot }] = await q<{ firstLot: number }>(`select min(id)::int as "firstLot" from germ_lot where lot_no like 'LOT-LD-%'`);
  // Row k of a lot: k = 0 deposits 1000; odd rows withdraw 10, even rows deposit 30 (net + 10 per pair).
  await q(
    `insert into germ_lot_txn (org_id, lot_id, type, amount, balance_after, reason, created_by, created_at)
     select $1, $2 + l, case when k = 0 or k % 2 = 0 then 'deposit' else 'withdrawal' end,
            case when k = 0 then 1000 when k % 2 = 0 then 30 else -10 end,
            1000 + (k / 2) * 20 + case when k % 2 = 1 then -10 else 0 end,
            case when k = 0 then '入库 opening stock' when k % 2 = 1 then '田间播种 sowing' else '收获 harvest' end,
            $3, now() - make_interval(mins => (l * $4 + ($4 - k)) % 2628000)
     from generate_series(0, $5::int - 1) l, generate_series(0, $4::int - 1) k`,
    [org.id, firstLot, breeder.id, perLot, lots],
  );
  await q(`update germ_lot set quantity = 1000 + (($1::int - 1) / 2) * 20 + case when ($1::int - 1) % 2 = 1 then -10 else 0 end where lot_no like 'LOT-LD-%'`, [
    perLot,
  ]);

  // Experiments of 1,000 plots (the last one smaller), laid out 40 columns wide.
  // Each lies on one of the demo organisation's fields (its location and field are the experiment's site 1).
  const experiments = Math.max(1, Math.ceil(v.plots / PLOTS_PER_EXPERIMENT));
  const [field] = await q<{ id: number; locationId: number }>(`select id, location_id as "locationId" from doe_field where org_id = $1 order by id limit 1`, [
    org.id,
  ]);
  if (!field) throw new Error('the demo organisation has no field to lay the load experiments on');
  const expRows = await q<{ id: number }>(
    `insert into doe_experiment (org_id, crop_id, code, name, year, season, reps, design_method, status, rows, cols, location_id, field_id, created_by, updated_by)
     select $1, $2, 'LD-EXP-' || g, '负载试验 Load trial ' || g, 2020 + g % 6, (array['spring','summer','autumn','winter'])[1 + g % 4],
            2, 'rcbd', 'designed', 25, 40, $5, $6, $3, $3
     from generate_series(1, $4::int) g returning id`,
    [org.id, crop.id, breeder.id, experiments, field.locationId, field.id],
  );
  const experimentIds = expRows.map((r) => r.id).sort((a, b) => a - b);
  await q(
    `insert into doe_experiment_site (experiment_id, seq, location_id, field_id) select id, 1, location_id, field_id from doe_experiment where id = any($1::int[])`,
    [experimentIds],
  );
  await q(
    `insert into doe_plot (experiment_id, site_id, plot_id, plot_number, rep, block, row, col, tier, entry_no, name, entry_type)
     select e, (select s.id from doe_experiment_site s where s.experiment_id = e and s.seq = 1), 'P' || n, 1 + n % ${PLOTS_PER_EXPERIMENT},
            1 + (n % ${PLOTS_PER_EXPERIMENT}) / 500, 1 + (n % ${PLOTS_PER_EXPERIMENT}) / 100, 1 + (n % ${PLOTS_PER_EXPERIMENT}) / 40, 1 + n % 40, 1,
            1 + n % 500, '材料 ' || (1 + n % 500), case when n % 50 = 0 then 'check' else 'test' end
     from generate_series(0, $2::int - 1) n, lateral (select $1::int + (n / ${PLOTS_PER_EXPERIMENT}) as e) x`,
    [experimentIds[0], v.plots],
  );
  // A bulk load leaves the visibility map unset until (auto)vacuum runs; a database in service has had its
  // autovacuum (PostgreSQL 13+ vacuums insert-only tables too), so the load runs on that state: index-only
  // counts and scans then need no visit of the table.
  await q('vacuum analyze');
  const usernames = (await q<{ username: string }>(`select username from sys_user where username like 'load%' order by id`)).map((r) => r.username);
  return {
    orgId: org.id,
    cropId: crop.id,
    usernames,
    germplasmIds: [first, first + v.accessions - 1],
    experimentIds,
    seconds: (performance.now() - started) / 1000,
  };
}

/** What an earlier seeding wrote (`--reuse`): the same description, read back from the database. */
export async function seededVolumes(database: Database): Promise<Seeded> {
  const q = <T = Record<string, unknown>>(text: string, params?: unknown[]) => database.query<T>(text, params);
  const [org] = await q<{ id: number }>(`select id from sys_org where code = 'demo'`);
  const [crop] = await q<{ id: number }>(`select id from sys_crop where code = 'maize'`);
  const [range] = await q<{ first: number | null; last: number | null }>(
    `select min(id)::int as first, max(id)::int as last from germ_germplasm where accession_no like 'LD%' and source = 'load bench'`,
  );
  if (!org || !crop || range?.first == null || range.last == null) throw new Error('load: --reuse: this database was not seeded by the load benchmark');
  const usernames = (await q<{ username: string }>(`select username from sys_user where username like 'load%' order by id`)).map((r) => r.username);
  const experimentIds = (await q<{ id: number }>(`select id from doe_experiment where code like 'LD-EXP-%' order by id`)).map((r) => r.id);
  return { orgId: org.id, cropId: crop.id, usernames, germplasmIds: [range.first, range.last], experimentIds, seconds: 0 };
}
