import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { desiredGainsIndex, smithHazelIndex, weightedIndex, type GebvTable, type IndexResult } from '@breedwise/genomics';
import type { CandidateRow, CandidatesAdd, CandidatesRemove, IndexData, IndexQuery } from '@breedwise/contracts/gs';
import type { Db, DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { createdStamp, inOrg } from '../../../platform/tenant';
import { csvLine } from '../../common';
import { gsCandidate } from '../gs.tables';
import { getPredictRecord } from '../predict/predict.service';

async function finishedPrediction(db: DbOrTx, ctx: RequestContext, id: number) {
  const rec = await getPredictRecord(db, ctx, id);
  if (!rec.finished || !rec.result) throw new AppError(409, 'GS_PREDICTION_NOT_FINISHED');
  return rec;
}

export async function assess(db: DbOrTx, ctx: RequestContext, id: number) {
  const rec = await finishedPrediction(db, ctx, id);
  const traits = rec.result!.traits.map((trait) => {
    const v = rec.result!.rows.flatMap((r) => (r.values[trait] === null || r.values[trait] === undefined ? [] : [r.values[trait]!]));
    const mean = v.length ? v.reduce((s, x) => s + x, 0) / v.length : null;
    const sd = v.length > 1 && mean !== null ? Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / (v.length - 1)) : null;
    return { trait, n: v.length, mean, sd };
  });
  const candidates = await db
    .select({ id: gsCandidate.id })
    .from(gsCandidate)
    .where(and(inOrg(gsCandidate, ctx), eq(gsCandidate.predictId, id)));
  return { predictId: rec.id, name: rec.name, traits, candidates: candidates.length };
}

/**
 * Ranks the prediction's samples with the engine's indices: the platform's weighted index over
 * standardised GEBVs (trend and weight per trait, weights summing to 100), Smith-Hazel with economic
 * weights (trend x weight), or Pesek-Baker desired gains (trend x weight as the desired gain).
 */
export async function rankByIndex(db: DbOrTx, ctx: RequestContext, q: z.output<typeof IndexQuery>): Promise<IndexData> {
  const rec = await finishedPrediction(db, ctx, q.predictId);
  const result = rec.result!;
  for (const w of q.weights) if (!result.traits.includes(w.trait)) throw new AppError(400, 'GS_TRAIT_NOT_IN_DATASET', { trait: w.trait });
  const traits = q.weights.map((w) => w.trait);
  // Samples with a GEBV for every index trait.
  const rows = result.rows.filter((r) => traits.every((t) => typeof r.values[t] === 'number'));
  const table: GebvTable = { ids: rows.map((r) => r.id), traits, values: Float64Array.from(rows.flatMap((r) => traits.map((t) => r.values[t]!))) };
  const select = { select: Math.min(q.select, rows.length) };
  const signed = q.weights.map((w) => (w.trend === '+' ? 1 : -1) * w.weight);
  let out: IndexResult;
  if (q.method === 'weighted') out = weightedIndex(table, q.weights, select);
  else if (q.method === 'smith-hazel') out = smithHazelIndex(table, traits, signed, {}, select);
  else out = desiredGainsIndex(table, traits, signed, {}, select);
  const added = new Set(
    (
      await db
        .select({ s: gsCandidate.sampleId })
        .from(gsCandidate)
        .where(and(inOrg(gsCandidate, ctx), eq(gsCandidate.predictId, q.predictId)))
    ).map((r) => r.s),
  );
  const byId = new Map(rows.map((r) => [r.id, r.values]));
  const gains: Record<string, number> = {};
  const chosen = out.rows.filter((r) => r.candidate);
  for (const t of result.traits) {
    const all = rows.map((r) => r.values[t]).filter((v): v is number => typeof v === 'number');
    const sel = chosen.map((r) => byId.get(r.id)![t]).filter((v): v is number => typeof v === 'number');
    if (all.length && sel.length) gains[t] = sel.reduce((s, v) => s + v, 0) / sel.length - all.reduce((s, v) => s + v, 0) / all.length;
  }
  return {
    method: q.method,
    coefficients: out.coefficients,
    gains,
    rows: out.rows.map((r) => ({ rank: r.rank, id: r.id, index: r.index, proposed: r.candidate, added: added.has(r.id), values: byId.get(r.id)! })),
  };
}

export async function listCandidates(db: DbOrTx, ctx: RequestContext, predictId: number): Promise<CandidateRow[]> {
  await getPredictRecord(db, ctx, predictId);
  const rows = await db
    .select()
    .from(gsCandidate)
    .where(and(inOrg(gsCandidate, ctx), eq(gsCandidate.predictId, predictId)))
    .orderBy(desc(gsCandidate.indexValue), asc(gsCandidate.sampleId));
  return rows.map((r) => ({ id: r.id, sampleId: r.sampleId, index: r.indexValue, method: r.method, createdAt: r.createdAt.toISOString() }));
}

export async function addCandidates(db: Db, ctx: RequestContext, body: z.output<typeof CandidatesAdd>) {
  const rec = await finishedPrediction(db, ctx, body.predictId);
  const known = new Set(rec.sampleCodes);
  const unknown = body.samples.filter((s) => !known.has(s.id)).map((s) => s.id);
  if (unknown.length) throw new AppError(400, 'GS_SAMPLES_UNKNOWN', { codes: unknown.slice(0, 10).join(', ') });
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(gsCandidate)
      .values(body.samples.map((s) => ({ predictId: rec.id, sampleId: s.id, indexValue: s.index, method: body.method, ...createdStamp(ctx) })))
      .onConflictDoUpdate({ target: [gsCandidate.predictId, gsCandidate.sampleId], set: { indexValue: gsCandidate.indexValue } })
      .returning({ id: gsCandidate.id });
    return { added: inserted.length };
  });
}

export async function removeCandidates(db: DbOrTx, ctx: RequestContext, body: z.output<typeof CandidatesRemove>) {
  await getPredictRecord(db, ctx, body.predictId);
  const removed = await db
    .delete(gsCandidate)
    .where(and(inOrg(gsCandidate, ctx), eq(gsCandidate.predictId, body.predictId), inArray(gsCandidate.sampleId, body.sampleIds)))
    .returning({ id: gsCandidate.id });
  return { removed: removed.length };
}

export async function candidatesCsv(db: DbOrTx, ctx: RequestContext, predictId: number) {
  const rec = await getPredictRecord(db, ctx, predictId);
  const rows = await listCandidates(db, ctx, predictId);
  const values = new Map((rec.result?.rows ?? []).map((r) => [r.id, r.values]));
  const traits = rec.result?.traits ?? [];
  const lines = [csvLine(['rank', 'sample', 'index', 'method', ...traits.map((t) => `GEBV ${t}`)])];
  rows.forEach((r, i) => lines.push(csvLine([i + 1, r.sampleId, r.index, r.method, ...traits.map((t) => values.get(r.sampleId)?.[t] ?? '')])));
  return { name: `${rec.name}_candidates.csv`, csv: lines.join('\n') + '\n' };
}
