import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { SeedOrg } from '../../platform/module';
import type { AuditSource } from '../audit';
import { germGermplasm } from '../germ/germplasm/germplasm.tables';
import { germPlace } from '../germ/place/place.tables';
import { DhEntryCreate, DhEventCreate, DhFlowCreate } from '@breedwise/contracts/nursery';
import { createActivity } from './activity/activity.service';
import { createDhEntry, createDhEvent } from './dh-entry/dh-entry.service';
import { createDhFlow } from './dh-flow/dh-flow.service';
import { nurseryHarvest } from './harvest/harvest.tables';
import { entriesFromGermplasm } from './entry/entry.service';
import { harvestPollinations } from './harvest/harvest.service';
import { finishPollinations, planCrosses, planSelfs, recordPollinations } from './pollination/pollination.service';
import { nurseryPollination } from './pollination/pollination.tables';
import { nurseryEntry } from './entry/entry.tables';
import { phenoVariable } from '../pheno';
import { observeSurvey, setSurveyTraits } from './survey/survey.service';

/** The inbreds of the demo maize nursery (by accession key of the germ demo data, names as there). */
const PARENTS = ['郑58', 'PH6WC', 'PH4CV', 'Mo17', 'CML159', 'LH198'];

/**
 * A maize nursery of the demo organisation, made through the module's own services as a breeder would:
 * six inbreds entered from the germplasm bank, crosses (郑58 and PH6WC as females with three males), a self
 * and a DH induction of an F1 cross, recorded and finished; the successful ones harvested into seed lots.
 * The DH induction's D0 harvest is carried by a DH batch through every step to a D1 seed lot (a second
 * batch waits at chromosome doubling). A second nursery stays in planning with open crosses (with the open
 * batch, the dashboard's breeding-list to-dos).
 */
export async function seedNurseryDemo(db: DbOrTx, org: SeedOrg): Promise<void> {
  const maize = org.crops.maize;
  const admin = org.users.admin;
  if (!maize || !admin) return;
  const ctx: RequestContext = {
    sessionId: 'seed',
    userId: admin,
    username: 'admin',
    orgId: org.orgId,
    cropId: maize,
    cropAccess: 'operate',
    roles: ['admin'],
    permissions: ['*:*:*'],
    platformAdmin: false,
    locale: 'zh-CN',
    ip: '127.0.0.1',
  };
  const src: AuditSource = { orgId: org.orgId, userId: admin, username: 'admin', ip: null, userAgent: null, requestId: null };
  const parents = await db
    .select({ id: germGermplasm.id, name: germGermplasm.name })
    .from(germGermplasm)
    .where(and(eq(germGermplasm.orgId, org.orgId), eq(germGermplasm.cropId, maize), inArray(germGermplasm.name, PARENTS)));
  const f1 = await db
    .select({ id: germGermplasm.id })
    .from(germGermplasm)
    .where(and(eq(germGermplasm.orgId, org.orgId), eq(germGermplasm.cropId, maize), eq(germGermplasm.generation, 'F1')))
    .orderBy(asc(germGermplasm.id))
    .limit(1);
  const [box] = await db
    .select({ id: germPlace.id })
    .from(germPlace)
    .where(and(eq(germPlace.orgId, org.orgId), eq(germPlace.level, 'box')))
    .orderBy(asc(germPlace.id))
    .limit(1);
  if (parents.length < 4 || !box) return;
  const byName = new Map(parents.map((p) => [p.name, p.id]));
  const ids = PARENTS.filter((n) => byName.has(n)).map((n) => byName.get(n)!);

  const done = await createActivity(db, ctx, {
    name: '2026 夏播杂交圃',
    code: 'NUR-2026-S',
    fieldId: null,
    year: 2026,
    season: 'summer',
    maxMales: 3,
    remark: '演示：杂交、自交和 DH 诱导，成功的授粉已收获入库',
  });
  await entriesFromGermplasm(db, ctx, { activityId: done.id, germplasmIds: [...ids, ...f1.map((g) => g.id)] });
  const entries = await db.select().from(nurseryEntry).where(eq(nurseryEntry.activityId, done.id)).orderBy(asc(nurseryEntry.entryNo));
  const entryOf = (germplasmId: number) => entries.find((e) => e.germplasmId === germplasmId)!.id;
  const females = ids.slice(0, 2).map(entryOf);
  const males = ids.slice(2, 5).map(entryOf);
  await planCrosses(db, ctx, { activityId: done.id, femaleEntryIds: females, maleEntryIds: males, mode: 'factorial' });
  if (f1.length) {
    await planSelfs(db, ctx, { activityId: done.id, type: 'self', entryIds: [entryOf(f1[0].id)] });
    await planSelfs(db, ctx, { activityId: done.id, type: 'dh', entryIds: [entryOf(f1[0].id)] });
  }
  const planned = await db.select().from(nurseryPollination).where(eq(nurseryPollination.activityId, done.id)).orderBy(asc(nurseryPollination.seq));
  // One cross failed (the fourth); the others, the self and the DH induction succeeded.
  const failed = planned.filter((p, i) => p.type === 'cross' && i === 3).map((p) => p.id);
  const ok = planned.map((p) => p.id).filter((id) => !failed.includes(id));
  await recordPollinations(db, ctx, { ids: ok, date: '2026-07-18', person: '王育种', bags: 6, result: 'success', remark: null });
  if (failed.length) await recordPollinations(db, ctx, { ids: failed, date: '2026-07-18', person: '王育种', bags: 4, result: 'fail', remark: '花粉不足' });
  await finishPollinations(
    db,
    ctx,
    planned.map((p) => p.id),
  );
  await harvestPollinations(db, ctx, src, {
    activityId: done.id,
    pollinationIds: ok,
    harvestType: 'ear',
    placeId: box.id,
    unit: 'g',
    quantity: 180,
    remark: null,
  });

  await seedSurvey(
    db,
    ctx,
    org.orgId,
    maize,
    done.id,
    entries.map((e) => e.id),
  );
  await seedDhBatches(db, ctx, src, done.id, box.id);

  const open = await createActivity(db, ctx, {
    name: '2026 冬繁南繁圃',
    code: 'NUR-2026-W',
    fieldId: null,
    year: 2026,
    season: 'winter',
    maxMales: 2,
    remark: '演示：计划中的杂交',
  });
  await entriesFromGermplasm(db, ctx, { activityId: open.id, germplasmIds: ids });
  const openEntries = await db.select().from(nurseryEntry).where(eq(nurseryEntry.activityId, open.id)).orderBy(asc(nurseryEntry.entryNo));
  await planCrosses(db, ctx, {
    activityId: open.id,
    femaleEntryIds: [openEntries[0].id, openEntries[1].id],
    maleEntryIds: [openEntries[2].id, openEntries[3].id],
    mode: 'single',
  });
}

/** Field survey values of the demo nursery: plant height, days to silking and a leaf blight score per entry. */
const SURVEY: Record<string, string[]> = {
  PH: ['182', '205', '196', '168', '224', '190', '238'],
  DTS: ['58', '61', '63', '55', '66', '60', '57'],
  NLB: ['3', '5', '3', '7', '1', '5', '3'],
};

async function seedSurvey(db: DbOrTx, ctx: RequestContext, orgId: number, cropId: number, activityId: number, entryIds: number[]) {
  const vars = await db
    .select({ id: phenoVariable.id, code: phenoVariable.code })
    .from(phenoVariable)
    .where(and(eq(phenoVariable.orgId, orgId), eq(phenoVariable.cropId, cropId), inArray(phenoVariable.code, Object.keys(SURVEY))));
  if (!vars.length) return;
  await setSurveyTraits(db, ctx, { activityId, variableIds: Object.keys(SURVEY).flatMap((c) => vars.filter((v) => v.code === c).map((v) => v.id)) });
  for (const v of vars) {
    for (const [i, entryId] of entryIds.entries()) {
      const value = SURVEY[v.code][i % SURVEY[v.code].length];
      await observeSurvey(db, { ...ctx, username: '王育种' }, { activityId, entryId, variableId: v.id, value, person: '王育种' });
    }
  }
}

/**
 * The DH flow template of the demo (kernels counted at induction, the induction rate computed) and two DH
 * batches from the DH induction's D0 harvest, through the module's services: one carried through
 * induction, haploid identification, chromosome doubling, transplanting and D0 selfing to a D1 seed lot,
 * one waiting at chromosome doubling.
 */
async function seedDhBatches(db: DbOrTx, ctx: RequestContext, src: AuditSource, activityId: number, placeId: number) {
  const [d0] = await db
    .select({ id: nurseryHarvest.id })
    .from(nurseryHarvest)
    .innerJoin(nurseryPollination, eq(nurseryPollination.id, nurseryHarvest.pollinationId))
    .where(and(eq(nurseryHarvest.activityId, activityId), eq(nurseryPollination.type, 'dh')))
    .limit(1);
  if (!d0) return;
  const flow = await createDhFlow(
    db,
    ctx,
    DhFlowCreate.parse({
      name: '玉米 DH 标准流程',
      code: 'MZ-DH',
      remark: '演示：诱导率 = 单倍体粒数 / 总粒数 × 100',
      attributes: [
        { name: '总粒数', code: 'total', type: 'number', order: 1 },
        { name: '单倍体粒数', code: 'haploid', type: 'number', order: 2 },
        { name: '诱导系', code: 'inducer', type: 'select', order: 3, options: ['CAU5', 'RWS', 'CHOI3'] },
        { name: '诱导率 (%)', code: 'rate', type: 'formula', order: 4, formula: 'haploid / total * 100' },
        { name: '加倍成功株数', code: 'doubled', type: 'number', order: 5 },
      ],
    }),
  );
  const batch = (batchNo: string, fieldNo: string, germCount: number) =>
    createDhEntry(
      db,
      ctx,
      DhEntryCreate.parse({
        harvestId: d0.id,
        listName: '2026 春季 DH 清单',
        project: '玉米 DH 育种',
        year: 2026,
        season: 'spring',
        fieldNo,
        germCount,
        batchNo,
        taskName: '春季诱导',
        flowId: flow.id,
        remark: null,
      }),
    );
  const step = (dhEntryId: number, s: string, date: string, count: number, extra: Record<string, unknown> = {}) =>
    createDhEvent(db, ctx, src, DhEventCreate.parse({ dhEntryId, step: s, date, person: '李 DH', count, ...extra }));

  const full = await batch('DH-2026-01', 'DH', 600);
  await step(full.id, 'induction', '2026-03-02', 600, { values: { total: 600, haploid: 54, inducer: 'CAU5' } });
  await step(full.id, 'identification', '2026-03-20', 54, { values: { haploid: 51 } });
  await step(full.id, 'doubling', '2026-04-05', 51, { values: { doubled: 38 } });
  await step(full.id, 'transplanting', '2026-04-25', 38);
  await step(full.id, 'selfing', '2026-08-10', 31, { placeId, unit: 'g', quantity: 240, remark: '演示：D0 自交收获 D1 种子' });

  const waiting = await batch('DH-2026-02', 'DHB2', 400);
  await step(waiting.id, 'induction', '2026-03-03', 400, { values: { total: 400, haploid: 33, inducer: 'RWS' } });
  await step(waiting.id, 'identification', '2026-03-21', 33, { values: { haploid: 30 } });
}
