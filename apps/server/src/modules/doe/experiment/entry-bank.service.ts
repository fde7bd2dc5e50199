import { and, asc, count, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import {
  splitAccessionList,
  type AccessionReport,
  type BankAccessionRow,
  type BankEntriesAdd,
  type BankPageQuery,
  type ExperimentEntryRow,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { escapeLike, likePattern, pageWindow } from '../../../platform/pagination';
import { inCrop, updatedStamp } from '../../../platform/tenant';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { refusal } from '../shared';
import { requireBankGermplasm } from './entry-bank.rules';
import { entriesRow, experimentEntries, getExperiment } from './experiment.service';
import { doeExperiment, doeExperimentEntry } from './experiment.tables';

type PageParsed = z.output<typeof BankPageQuery>;
type AddParsed = z.output<typeof BankEntriesAdd>;

/** Entries an experiment may hold (as `ExperimentEntriesSave`). */
const MAX_ENTRIES = 100_000;

const bankColumns = (experimentId: number) => ({
  id: germGermplasm.id,
  accessionNo: germGermplasm.accessionNo,
  name: germGermplasm.name,
  type: germGermplasm.type,
  generation: germGermplasm.generation,
  pedigree: germGermplasm.pedigree,
  origin: germGermplasm.origin,
  inExperiment: sql<boolean>`exists (select 1 from doe_experiment_entry x where x.experiment_id = ${experimentId} and x.germplasm_id = "germ_germplasm"."id")`,
});

/**
 * The picker's page of the current crop's accessions. With a keyword (accession number, name or a
 * synonym): exact matches first, then those starting with it, then those containing it.
 */
export async function bankPage(db: DbOrTx, ctx: RequestContext, q: PageParsed): Promise<{ rows: BankAccessionRow[]; total: number }> {
  await getExperiment(db, ctx, q.experimentId);
  const kw = q.keyword?.trim();
  const where = and(
    inCrop(germGermplasm, ctx),
    q.type ? eq(germGermplasm.type, q.type) : undefined,
    kw
      ? or(
          ilike(germGermplasm.accessionNo, likePattern(kw)),
          ilike(germGermplasm.name, likePattern(kw)),
          sql`${germGermplasm.synonyms}::text ilike ${likePattern(kw)}`,
        )
      : undefined,
  );
  const rank = kw
    ? sql`case when lower(${germGermplasm.accessionNo}) = lower(${kw}) or lower(${germGermplasm.name}) = lower(${kw}) then 0
               when ${germGermplasm.accessionNo} ilike ${`${escapeLike(kw)}%`} or ${germGermplasm.name} ilike ${`${escapeLike(kw)}%`} then 1
               else 2 end`
    : null;
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(bankColumns(q.experimentId))
      .from(germGermplasm)
      .where(where)
      .orderBy(...(rank ? [rank, sql`length(${germGermplasm.name})`] : []), asc(germGermplasm.accessionNo))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(germGermplasm).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, inExperiment: Boolean(r.inExperiment) })), total: Number(total) };
}

/** Reads a pasted list against the bank: known, unknown and repeated accession numbers. Saves nothing. */
export async function checkAccessions(db: DbOrTx, ctx: RequestContext, id: number, text: string): Promise<AccessionReport> {
  await getExperiment(db, ctx, id);
  const numbers = splitAccessionList(text);
  const counts = new Map<string, number>();
  numbers.forEach((n) => counts.set(n, (counts.get(n) ?? 0) + 1));
  const unique = [...counts.keys()];
  const found = new Map<string, BankAccessionRow>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select(bankColumns(id))
      .from(germGermplasm)
      .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.accessionNo, unique.slice(i, i + 1000))));
    rows.forEach((r) => found.set(r.accessionNo, { ...r, inExperiment: Boolean(r.inExperiment) }));
  }
  return {
    total: numbers.length,
    found: unique.filter((n) => found.has(n)).map((n) => found.get(n)!),
    unknown: unique.filter((n) => !found.has(n)),
    duplicates: [...counts.entries()].filter(([, c]) => c > 1).map(([accessionNo, c]) => ({ accessionNo, count: c })),
  };
}

/**
 * Adds accessions of the current crop as entries, in one transaction under the experiment's row lock:
 * appended after the last entry number (or replacing the entries), names, generations and pedigrees
 * copied from the bank, the germplasm type as the material type. An accession given twice, or already an
 * entry when appending, is refused naming its line.
 */
export async function addBankEntries(db: DbOrTx, ctx: RequestContext, body: AddParsed): Promise<ExperimentEntryRow[]> {
  requireCropWrite(ctx);
  const first = new Map<number, number>();
  await db.transaction(async (tx) => {
    await entriesRow(tx, ctx, body.id);
    const bank = await requireBankGermplasm(
      tx,
      ctx,
      body.accessions.map((a) => a.germplasmId),
      (i) => `accessions.${i}.germplasmId`,
    );
    body.accessions.forEach((a, i) => {
      if (first.has(a.germplasmId))
        throw refusal(400, 'DOE_BANK_GERMPLASM_REPEATED', { accessionNo: bank.get(a.germplasmId)!.accessionNo }, ctx.locale, `accessions.${i}.germplasmId`);
      first.set(a.germplasmId, i);
    });
    let next = 1;
    let kept = 0;
    if (body.addMode === 'replace') {
      await tx.delete(doeExperimentEntry).where(eq(doeExperimentEntry.experimentId, body.id));
    } else {
      const existing = await tx
        .select({ germplasmId: doeExperimentEntry.germplasmId })
        .from(doeExperimentEntry)
        .where(and(eq(doeExperimentEntry.experimentId, body.id), inArray(doeExperimentEntry.germplasmId, [...first.keys()])))
        .limit(1);
      if (existing.length) {
        const gid = existing[0].germplasmId!;
        throw refusal(
          409,
          'DOE_BANK_GERMPLASM_IN_EXPERIMENT',
          { accessionNo: bank.get(gid)!.accessionNo },
          ctx.locale,
          `accessions.${first.get(gid)}.germplasmId`,
        );
      }
      const [last] = await tx
        .select({ n: max(doeExperimentEntry.entryNo), c: count() })
        .from(doeExperimentEntry)
        .where(eq(doeExperimentEntry.experimentId, body.id));
      next = (last?.n ?? 0) + 1;
      kept = Number(last?.c ?? 0);
    }
    const total = kept + body.accessions.length;
    if (total > MAX_ENTRIES) throw refusal(400, 'DOE_ENTRY_COUNT_EXCEEDED', { count: total, max: MAX_ENTRIES }, ctx.locale, 'accessions');
    const values = body.accessions.map((a, i) => {
      const g = bank.get(a.germplasmId)!;
      return {
        experimentId: body.id,
        entryNo: next + i,
        name: g.name.slice(0, 100),
        type: a.type,
        generation: g.generation?.slice(0, 20) ?? null,
        pedigree: g.pedigree?.slice(0, 500) ?? null,
        materialType: g.type,
        germplasmId: g.id,
      };
    });
    for (let i = 0; i < values.length; i += 1000) await tx.insert(doeExperimentEntry).values(values.slice(i, i + 1000));
    await tx.update(doeExperiment).set(updatedStamp(ctx)).where(eq(doeExperiment.id, body.id));
  });
  return experimentEntries(db, ctx, body.id);
}
