import { and, asc, eq, sql } from 'drizzle-orm';
import type { AccessionNext, AccessionSeriesRow } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import { requireCrop, requireOrg, type RequestContext } from '../../../platform/context';
import { conflict, notFound } from '../../../platform/errors';
import { sysCrop } from '../../system';
import { nextNumber } from '../counter/counter.service';
import { germCounter } from '../counter/counter.tables';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germAccessionSeries } from './series.tables';

const S = germAccessionSeries;
const G = germGermplasm;

/** Prefixes of the standard crops: the two letters of the botanical name (Zea mays, Oryza sativa ...). */
const STANDARD_PREFIXES: Record<string, string> = { maize: 'ZM', rice: 'OS', wheat: 'TA', soybean: 'GM' };
const DEFAULT_DIGITS = 5;

interface Series {
  prefix: string;
  digits: number;
}

/** The series of a crop nobody configured: its standard prefix (or the first letters of its code) and five digits. */
export function defaultSeries(cropCode: string): Series {
  const letters = cropCode.replace(/[^A-Za-z]/g, '').toUpperCase();
  return { prefix: STANDARD_PREFIXES[cropCode] ?? (letters.slice(0, 2) || 'G'), digits: DEFAULT_DIGITS };
}

export const formatAccession = (s: Series, n: number) => `${s.prefix}${String(n).padStart(s.digits, '0')}`;
const counterKey = (cropId: number, s: Series) => `accession-${cropId}-${s.prefix}`;

async function cropSeries(db: DbOrTx, orgId: number, cropId: number): Promise<Series & { configured: boolean }> {
  const [row] = await db
    .select({ code: sysCrop.code, prefix: S.prefix, digits: S.digits })
    .from(sysCrop)
    .leftJoin(S, and(eq(S.orgId, sysCrop.orgId), eq(S.cropId, sysCrop.id)))
    .where(and(eq(sysCrop.orgId, orgId), eq(sysCrop.id, cropId)));
  if (!row) throw notFound();
  return row.prefix !== null && row.digits !== null
    ? { prefix: row.prefix, digits: row.digits, configured: true }
    : { ...defaultSeries(row.code), configured: false };
}

/** The highest number of the series the crop already uses (numbers given by hand included); 0 when none. */
async function highestUsed(db: DbOrTx, orgId: number, cropId: number, s: Series): Promise<number> {
  const [{ max }] = await db
    .select({
      max: sql<string | null>`max(substr(${G.accessionNo}, ${s.prefix.length + 1})::bigint)`,
    })
    .from(G)
    .where(
      and(
        eq(G.orgId, orgId),
        eq(G.cropId, cropId),
        sql`left(${G.accessionNo}, ${s.prefix.length}) = ${s.prefix}`,
        sql`length(${G.accessionNo}) = ${s.prefix.length + s.digits}`,
        sql`substr(${G.accessionNo}, ${s.prefix.length + 1}) ~ '^[0-9]+$'`,
      ),
    );
  return max === null ? 0 : Number(max);
}

async function counterValue(db: DbOrTx, orgId: number, key: string): Promise<number> {
  const [row] = await db
    .select({ value: germCounter.value })
    .from(germCounter)
    .where(and(eq(germCounter.orgId, orgId), eq(germCounter.key, key)));
  return row?.value ?? 0;
}

/** What the next allocation would answer (without taking it): after the counter and after every number in use. */
async function peekNext(db: DbOrTx, orgId: number, cropId: number, s: Series): Promise<string> {
  const n = Math.max(await counterValue(db, orgId, counterKey(cropId, s)), await highestUsed(db, orgId, cropId, s)) + 1;
  return n < 10 ** s.digits ? formatAccession(s, n) : '';
}

/**
 * The next accession number of the current crop's series, inside the caller's (registration) transaction.
 * The counter row is updated first, so concurrent registrations queue on it and each receives its own
 * number; a rolled-back registration gives its number back. Numbers already in use (given by hand, or
 * from before the series was set) are skipped by moving the counter past the highest of them.
 */
export async function allocateAccessionNo(tx: DbOrTx, ctx: RequestContext): Promise<string> {
  const orgId = requireOrg(ctx);
  const cropId = requireCrop(ctx);
  const s = await cropSeries(tx, orgId, cropId);
  const key = counterKey(cropId, s);
  for (let attempt = 0; attempt < 3; attempt++) {
    const n = await nextNumber(tx, ctx, key);
    if (n >= 10 ** s.digits) throw conflict('GERM_SERIES_FULL', { prefix: s.prefix, digits: s.digits });
    const candidate = formatAccession(s, n);
    const [taken] = await tx
      .select({ id: G.id })
      .from(G)
      .where(and(eq(G.orgId, orgId), eq(G.cropId, cropId), eq(G.accessionNo, candidate)));
    if (!taken) return candidate;
    const highest = await highestUsed(tx, orgId, cropId, s);
    await tx
      .update(germCounter)
      .set({ value: sql`greatest(${germCounter.value}, ${highest})` })
      .where(and(eq(germCounter.orgId, orgId), eq(germCounter.key, key)));
  }
  throw conflict('GERM_ACCESSION_EXISTS', { accessionNo: formatAccession(s, await counterValue(tx, orgId, key)) });
}

/** The current crop's series and its next number (the registration form's placeholder). */
export async function nextAccession(db: DbOrTx, ctx: RequestContext): Promise<AccessionNext> {
  const orgId = requireOrg(ctx);
  const cropId = requireCrop(ctx);
  const s = await cropSeries(db, orgId, cropId);
  return { prefix: s.prefix, digits: s.digits, next: await peekNext(db, orgId, cropId, s) };
}

/** Every crop of the organisation with its series (configured or default) and next number. */
export async function listSeries(db: DbOrTx, ctx: RequestContext): Promise<AccessionSeriesRow[]> {
  const orgId = requireOrg(ctx);
  const rows = await db
    .select({
      cropId: sysCrop.id,
      code: sysCrop.code,
      nameZh: sysCrop.nameZh,
      nameEn: sysCrop.nameEn,
      prefix: S.prefix,
      digits: S.digits,
      updatedAt: S.updatedAt,
    })
    .from(sysCrop)
    .leftJoin(S, and(eq(S.orgId, sysCrop.orgId), eq(S.cropId, sysCrop.id)))
    .where(eq(sysCrop.orgId, orgId))
    .orderBy(asc(sysCrop.sort), asc(sysCrop.id));
  const out: AccessionSeriesRow[] = [];
  for (const r of rows) {
    const configured = r.prefix !== null && r.digits !== null;
    const s = configured ? { prefix: r.prefix!, digits: r.digits! } : defaultSeries(r.code);
    out.push({
      cropId: r.cropId,
      cropCode: r.code,
      cropName: ctx.locale === 'en' ? r.nameEn : r.nameZh,
      prefix: s.prefix,
      digits: s.digits,
      next: await peekNext(db, orgId, r.cropId, s),
      configured,
      updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    });
  }
  return out;
}

/** Sets a crop's series; numbering continues after the highest number of the new series the crop uses. */
export async function saveSeries(db: DbOrTx, ctx: RequestContext, input: { cropId: number; prefix: string; digits: number }): Promise<AccessionSeriesRow> {
  const orgId = requireOrg(ctx);
  await cropSeries(db, orgId, input.cropId);
  await db
    .insert(S)
    .values({ orgId, cropId: input.cropId, prefix: input.prefix, digits: input.digits, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: [S.orgId, S.cropId], set: { prefix: input.prefix, digits: input.digits, updatedBy: ctx.userId, updatedAt: new Date() } });
  return (await listSeries(db, ctx)).find((r) => r.cropId === input.cropId)!;
}
