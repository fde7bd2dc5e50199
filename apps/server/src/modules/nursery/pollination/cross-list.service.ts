import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import Papa from 'papaparse';
import { and, eq, isNotNull } from 'drizzle-orm';
import { CROSS_LIST_MAX_ROWS, type CrossListReport } from '@breedwise/contracts/nursery';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { readFirstSheet, type CellValue } from '../../common';
import { openActivity } from '../activity/activity.service';
import { nurseryEntry as E } from '../entry/entry.tables';
import { planCrosses } from './pollination.service';
import { nurseryPollination as P } from './pollination.tables';

/** One row of a cross list: its row number in the file (the header is row 1) and the two material numbers. */
export interface CrossListRow {
  row: number;
  female: string;
  male: string;
}

const FEMALE = ['female', 'female material no', 'female material number', '母本', '母本编号', '母本材料编号'];
const MALE = ['male', 'male material no', 'male material number', '父本', '父本编号', '父本材料编号'];

const text = (v: CellValue | string | undefined) => (v === null || v === undefined ? '' : String(v).trim());

/** The columns by their header (female / 母本, male / 父本), else the first two. */
function pick(headers: string[], cells: (CellValue | string)[][], firstRow: number[]): CrossListRow[] {
  const norm = headers.map((h) => h.trim().toLowerCase());
  const at = (names: string[]) => norm.findIndex((h) => names.includes(h));
  const f = at(FEMALE);
  const m = at(MALE);
  if (f < 0 !== m < 0 || (f < 0 && headers.length < 2)) throw new AppError(400, 'NURSERY_CROSS_LIST_FORMAT');
  const fi = f < 0 ? 0 : f;
  const mi = m < 0 ? 1 : m;
  return cells.map((c, k) => ({ row: firstRow[k], female: text(c[fi]), male: text(c[mi]) }));
}

/** Reads a cross list file (xlsx or CSV, header row first; at most 2,000 rows). */
export async function readCrossList(name: string, bytes: Buffer): Promise<CrossListRow[]> {
  let rows: CrossListRow[];
  if (/\.xlsx$/i.test(name)) {
    const local = path.join(os.tmpdir(), `bw-crosses-${crypto.randomUUID()}.xlsx`);
    try {
      await fsp.writeFile(local, bytes);
      const sheet = await readFirstSheet(local, CROSS_LIST_MAX_ROWS).catch((err: unknown) => {
        if (err instanceof AppError && err.errorCode === 'IMPORT_TOO_MANY_ROWS')
          throw new AppError(400, 'NURSERY_CROSS_LIST_TOO_MANY', { max: CROSS_LIST_MAX_ROWS });
        throw err instanceof AppError ? err : new AppError(400, 'NURSERY_CROSS_LIST_FORMAT');
      });
      rows = pick(
        sheet.headers,
        sheet.rows.map((r) => r.cells),
        sheet.rows.map((r) => r.rowNumber),
      );
    } finally {
      await fsp.rm(local, { force: true });
    }
  } else if (/\.csv$/i.test(name)) {
    const parsed = Papa.parse<string[]>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
    const [head, ...data] = parsed.data;
    if (!head) throw new AppError(400, 'NURSERY_CROSS_LIST_FORMAT');
    if (data.length > CROSS_LIST_MAX_ROWS) throw new AppError(400, 'NURSERY_CROSS_LIST_TOO_MANY', { max: CROSS_LIST_MAX_ROWS });
    rows = pick(
      head,
      data,
      data.map((_, k) => k + 2),
    );
  } else throw new AppError(400, 'NURSERY_CROSS_LIST_FORMAT');
  if (!rows.length) throw new AppError(400, 'NURSERY_CROSS_LIST_EMPTY');
  return rows;
}

/**
 * Plans the crosses of a cross list, all or nothing, with the rules of a cross plan: each material number
 * an entry of this nursery, no entry crossed with itself, and no female getting more distinct male parents
 * than the nursery's limit (counting the crosses planned before and the rows above). Every refused row is
 * reported with its reason; with any, nothing is planned. The valid list is planned as single crosses in
 * file order, in one transaction (the nursery row locked, as every plan).
 */
export async function importCrossList(db: DbOrTx, ctx: RequestContext, activityId: number, rows: CrossListRow[]): Promise<CrossListReport> {
  return db.transaction(async (tx) => {
    const activity = await openActivity(tx, ctx, activityId, 'update');
    const entries = await tx.select({ id: E.id, entryNo: E.entryNo, name: E.name }).from(E).where(eq(E.activityId, activity.id));
    const byNo = new Map(entries.map((e) => [e.entryNo, e]));
    const prefix = `${activity.code.toLowerCase()}-`;
    const lookup = (value: string) => {
      const v = value.toLowerCase();
      if (!v.startsWith(prefix) || !/^\d+$/.test(v.slice(prefix.length))) return undefined;
      return byNo.get(Number(v.slice(prefix.length)));
    };
    const males = new Map<number, Set<number>>();
    for (const e of await tx
      .select({ female: P.femaleEntryId, male: P.maleEntryId })
      .from(P)
      .where(and(eq(P.activityId, activity.id), eq(P.type, 'cross'), isNotNull(P.maleEntryId)))) {
      if (!males.has(e.female)) males.set(e.female, new Set());
      males.get(e.female)!.add(e.male!);
    }
    const errors: CrossListReport['errors'] = [];
    const say = (code: Parameters<typeof translateError>[0], params: Record<string, unknown> = {}) => translateError(code, ctx.locale, params);
    const pairs: [number, number][] = [];
    for (const r of rows) {
      const before = errors.length;
      const found: Record<'female' | 'male', ReturnType<typeof lookup>> = { female: undefined, male: undefined };
      for (const side of ['female', 'male'] as const) {
        if (!r[side]) errors.push({ row: r.row, field: side, message: say('NURSERY_CROSS_LIST_REQUIRED') });
        else if (!(found[side] = lookup(r[side]))) errors.push({ row: r.row, field: side, message: say('NURSERY_CROSS_LIST_UNKNOWN', { value: r[side] }) });
      }
      if (errors.length > before) continue;
      const [f, m] = [found.female!, found.male!];
      if (f.id === m.id) {
        errors.push({ row: r.row, field: 'male', message: say('NURSERY_SELF_CROSS', { name: f.name }) });
        continue;
      }
      const set = males.get(f.id) ?? new Set<number>();
      if (!set.has(m.id) && set.size + 1 > activity.maxMales) {
        errors.push({ row: r.row, field: 'male', message: say('NURSERY_MALE_EXCESS', { name: f.name, count: set.size + 1, max: activity.maxMales }) });
        continue;
      }
      set.add(m.id);
      males.set(f.id, set);
      pairs.push([f.id, m.id]);
    }
    const report = { total: rows.length, valid: pairs.length, invalid: rows.length - pairs.length, errors };
    if (errors.length) return { ...report, planned: 0, refused: true };
    const planned = await planCrosses(tx, ctx, {
      activityId: activity.id,
      femaleEntryIds: pairs.map((p) => p[0]),
      maleEntryIds: pairs.map((p) => p[1]),
      mode: 'single',
    });
    return { ...report, planned, refused: false };
  });
}
