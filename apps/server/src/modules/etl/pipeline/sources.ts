import dns from 'node:dns/promises';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import { ETL_FILE_MAX_BYTES, ETL_MAX_ROWS, type PipelineSource } from '@breedwise/contracts/etl';
import { AppError } from '../../../platform/errors';
import { readFirstSheet } from '../../common';

/** A source row: column -> raw value, with its row number in the source (a file's header is row 1). */
export interface SourceRow {
  row: number;
  values: Record<string, unknown>;
}
export interface SourceData {
  columns: string[];
  rows: SourceRow[];
}
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

// ---- checks of a pipeline's source settings -------------------------------------------------------------

/** Strips comments and quoted texts, so the checks below see only the statement's words. */
function sqlWords(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''");
}

const WRITE_WORDS =
  /\b(insert|update|delete|merge|truncate|drop|alter|create|grant|revoke|copy|call|do|vacuum|analyze|cluster|reindex|lock|listen|notify|set|reset|begin|commit|rollback|savepoint|prepare|execute|refresh|security|into)\b/i;

/**
 * A pipeline's SQL must be one SELECT (or WITH ... SELECT) statement with no writing words. This is the
 * first guard; the run itself happens in a READ ONLY transaction with a statement timeout, which refuses
 * any write the text check would miss (a function with side effects, for one).
 */
export function assertSelectOnly(sql: string): void {
  const words = sqlWords(sql).trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(words) || words.includes(';') || WRITE_WORDS.test(words)) throw new AppError(400, 'ETL_SQL_NOT_SELECT');
}

const privateHostsAllowed = () => process.env.BW_ETL_ALLOW_PRIVATE_HOSTS === '1';

function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const l = address.toLowerCase();
  if (l.startsWith('::ffff:')) return isPrivateAddress(l.slice(7));
  return l === '::' || l === '::1' || l.startsWith('fc') || l.startsWith('fd') || l.startsWith('fe80') || l.startsWith('ff');
}

/** An HTTP source's address: http or https only, no user or password, and (by default) no private address. */
export function assertHttpUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(400, 'ETL_URL_SCHEME', { scheme: raw.split(':')[0] || raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError(400, 'ETL_URL_SCHEME', { scheme: url.protocol.replace(/:$/, '') });
  if (url.username || url.password) throw new AppError(400, 'ETL_URL_CREDENTIALS');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!privateHostsAllowed() && (host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) && isPrivateAddress(host)))) {
    throw new AppError(400, 'ETL_URL_HOST', { host });
  }
  return url;
}

/** Resolves the host and refuses one that points to this machine or a private network (checked at each run). */
async function assertPublicHost(url: URL): Promise<void> {
  if (privateHostsAllowed()) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [{ address: host }] : await dns.lookup(host, { all: true }).catch(() => []);
  if (!addresses.length) throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: `cannot resolve ${host}` });
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new AppError(400, 'ETL_URL_HOST', { host });
}

/** Checks a source's settings when a pipeline is saved. */
export function checkSourceSettings(source: PipelineSource): void {
  if (source.kind === 'postgres') assertSelectOnly(source.query);
  if (source.kind === 'http') assertHttpUrlShape(source.url);
}

// ---- reading ---------------------------------------------------------------------------------------------

function tooMany(): never {
  throw new AppError(400, 'ETL_SOURCE_ROWS', { limit: ETL_MAX_ROWS });
}

export function readCsv(text: string): SourceData {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  if (!header?.length) throw new AppError(400, 'ETL_FILE_FORMAT', { reason: 'no header line' });
  if (body.length > ETL_MAX_ROWS) tooMany();
  const columns = header.map((h) => h.trim());
  return { columns, rows: body.map((cells, i) => ({ row: i + 2, values: Object.fromEntries(columns.map((c, j) => [c, cells[j] ?? null])) })) };
}

async function readXlsx(bytes: Buffer): Promise<SourceData> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bw-etl-'));
  const file = path.join(dir, 'source.xlsx');
  try {
    await fsp.writeFile(file, bytes);
    const sheet = await readFirstSheet(file, ETL_MAX_ROWS).catch((e: unknown) => {
      if (e instanceof AppError) throw e;
      throw new AppError(400, 'ETL_FILE_FORMAT', { reason: e instanceof Error ? e.message : String(e) });
    });
    const columns = sheet.headers.map((h) => String(h ?? '').trim());
    return { columns, rows: sheet.rows.map((r) => ({ row: r.rowNumber, values: Object.fromEntries(columns.map((c, j) => [c, r.cells[j] ?? null])) })) };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Field Book's own columns of the "table" export; every other column is a trait. */
const FIELD_BOOK_PLOT_COLUMNS = new Set([
  'plot_id',
  'plot_number',
  'rep',
  'block',
  'row',
  'col',
  'entry',
  'name',
  'range',
  'plot',
  'timestamp',
  'person',
  'location',
  'number',
]);

/**
 * A Field Book export as rows of (plot_id, trait, value, timestamp, person): the "database" export
 * already is; the "table" export (one line per plot, a column per trait) is turned into that shape.
 */
export function readFieldBook(text: string): SourceData {
  const csv = readCsv(text);
  const lower = csv.columns.map((c) => c.toLowerCase());
  const columns = ['plot_id', 'trait', 'value', 'timestamp', 'person'];
  if (!lower.includes('plot_id')) throw new AppError(400, 'PHENO_FIELDBOOK_FORMAT');
  const col = (name: string) => csv.columns[lower.indexOf(name)];
  if (lower.includes('trait') && lower.includes('value')) {
    return {
      columns,
      rows: csv.rows.map((r) => ({ row: r.row, values: Object.fromEntries(columns.map((c) => [c, lower.includes(c) ? r.values[col(c)] : null])) })),
    };
  }
  const traits = csv.columns.filter((c) => !FIELD_BOOK_PLOT_COLUMNS.has(c.toLowerCase()) && !/_(timestamp|person)$/i.test(c));
  const rows: SourceRow[] = [];
  for (const r of csv.rows) {
    for (const trait of traits) {
      rows.push({
        row: r.row,
        values: {
          plot_id: r.values[col('plot_id')],
          trait,
          value: r.values[trait],
          timestamp: r.values[`${trait}_timestamp`] ?? (lower.includes('timestamp') ? r.values[col('timestamp')] : null),
          person: r.values[`${trait}_person`] ?? (lower.includes('person') ? r.values[col('person')] : null),
        },
      });
    }
  }
  if (rows.length > ETL_MAX_ROWS) tooMany();
  return { columns, rows };
}

/** Follows a dotted path (`data.rows`, `items.0.values`) into a JSON answer. */
export function followJsonPath(doc: unknown, jsonPath: string): unknown {
  let at = doc;
  for (const part of jsonPath.split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export function rowsFromJson(doc: unknown, jsonPath: string): SourceData {
  const list = followJsonPath(doc, jsonPath);
  if (!Array.isArray(list) || list.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) {
    throw new AppError(400, 'ETL_JSON_PATH', { path: jsonPath || '(root)' });
  }
  if (list.length > ETL_MAX_ROWS) tooMany();
  const columns = [...new Set(list.flatMap((r) => Object.keys(r as object)))];
  return { columns, rows: list.map((r, i) => ({ row: i + 1, values: r as Record<string, unknown> })) };
}

async function readHttp(source: Extract<PipelineSource, { kind: 'http' }>): Promise<SourceData> {
  const url = assertHttpUrlShape(source.url);
  await assertPublicHost(url);
  let res: Response;
  try {
    // Redirects are not followed: a redirect could lead past the address checks.
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(source.timeoutSeconds * 1000), headers: { accept: 'application/json' } });
  } catch (e) {
    throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e) });
  }
  if (!res.ok) throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: `HTTP ${res.status}` });
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > source.maxBytes) throw new AppError(400, 'ETL_SOURCE_TOO_LARGE', { limit: source.maxBytes });
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > source.maxBytes) {
      await reader.cancel();
      throw new AppError(400, 'ETL_SOURCE_TOO_LARGE', { limit: source.maxBytes });
    }
    chunks.push(Buffer.from(value));
  }
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: 'the answer is not JSON' });
  }
  return rowsFromJson(doc, source.jsonPath);
}

/**
 * Reads another PostgreSQL database: one SELECT in a READ ONLY transaction with a statement timeout, at
 * most `rowLimit` rows (one more refuses the run rather than loading part of the answer).
 */
async function readPostgres(source: Extract<PipelineSource, { kind: 'postgres' }>): Promise<SourceData> {
  assertSelectOnly(source.query);
  const client = new pg.Client({
    connectionString: source.url,
    connectionTimeoutMillis: source.timeoutSeconds * 1000,
    statement_timeout: source.timeoutSeconds * 1000,
    query_timeout: (source.timeoutSeconds + 5) * 1000,
    application_name: 'breedwise-etl',
  });
  try {
    await client.connect();
  } catch (e) {
    throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: e instanceof Error ? e.message : String(e) });
  }
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${source.timeoutSeconds * 1000}`);
    const sql = source.query.trim().replace(/;\s*$/, '');
    const res = await client.query({ text: `SELECT * FROM (${sql}) AS etl_source LIMIT ${source.rowLimit + 1}`, rowMode: 'array' });
    await client.query('ROLLBACK');
    if (res.rows.length > source.rowLimit) throw new AppError(400, 'ETL_SOURCE_ROWS', { limit: source.rowLimit });
    const columns = res.fields.map((f) => f.name);
    return { columns, rows: (res.rows as unknown[][]).map((cells, i) => ({ row: i + 1, values: Object.fromEntries(columns.map((c, j) => [c, cells[j]])) })) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(400, 'ETL_SOURCE_FAILED', { reason: e instanceof Error ? e.message : String(e) });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Reads a pipeline's rows from its source (a file source takes the uploaded file). */
export async function readSource(source: PipelineSource, file: UploadedFile | null): Promise<SourceData> {
  switch (source.kind) {
    case 'file':
    case 'fieldbook': {
      if (!file) throw new AppError(400, 'ETL_FILE_REQUIRED');
      if (file.bytes.length > ETL_FILE_MAX_BYTES) throw new AppError(413, 'ETL_FILE_TOO_LARGE', { limit: ETL_FILE_MAX_BYTES / 1024 / 1024 });
      if (source.kind === 'fieldbook') return readFieldBook(file.bytes.toString('utf8'));
      const isXlsx = file.bytes.subarray(0, 2).toString('latin1') === 'PK';
      if (source.format === 'xlsx') {
        if (!isXlsx) throw new AppError(400, 'ETL_FILE_FORMAT', { reason: 'not an xlsx workbook' });
        return readXlsx(file.bytes);
      }
      if (isXlsx) throw new AppError(400, 'ETL_FILE_FORMAT', { reason: 'an xlsx workbook given to a CSV pipeline' });
      return readCsv(file.bytes.toString('utf8'));
    }
    case 'http':
      return readHttp(source);
    case 'postgres':
      return readPostgres(source);
  }
}
