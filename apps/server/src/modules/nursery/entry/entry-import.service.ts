import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ENTRY_IMPORT_MAX_ROWS, type EntryImportReport } from '@breedwise/contracts/nursery';
import { validateGeneration } from '@breedwise/pedigree';
import type { Locale } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { inCrop } from '../../../platform/tenant';
import { readFirstSheet, type CellValue } from '../../common';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { openActivity } from '../activity/activity.service';
import { appendEntries } from './entry.service';
import { nurseryEntry as E } from './entry.tables';

/** The columns an entry file may have, by their headings (those of the entries export, in Chinese or English). */
const COLUMNS = {
  materialNo: ['material no.', 'material no', 'material number', '材料编号'],
  name: ['name', 'material', 'germplasm', 'accession no.', 'accession', '名称', '材料', '材料名称', '种质', '种质编号'],
  generation: ['generation', '世代'],
  pedigree: ['pedigree', '系谱'],
  femaleParent: ['female parent', 'female', '母本'],
  maleParent: ['male parent', 'male', '父本'],
  fieldNo: ['field no.', 'field no', 'field number', '田间编号'],
  remark: ['remark', '备注'],
} as const;
type Column = keyof typeof COLUMNS;

const columnWords: Record<'name' | 'generation', Record<Locale, string>> = {
  name: { 'zh-CN': '名称', en: 'name' },
  generation: { 'zh-CN': '世代', en: 'generation' },
};

/** One row of an entry file: its row number in the sheet (the header is row 1) and its cells by column. */
export interface EntryFileRow {
  row: number;
  cells: Partial<Record<Column, string>>;
}

const text = (v: CellValue | undefined) => (v === null || v === undefined ? '' : String(v).trim());

/** Reads an entry file (xlsx, header row first; at most 5,000 rows); Name and Generation columns are required. */
export async function readEntryFile(name: string, bytes: Buffer): Promise<EntryFileRow[]> {
  if (!/\.xlsx$/i.test(name)) throw new AppError(400, 'NURSERY_ENTRY_IMPORT_FORMAT');
  const local = path.join(os.tmpdir(), `bw-entries-${crypto.randomUUID()}.xlsx`);
  try {
    await fsp.writeFile(local, bytes);
    const sheet = await readFirstSheet(local, ENTRY_IMPORT_MAX_ROWS).catch((err: unknown) => {
      if (err instanceof AppError && err.errorCode === 'IMPORT_TOO_MANY_ROWS')
        throw new AppError(400, 'NURSERY_ENTRY_IMPORT_TOO_MANY', { max: ENTRY_IMPORT_MAX_ROWS });
      throw err instanceof AppError ? err : new AppError(400, 'NURSERY_ENTRY_IMPORT_FORMAT');
    });
    const norm = sheet.headers.map((h) => h.trim().toLowerCase());
    const at = {} as Record<Column, number>;
    for (const c of Object.keys(COLUMNS) as Column[]) at[c] = norm.findIndex((h) => (COLUMNS[c] as readonly string[]).includes(h));
    if (at.name < 0 || at.generation < 0) throw new AppError(400, 'NURSERY_ENTRY_IMPORT_FORMAT');
    const rows = sheet.rows
      .map((r) => {
        const cells: EntryFileRow['cells'] = {};
        for (const c of Object.keys(COLUMNS) as Column[]) if (at[c] >= 0) cells[c] = text(r.cells[at[c]]);
        return { row: r.rowNumber, cells };
      })
      .filter((r) => Object.values(r.cells).some((v) => v));
    if (!rows.length) throw new AppError(400, 'NURSERY_ENTRY_IMPORT_EMPTY');
    return rows;
  } finally {
    await fsp.rm(local, { force: true });
  }
}

const femaleG = alias(germGermplasm, 'female_g');
const maleG = alias(germGermplasm, 'male_g');

/**
 * Appends the entries of a file to a nursery, all or nothing, in one transaction (the nursery row locked):
 * each row's name is linked to the germplasm record of the crop whose accession number or name it is
 * (when exactly one), its generation checked in F, D or BC form (the record's when the cell is empty),
 * pedigree and parents from the file or else from the record. A material number that is already an entry
 * of this nursery (the nursery's own export imported back), or that appears twice, is reported as a
 * duplicate. With any refused row nothing is imported and the report lists each (row, column, reason).
 */
export async function importEntries(db: DbOrTx, ctx: RequestContext, activityId: number, rows: EntryFileRow[]): Promise<EntryImportReport> {
  return db.transaction(async (tx) => {
    const activity = await openActivity(tx, ctx, activityId, 'update');
    const existing = await tx.select({ entryNo: E.entryNo }).from(E).where(eq(E.activityId, activity.id));
    const taken = new Set(existing.map((e) => e.entryNo));
    const prefix = `${activity.code.toLowerCase()}-`;
    const ownNo = (value: string) => {
      const v = value.toLowerCase();
      return v.startsWith(prefix) && /^\d+$/.test(v.slice(prefix.length)) ? Number(v.slice(prefix.length)) : null;
    };
    const keys = [...new Set(rows.map((r) => r.cells.name ?? '').filter(Boolean))];
    const found = keys.length
      ? await tx
          .select({
            id: germGermplasm.id,
            name: germGermplasm.name,
            accessionNo: germGermplasm.accessionNo,
            generation: germGermplasm.generation,
            pedigree: germGermplasm.pedigree,
            female: femaleG.name,
            male: maleG.name,
          })
          .from(germGermplasm)
          .leftJoin(femaleG, eq(femaleG.id, germGermplasm.femaleParentId))
          .leftJoin(maleG, eq(maleG.id, germGermplasm.maleParentId))
          .where(and(inCrop(germGermplasm, ctx), or(inArray(germGermplasm.name, keys), inArray(germGermplasm.accessionNo, keys))))
      : [];
    const seen = new Map<string, number>();
    for (const g of found) for (const k of new Set([g.name, g.accessionNo])) seen.set(k, (seen.get(k) ?? 0) + 1);
    const byKey = new Map<string, (typeof found)[number]>();
    for (const g of found) for (const k of new Set([g.name, g.accessionNo])) if (seen.get(k) === 1) byKey.set(k, g);

    const say = (code: Parameters<typeof translateError>[0], params: Record<string, unknown> = {}) => translateError(code, ctx.locale, params);
    const errors: EntryImportReport['errors'] = [];
    const firstRow = new Map<string, number>();
    const out: Parameters<typeof appendEntries>[2] = [];
    for (const r of rows) {
      const before = errors.length;
      const c = r.cells;
      const mat = c.materialNo ?? '';
      if (mat) {
        const no = ownNo(mat);
        const k = mat.toLowerCase();
        if (no !== null && taken.has(no)) errors.push({ row: r.row, field: 'materialNo', message: say('NURSERY_ENTRY_IMPORT_DUPLICATE', { value: mat }) });
        else if (firstRow.has(k))
          errors.push({ row: r.row, field: 'materialNo', message: say('NURSERY_ENTRY_IMPORT_REPEATED', { value: mat, row: firstRow.get(k) }) });
        else firstRow.set(k, r.row);
      }
      const g = c.name ? byKey.get(c.name) : undefined;
      if (!c.name) errors.push({ row: r.row, field: 'name', message: say('NURSERY_ENTRY_IMPORT_REQUIRED', { column: columnWords.name[ctx.locale] }) });
      const genText = c.generation || g?.generation || '';
      const gen = validateGeneration(genText);
      if (!genText)
        errors.push({ row: r.row, field: 'generation', message: say('NURSERY_ENTRY_IMPORT_REQUIRED', { column: columnWords.generation[ctx.locale] }) });
      else if (!gen.ok) errors.push({ row: r.row, field: 'generation', message: say('NURSERY_ENTRY_IMPORT_GENERATION', { value: genText }) });
      if (errors.length > before || !gen.ok) continue;
      out.push({
        name: g ? g.name : c.name!,
        germplasmId: g?.id ?? null,
        generation: gen.code,
        pedigree: c.pedigree || g?.pedigree || null,
        femaleParent: c.femaleParent || g?.female || null,
        maleParent: c.maleParent || g?.male || null,
        fieldNo: c.fieldNo ? c.fieldNo.slice(0, 50) : null,
        remark: c.remark ? c.remark.slice(0, 500) : null,
        source: g ? `import:${g.accessionNo}` : 'import',
      });
    }
    const report = { total: rows.length, valid: out.length, invalid: rows.length - out.length, errors };
    if (errors.length) return { ...report, imported: 0, refused: true };
    const imported = await appendEntries(tx, activity.id, out);
    return { ...report, imported, refused: false };
  });
}
