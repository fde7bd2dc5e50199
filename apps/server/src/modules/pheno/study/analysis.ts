import { and, asc, eq } from 'drizzle-orm';
import { AnalysisError, analyseTrait, type DesignKind, type PlotRecord, type TraitAnalysis } from '@breedwise/trial-analysis';
import type { AnalysisResult, TraitAnalysisRow, VariableRow } from '@breedwise/contracts/pheno';
import { errorMessages, formatMessage } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { inOrg } from '../../../platform/tenant';
import { badRequest } from '../../../platform/errors';
import { sysUser } from '../../system';
import { phenoAnalysis } from './study.tables';
import { studyCells, studyExperiment, studyPlots, studyTraits, type StudyExperiment } from './study.service';
import { phenoVariable } from '../variable/variable.tables';

/** The engine's model for each DOE design method that has one. */
export const ANALYSIS_DESIGNS: Partial<Record<string, DesignKind>> = {
  crd: 'crd',
  rcbd: 'rcbd',
  alpha: 'alpha',
  lattice: 'lattice',
  rowcol: 'row-column',
  augmented: 'augmented',
};

interface Saved {
  analysis: TraitAnalysis;
  names: Record<string, string>;
}

function present(
  row: { variableId: number; site: number; design: string; result: Record<string, unknown>; analysedAt: Date; analysedBy: string | null },
  v: Pick<VariableRow, 'code' | 'trait'>,
): TraitAnalysisRow {
  const { analysis: a, names } = row.result as unknown as Saved;
  const blups = new Map(a.blups.map((b) => [b.entry, b]));
  return {
    variableId: row.variableId,
    code: v.code,
    trait: v.trait,
    site: row.site,
    design: row.design,
    n: a.n,
    missing: a.missing,
    grandMean: a.grandMean,
    varianceComponents: a.varianceComponents.map((c) => ({ name: c.name, variance: c.value })),
    geneticVariance: a.geneticVariance,
    heritability: a.heritability,
    cv: a.cv,
    lsd: a.lsd,
    sed: Number.isFinite(a.sed) ? a.sed : null,
    residualDf: a.residualDf,
    formulaBlue: a.fits.blue.formula,
    formulaBlup: a.fits.blup.formula,
    entries: a.blues.map((b) => ({
      entry: b.entry,
      name: names[b.entry] ?? b.entry,
      isCheck: b.isCheck,
      n: b.n,
      blue: b.value,
      se: b.se,
      blup: blups.get(b.entry)?.value ?? null,
    })),
    analysedAt: row.analysedAt.toISOString(),
    analysedBy: row.analysedBy,
  };
}

/** The saved analyses of an experiment (every trait and site). */
export async function savedAnalyses(db: DbOrTx, ctx: RequestContext, id: number): Promise<TraitAnalysisRow[]> {
  const exp = await studyExperiment(db, ctx, id);
  const rows = await db
    .select({
      variableId: phenoAnalysis.variableId,
      code: phenoVariable.code,
      trait: phenoVariable.trait,
      site: phenoAnalysis.site,
      design: phenoAnalysis.design,
      result: phenoAnalysis.result,
      analysedAt: phenoAnalysis.analysedAt,
      analysedBy: sysUser.nickName,
    })
    .from(phenoAnalysis)
    .innerJoin(phenoVariable, eq(phenoVariable.id, phenoAnalysis.variableId))
    .leftJoin(sysUser, eq(sysUser.id, phenoAnalysis.analysedBy))
    .where(and(inOrg(phenoAnalysis, ctx), eq(phenoAnalysis.experimentId, exp.id)))
    .orderBy(asc(phenoVariable.code), asc(phenoAnalysis.site));
  return rows.map((r) => present(r, r));
}

function engineError(err: unknown, v: VariableRow) {
  if (err instanceof AnalysisError) {
    return { code: 'PHENO_ANALYSIS_FAILED', params: { trait: v.code, reasonZh: err.localized('zh-CN'), reasonEn: err.localized('en') } };
  }
  throw err;
}

/** Runs the design's mixed model per trait and site, and saves each result on the experiment (replacing the last). */
export async function runAnalysis(db: DbOrTx, ctx: RequestContext, input: { experimentId: number; variableIds?: number[] }): Promise<AnalysisResult> {
  requireCropWrite(ctx);
  const exp: StudyExperiment = await studyExperiment(db, ctx, input.experimentId);
  if (!exp.locked) throw badRequest('PHENO_NOT_PUSHED', { code: exp.code });
  const design = ANALYSIS_DESIGNS[exp.designMethod];
  if (!design) throw badRequest('PHENO_DESIGN_UNSUPPORTED', { design: exp.designMethod });
  let traits = await studyTraits(db, ctx, exp.id);
  if (input.variableIds?.length) traits = traits.filter((t) => input.variableIds!.includes(t.id));
  const plots = (await studyPlots(db, exp.id)).filter((p) => p.entryType !== 'filler');
  const names: Record<string, string> = {};
  for (const p of plots) names[String(p.entryNo)] = p.name;
  const sites = [...new Set(plots.map((p) => p.site))].sort((a, b) => a - b);
  const failures: AnalysisResult['failures'] = [];
  const orgId = requireOrg(ctx);
  const done: number[] = [];
  const saves: (typeof phenoAnalysis.$inferInsert)[] = [];
  for (const v of traits) {
    if (!['numeric', 'percentage', 'ordinal'].includes(v.scaleType)) {
      failures.push({
        variableId: v.id,
        code: 'PHENO_TRAIT_NOT_NUMERIC',
        message: formatMessage(errorMessages.PHENO_TRAIT_NOT_NUMERIC[ctx.locale], { trait: v.code }),
      });
      continue;
    }
    const cells = new Map((await studyCells(db, ctx, exp.id, v.id)).map((c) => [c.plotRef, c]));
    for (const site of sites) {
      const records: PlotRecord[] = plots
        .filter((p) => p.site === site)
        .map((p) => {
          const c = cells.get(p.ref);
          return {
            plotId: p.plotId,
            entry: String(p.entryNo),
            rep: p.rep,
            block: p.block,
            row: p.row,
            col: p.col,
            isCheck: p.entryType === 'check',
            value: c && !c.excluded ? c.numeric : null,
          };
        });
      let analysis: TraitAnalysis;
      try {
        analysis = analyseTrait({ design, plots: records, trait: v.code });
      } catch (err) {
        const e = engineError(err, v);
        failures.push({ variableId: v.id, code: e.code, message: formatMessage(errorMessages[e.code][ctx.locale], e.params) });
        continue;
      }
      const result = { analysis, names } satisfies Saved as unknown as Record<string, unknown>;
      saves.push({ orgId, experimentId: exp.id, site, variableId: v.id, design, result, analysedBy: ctx.userId, analysedAt: new Date() });
      done.push(v.id);
    }
  }
  // The fits are computed first; their results are saved together, replacing the last ones, in one transaction.
  await db.transaction(async (tx) => {
    for (const row of saves) {
      await tx
        .insert(phenoAnalysis)
        .values(row)
        .onConflictDoUpdate({
          target: [phenoAnalysis.experimentId, phenoAnalysis.site, phenoAnalysis.variableId],
          set: { design: row.design, result: row.result, analysedBy: row.analysedBy, analysedAt: row.analysedAt },
        });
    }
  });
  const all = await savedAnalyses(db, ctx, exp.id);
  return { results: all.filter((r) => done.includes(r.variableId)), failures };
}

/**
 * Entry BLUEs (or BLUPs) of analysed traits of one experiment, for genomic selection's datasets
 * (`createBySystem`): one row per entry, one value per trait code (null when not estimated).
 */
export async function analysedEntryValues(
  db: DbOrTx,
  ctx: RequestContext,
  input: { experimentId: number; variableIds?: number[]; source?: 'blue' | 'blup'; site?: number },
): Promise<{ traits: string[]; rows: { entryNo: number; name: string; isCheck: boolean; values: Record<string, number | null> }[] }> {
  const saved = (await savedAnalyses(db, ctx, input.experimentId)).filter(
    (r) => r.site === (input.site ?? 1) && (!input.variableIds?.length || input.variableIds.includes(r.variableId)),
  );
  const traits = saved.map((r) => r.code);
  const byEntry = new Map<string, { entryNo: number; name: string; isCheck: boolean; values: Record<string, number | null> }>();
  for (const r of saved) {
    for (const e of r.entries) {
      const row = byEntry.get(e.entry) ?? {
        entryNo: Number(e.entry),
        name: e.name,
        isCheck: e.isCheck,
        values: Object.fromEntries(traits.map((t) => [t, null])),
      };
      row.values[r.code] = input.source === 'blup' ? e.blup : e.blue;
      byEntry.set(e.entry, row);
    }
  }
  return { traits, rows: [...byEntry.values()].sort((a, b) => a.entryNo - b.entryNo) };
}
