import { and, asc, count, eq } from 'drizzle-orm';
import type {
  DictDataCreate,
  DictDataRow,
  DictDataUpdate,
  DictEntry,
  DictGetData,
  DictTreeNode,
  DictTypeCreate,
  DictTypeRow,
  DictTypeUpdate,
} from '@breedwise/contracts/system';
import type { Locale } from '@breedwise/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { sysDictData, sysDictType } from './dict.tables';

/** Entries of one dictionary type in the caller's language (spec: dictValue, dictLabel, listClass, cssClass). */
export async function listDict(db: DbOrTx, dictType: string, appKey: string | undefined, locale: Locale): Promise<DictEntry[]> {
  const rows = await db
    .select({ d: sysDictData })
    .from(sysDictData)
    .innerJoin(sysDictType, eq(sysDictType.dictType, sysDictData.dictType))
    .where(
      and(
        eq(sysDictData.dictType, dictType),
        eq(sysDictData.status, 'enabled'),
        eq(sysDictType.status, 'enabled'),
        appKey ? eq(sysDictType.appKey, appKey) : undefined,
      ),
    )
    .orderBy(asc(sysDictData.sort), asc(sysDictData.id));
  return rows.map(({ d }) => ({
    dictValue: d.dictValue,
    dictLabel: locale === 'en' ? d.labelEn : d.labelZh,
    dictLabelI18n: { 'zh-CN': d.labelZh, en: d.labelEn },
    listClass: d.listClass,
    cssClass: d.cssClass,
    sort: d.sort,
  }));
}

async function typeRows(db: DbOrTx, where?: ReturnType<typeof eq>) {
  const rows = await db
    .select({ t: sysDictType, entries: count(sysDictData.id) })
    .from(sysDictType)
    .leftJoin(sysDictData, eq(sysDictData.dictType, sysDictType.dictType))
    .where(where)
    .groupBy(sysDictType.id)
    .orderBy(asc(sysDictType.appKey), asc(sysDictType.dictType));
  return rows.map(({ t, entries }): DictTypeRow => ({
    id: t.id,
    dictType: t.dictType,
    appKey: t.appKey,
    nameZh: t.nameZh,
    nameEn: t.nameEn,
    status: t.status,
    entries: Number(entries),
  }));
}

/** dic/tree: dictionary types grouped by app. */
export async function dictTree(db: DbOrTx, locale: Locale): Promise<DictTreeNode[]> {
  const types = await typeRows(db);
  const apps = [...new Set(types.map((t) => t.appKey))];
  return apps.map((appKey) => ({
    key: `app:${appKey}`,
    title: appKey,
    titleI18n: { 'zh-CN': appKey, en: appKey },
    appKey,
    dictType: null,
    children: types
      .filter((t) => t.appKey === appKey)
      .map((t) => ({
        key: `type:${t.dictType}`,
        title: locale === 'en' ? t.nameEn : t.nameZh,
        titleI18n: { 'zh-CN': t.nameZh, en: t.nameEn },
        appKey,
        dictType: t.dictType,
        children: [],
      })),
  }));
}

/** dic/get: one dictionary type with all its entries (disabled ones too), by dictType (and appKey). */
export async function getDict(db: DbOrTx, dictType: string, appKey?: string): Promise<DictGetData> {
  const [type] = await typeRows(db, and(eq(sysDictType.dictType, dictType), appKey ? eq(sysDictType.appKey, appKey) : undefined) as ReturnType<typeof eq>);
  if (!type) throw notFound();
  const rows = await db.select().from(sysDictData).where(eq(sysDictData.dictType, dictType)).orderBy(asc(sysDictData.sort), asc(sysDictData.id));
  return { type, entries: rows.map(presentData) };
}

function presentData(d: typeof sysDictData.$inferSelect): DictDataRow {
  return {
    id: d.id,
    dictType: d.dictType,
    dictValue: d.dictValue,
    labelZh: d.labelZh,
    labelEn: d.labelEn,
    listClass: d.listClass,
    cssClass: d.cssClass,
    sort: d.sort,
    status: d.status,
  };
}

export async function createDictType(db: DbOrTx, input: z.output<typeof DictTypeCreate>, src: AuditSource): Promise<DictTypeRow> {
  return db.transaction(async (tx) => {
    try {
      await tx.insert(sysDictType).values(input);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_DICT_TYPE_EXISTS', { dictType: input.dictType });
      throw err;
    }
    await audit(tx, src, { action: 'system.dict.type.create', targetType: 'dictType', targetId: input.dictType, detail: input });
    return (await getDict(tx, input.dictType)).type;
  });
}

export async function updateDictType(db: DbOrTx, input: z.output<typeof DictTypeUpdate>, src: AuditSource): Promise<DictTypeRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysDictType)
      .set({ appKey: input.appKey, nameZh: input.nameZh, nameEn: input.nameEn, status: input.status })
      .where(eq(sysDictType.id, input.id))
      .returning();
    if (!row) throw notFound();
    await audit(tx, src, {
      action: 'system.dict.type.update',
      targetType: 'dictType',
      targetId: row.dictType,
      detail: { appKey: input.appKey, status: input.status },
    });
    return (await getDict(tx, row.dictType)).type;
  });
}

export async function deleteDictType(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(sysDictType).where(eq(sysDictType.id, id)).returning({ dictType: sysDictType.dictType });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.dict.type.delete', targetType: 'dictType', targetId: rows[0].dictType });
  });
}

export async function createDictData(db: DbOrTx, input: z.output<typeof DictDataCreate>, src: AuditSource): Promise<DictDataRow> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select({ id: sysDictType.id }).from(sysDictType).where(eq(sysDictType.dictType, input.dictType));
    if (!type) throw notFound();
    try {
      const [row] = await tx.insert(sysDictData).values(input).returning();
      await audit(tx, src, {
        action: 'system.dict.data.create',
        targetType: 'dictData',
        targetId: row.id,
        detail: { dictType: input.dictType, dictValue: input.dictValue },
      });
      return presentData(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_DICT_VALUE_EXISTS', { dictValue: input.dictValue });
      throw err;
    }
  });
}

export async function updateDictData(db: DbOrTx, input: z.output<typeof DictDataUpdate>, src: AuditSource): Promise<DictDataRow> {
  return db.transaction(async (tx) => {
    const { id, ...fields } = input;
    let row: typeof sysDictData.$inferSelect | undefined;
    try {
      [row] = await tx.update(sysDictData).set(fields).where(eq(sysDictData.id, id)).returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_DICT_VALUE_EXISTS', { dictValue: input.dictValue });
      throw err;
    }
    if (!row) throw notFound();
    await audit(tx, src, {
      action: 'system.dict.data.update',
      targetType: 'dictData',
      targetId: id,
      detail: { dictValue: input.dictValue, status: input.status },
    });
    return presentData(row);
  });
}

export async function deleteDictData(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(sysDictData).where(eq(sysDictData.id, id)).returning({ id: sysDictData.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.dict.data.delete', targetType: 'dictData', targetId: id });
  });
}
