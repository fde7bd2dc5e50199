import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SeedOrg } from '../../platform/module';
import { taskContext } from '../common';
import { doeExperiment, doeExperimentEntry, doeExperimentSite, doePlot } from '../doe/experiment/experiment.tables';
import { runAnalysis } from './study/analysis';
import { phenoObservation, phenoStudyTrait } from './study/study.tables';
import { phenoVariable } from './variable/variable.tables';

/** The demo crop's phenotype traits (maize). */
export const DEMO_VARIABLES = [
  {
    code: 'PH',
    name: '株高 (cm)',
    trait: '株高',
    method: '抽雄后测量地面至雄穗顶端',
    scaleType: 'numeric',
    unit: 'cm',
    minimum: 50,
    maximum: 400,
    ontologyId: 'CO_322:0000233',
    synonyms: ['PLHT', 'PlantHeight'],
  },
  {
    code: 'DTS',
    name: '吐丝期 (天)',
    trait: '吐丝期',
    method: '播种至 50% 植株吐丝的天数',
    scaleType: 'numeric',
    unit: 'd',
    minimum: 30,
    maximum: 120,
    ontologyId: null,
    synonyms: ['ASI_D'],
  },
  {
    code: 'YLD',
    name: '小区产量 (kg)',
    trait: '小区产量',
    method: '收获称重，折合 14% 含水量',
    scaleType: 'numeric',
    unit: 'kg',
    minimum: 0,
    maximum: 40,
    ontologyId: null,
    synonyms: ['PlotYield'],
  },
  {
    code: 'LDG',
    name: '倒伏率 (%)',
    trait: '倒伏率',
    method: '目测倒伏植株比例',
    scaleType: 'percentage',
    unit: '%',
    minimum: 0,
    maximum: 100,
    ontologyId: null,
    synonyms: [],
  },
  {
    code: 'NLB',
    name: '大斑病 (1-9 级)',
    trait: '大斑病',
    method: '乳熟期目测病情分级',
    scaleType: 'ordinal',
    unit: null,
    minimum: null,
    maximum: null,
    ontologyId: null,
    synonyms: [],
    categories: [
      { value: '1', label: '高抗' },
      { value: '3', label: '抗' },
      { value: '5', label: '中抗' },
      { value: '7', label: '感' },
      { value: '9', label: '高感' },
    ],
  },
] as const;

/** A small deterministic generator (mulberry32), so the demo is the same at every install. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const normal = (u: () => number) => Math.sqrt(-2 * Math.log(u() || 1e-12)) * Math.cos(2 * Math.PI * u());

/**
 * The demo maize traits, and last season's run of the alpha-lattice trial (E2025-PYT01, a copy of
 * E2026-PYT01's entries and layout) pushed to phenotyping with plant height, days to silking and plot
 * yield observed on every plot (entry and incomplete-block effects plus noise), then analysed.
 */
export async function seedPhenoDemo(db: DbOrTx, org: SeedOrg): Promise<void> {
  const maize = org.crops.maize;
  const admin = org.users.admin;
  if (!maize || !admin) return;
  const stamp = { orgId: org.orgId, createdBy: admin, updatedBy: admin };
  const variables = await db
    .insert(phenoVariable)
    .values(
      DEMO_VARIABLES.map((v) => ({
        ...stamp,
        ...v,
        cropId: maize,
        description: null,
        categories: 'categories' in v ? v.categories.map((c) => ({ ...c })) : [],
        synonyms: [...v.synonyms],
      })),
    )
    .returning();
  // Last season's run of the alpha-lattice PYT (the 2026 one stays open for the design screens): the same
  // entries and layout, harvested and pushed to phenotyping.
  const [source] = await db
    .select()
    .from(doeExperiment)
    .where(and(eq(doeExperiment.orgId, org.orgId), eq(doeExperiment.code, 'E2026-PYT01')));
  if (!source) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const [exp] = await db
    .insert(doeExperiment)
    .values({
      ...copy,
      code: 'E2025-PYT01',
      name: '2025 昌平玉米初级产量比较试验',
      year: 2025,
      sowingDate: '2025-04-28',
      harvestDate: '2025-09-25',
      status: 'harvested',
      locked: true,
      pushedAt: new Date('2025-05-01T02:00:00Z'),
      pushedBy: admin,
    })
    .returning();
  const entries = await db.select().from(doeExperimentEntry).where(eq(doeExperimentEntry.experimentId, source.id));
  if (entries.length) await db.insert(doeExperimentEntry).values(entries.map(({ id: _e, ...e }) => ({ ...e, experimentId: exp.id })));
  const sites = await db.select().from(doeExperimentSite).where(eq(doeExperimentSite.experimentId, source.id));
  const siteIds = new Map<number, number>();
  for (const { id: oldSite, ...site } of sites) {
    const [made] = await db
      .insert(doeExperimentSite)
      .values({ ...site, experimentId: exp.id })
      .returning({ id: doeExperimentSite.id });
    siteIds.set(oldSite, made.id);
  }
  const sourcePlots = await db.select().from(doePlot).where(eq(doePlot.experimentId, source.id));
  for (let i = 0; i < sourcePlots.length; i += 500) {
    await db
      .insert(doePlot)
      .values(
        sourcePlots
          .slice(i, i + 500)
          .map(({ id: _p, ...p }) => ({ ...p, experimentId: exp.id, siteId: siteIds.get(p.siteId)!, plotId: p.plotId.replace('E2026-PYT01', 'E2025-PYT01') })),
      );
  }
  const observed = ['PH', 'DTS', 'YLD'].map((code) => variables.find((v) => v.code === code)!);
  await db.insert(phenoStudyTrait).values(observed.map((v, sort) => ({ experimentId: exp.id, variableId: v.id, sort })));
  const plots = (await db.select().from(doePlot).where(eq(doePlot.experimentId, exp.id))).filter((p) => p.entryType !== 'filler');
  const u = random(20260801);
  const means = { PH: 255, DTS: 62, YLD: 9.5 } as Record<string, number>;
  const spread = { PH: [14, 6, 9], DTS: [2.5, 0.8, 1.2], YLD: [0.9, 0.4, 0.6] } as Record<string, number[]>;
  const entryEffect = new Map<string, number>();
  const blockEffect = new Map<string, number>();
  const rows: (typeof phenoObservation.$inferInsert)[] = [];
  for (const v of observed) {
    const [sg, sb, se] = spread[v.code];
    for (const p of plots) {
      const ek = `${v.code}:${p.entryNo}`;
      const bk = `${v.code}:${p.rep}:${p.block}`;
      if (!entryEffect.has(ek)) entryEffect.set(ek, sg * normal(u));
      if (!blockEffect.has(bk)) blockEffect.set(bk, sb * normal(u));
      const x = means[v.code] + entryEffect.get(ek)! + blockEffect.get(bk)! + se * normal(u);
      const value = v.code === 'DTS' ? String(Math.round(x)) : v.code === 'PH' ? x.toFixed(0) : x.toFixed(2);
      rows.push({
        ...stamp,
        experimentId: exp.id,
        plotRef: p.id,
        variableId: v.id,
        value,
        numeric: Number(value),
        observedAt: new Date('2026-08-15T03:00:00Z'),
        person: '李明',
        source: 'fieldbook',
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(phenoObservation).values(rows.slice(i, i + 500));
  await runAnalysis(db, taskContext({ orgId: org.orgId, createdBy: admin }, 'zh-CN', maize), { experimentId: exp.id });
}
