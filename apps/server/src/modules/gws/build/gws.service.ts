import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { panelList, type BuildsData, type GwsProjectRow, type PanelPageQuery, type PanelRow } from '@breedwise/contracts/gws';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { gsDataset } from '../../gs';
import { buildList, sysGenomeBuild } from '../../system';

/** get-build-list: the current crop's builds, each with its description and the datasets (panels) recorded on it. */
export async function buildRows(db: DbOrTx, ctx: RequestContext): Promise<BuildsData> {
  const { cropId, currentBuildId } = await buildList(db, ctx);
  if (cropId === null) return { cropId, currentBuildId, rows: [] };
  const panels = sql<number>`(select count(*)::int from gs_dataset d where d.build_id = ${sysGenomeBuild.id} and d.org_id = ${sysGenomeBuild.orgId})`;
  const rows = await db
    .select({ id: sysGenomeBuild.id, code: sysGenomeBuild.code, name: sysGenomeBuild.name, description: sysGenomeBuild.description, panels })
    .from(sysGenomeBuild)
    .where(and(inOrg(sysGenomeBuild, ctx), eq(sysGenomeBuild.cropId, cropId)))
    .orderBy(asc(sysGenomeBuild.sort), asc(sysGenomeBuild.id));
  return {
    cropId,
    currentBuildId,
    rows: rows.map((r) => ({
      buildId: r.id,
      code: r.code,
      name: r.name,
      description: r.description ?? null,
      current: r.id === currentBuildId,
      panelCount: Number(r.panels),
    })),
  };
}

const q = (col: { name: string }) => sql.raw(`"gs_dataset"."${col.name}"`);
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${q(gsDataset.createdBy)})`;
const panels = listColumns(panelList, {
  filters: {},
  sort: { datasetName: gsDataset.name, sampleCount: gsDataset.sampleCount, snpCount: gsDataset.snpCount, createdAt: gsDataset.createdAt },
});

/**
 * get-panel-list: the genotype panels of one build of the current crop (the caller's current build unless
 * `buildId` names another of the crop's builds): the PLINK file of each genomic dataset recorded on it.
 */
export async function panelPage(db: DbOrTx, ctx: RequestContext, query: z.output<typeof PanelPageQuery>): Promise<{ rows: PanelRow[]; total: number }> {
  const { cropId, currentBuildId } = await buildList(db, ctx);
  const buildId = query.buildId ?? currentBuildId;
  if (cropId === null || buildId === null) return { rows: [], total: 0 };
  const where = and(
    inOrg(gsDataset, ctx),
    eq(gsDataset.cropId, cropId),
    eq(gsDataset.buildId, buildId),
    query.keyword ? ilike(gsDataset.name, likePattern(query.keyword)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      datasetId: gsDataset.id,
      datasetName: gsDataset.name,
      type: gsDataset.type,
      fileName: gsDataset.genotypeFileName,
      sampleCount: gsDataset.sampleCount,
      snpCount: gsDataset.snpCount,
      buildId: gsDataset.buildId,
      createdBy: creator,
      createdAt: gsDataset.createdAt,
    })
    .from(gsDataset)
    .where(where)
    .orderBy(...orderBy(query, panels.sortable, [desc(gsDataset.createdAt)], gsDataset.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(gsDataset).where(where);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: Number(total) };
}

/**
 * get-project-list: the breeding projects of the current crop, with their experiments and those whose
 * traits have saved single-trial analyses (the phenotypes a dataset from platform data can take).
 */
export async function projectRows(db: DbOrTx, ctx: RequestContext): Promise<GwsProjectRow[]> {
  if (ctx.cropId === null || ctx.orgId === null) return [];
  const result = (await db.execute(sql`
    select p.id as "projectId", p.code, p.name,
      count(distinct e.id)::int as "experimentCount",
      count(distinct a.experiment_id)::int as "analysedExperimentCount",
      coalesce(array_agg(distinct v.code) filter (where v.code is not null), '{}') as traits
    from doe_project p
    left join doe_experiment e on e.project_id = p.id and e.org_id = p.org_id
    left join pheno_analysis a on a.experiment_id = e.id and a.org_id = p.org_id
    left join pheno_variable v on v.id = a.variable_id
    where p.org_id = ${ctx.orgId} and p.crop_id = ${ctx.cropId}
    group by p.id, p.code, p.name
    order by count(distinct a.experiment_id) desc, p.code
    limit 500`)) as unknown as { rows: GwsProjectRow[] };
  return result.rows.map((r) => ({
    ...r,
    experimentCount: Number(r.experimentCount),
    analysedExperimentCount: Number(r.analysedExperimentCount),
    traits: [...r.traits].sort(),
  }));
}
