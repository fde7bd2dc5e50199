import type { TableInfoData, TableMetaRow } from '@breedwise/contracts/system';
import type { Database } from '../../../db/client';
import { AppError } from '../../../platform/errors';

/**
 * Our own tables are those of the application's schema (migrations keep theirs in `drizzle`, the job
 * queue in `pgboss`): the catalogue is read for these and nothing else.
 */
async function ours(database: Database): Promise<Set<string>> {
  const rows = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'p')`,
  );
  return new Set(rows.map((r) => r.name));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Gathers the planner's statistics (ANALYZE) of our tables that have none or whose last ones are more
 * than an hour old, or of all of them with `all`. Embedded PGlite has no autovacuum, and PostgreSQL's
 * skips small tables, so without this every estimate would read 0. ANALYZE samples at most 30,000 rows
 * per table and takes a lock that blocks neither reads nor writes.
 */
export async function refreshStatistics(database: Database, all = false): Promise<string[]> {
  const stale = await database.query<{ name: string }>(
    `select c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
        and ($1::boolean or c.reltuples < 0
             or coalesce(greatest(s.last_analyze, s.last_autoanalyze), '-infinity'::timestamptz) < now() - interval '1 hour')
      order by c.relname`,
    [all],
  );
  if (stale.length) await database.query(`analyze ${stale.map((r) => quoteIdent(r.name)).join(', ')}`);
  return stale.map((r) => r.name);
}

/**
 * table/list: every table of this product with its comment, column count and estimated rows, from
 * statistics gathered first where they are missing or stale (or for every table with `refresh`).
 */
export async function listTables(database: Database, refresh = false): Promise<TableMetaRow[]> {
  await refreshStatistics(database, refresh);
  const rows = await database.query<{ table_name: string; comment: string | null; columns: number; estimate: number; analyzed_at: Date | string | null }>(
    `select c.relname as table_name, obj_description(c.oid, 'pg_class') as comment,
            (select count(*)::int from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            greatest(c.reltuples, 0)::bigint as estimate,
            greatest(s.last_analyze, s.last_autoanalyze) as analyzed_at
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  return rows.map((r) => ({
    tableName: r.table_name,
    comment: r.comment,
    columns: Number(r.columns),
    rowEstimate: Number(r.estimate),
    analyzedAt: r.analyzed_at ? new Date(r.analyzed_at).toISOString() : null,
  }));
}

/** table/info: columns (type, nullability, default, comment) and indexes of one of our tables. */
export async function tableInfo(database: Database, tableName: string): Promise<TableInfoData> {
  if (!(await ours(database)).has(tableName)) throw new AppError(404, 'SYS_TABLE_NOT_FOUND', { tableName });
  const columns = await database.query<{ name: string; type: string; nullable: boolean; default_value: string | null; comment: string | null }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
            pg_get_expr(d.adbin, d.adrelid) as default_value, col_description(a.attrelid, a.attnum) as comment
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = current_schema() and c.relname = $1 and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [tableName],
  );
  const indexes = await database.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = $1 order by indexname`,
    [tableName],
  );
  const [meta] = await database.query<{ comment: string | null }>(
    `select obj_description(c.oid, 'pg_class') as comment from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = $1`,
    [tableName],
  );
  return {
    tableName,
    comment: meta?.comment ?? null,
    columns: columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable, defaultValue: c.default_value, comment: c.comment })),
    indexes,
  };
}
