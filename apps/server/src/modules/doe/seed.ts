import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import { DesignParams } from '@breedwise/contracts/doe';
import type { DbOrTx } from '../../db/client';
import { doeActivityCategory, doeActivityRecord } from './activity/activity.tables';
import { doeGermDesign, doeGermDesignLine, doeGermDesignPlot } from './germ-design/germ-design.tables';
import { layoutLine } from './germ-design/germ-design.service';
import { doeEntryGroup, doeEntryGroupMember } from './entry-group/entry-group.tables';
import { previewOf, runDesign, statisticsOf, summaryOf } from './experiment/design';
import { doeExperiment, doeExperimentEntry, doeExperimentSite, doePlot } from './experiment/experiment.tables';
import { doeBlock, doeField } from './field/field.tables';
import { doeGermList, doeGermListEntry } from './germlist/germlist.tables';
import { doeLocation } from './location/location.tables';
import { doeProject, doeProjectMember } from './project/project.tables';
import { doeTeam, doeTeamMember } from './team/team.tables';

interface DemoOrg {
  orgId: number;
  crops: Record<string, number>;
  users: Record<string, number>;
}

const PEDIGREES = ['郑58 × 昌7-2', '京724 × 京92', 'PH6WC × PH4CV', '京2416 × 京MC01', '吉B728 × 四287', 'X1132 × 沈137'];

/**
 * The maize programme of the demo organisation: a team and a project, four fields on three of the
 * demo locations, two planting lists and two designed experiments (an alpha lattice and an augmented
 * design) with their plots, laid out by the trial-design engine from fixed seeds.
 */
export async function seedDoeDemo(db: DbOrTx, org: DemoOrg): Promise<void> {
  await seedDemoLocations(db, org);
  const admin = org.users.admin;
  const breeder = org.users.breeder;
  const maize = org.crops.maize;
  const stamp = { orgId: org.orgId, createdBy: admin, updatedBy: admin };
  const locations = await db
    .select()
    .from(doeLocation)
    .where(and(eq(doeLocation.orgId, org.orgId), inArray(doeLocation.code, ['BJ-CP', 'HN-SY', 'JL-GZL'])));
  const loc = (code: string) => locations.find((l) => l.code === code)!;

  const [team] = await db
    .insert(doeTeam)
    .values({ ...stamp, name: '玉米育种组', leaderId: breeder, description: '华北春播与夏播玉米新品种选育' })
    .returning();
  await db.insert(doeTeamMember).values([
    { teamId: team.id, userId: breeder, role: 'leader' },
    { teamId: team.id, userId: admin, role: 'member' },
  ]);
  const [project] = await db
    .insert(doeProject)
    .values({
      ...stamp,
      cropId: maize,
      name: '2026 玉米产量比较试验',
      code: 'MZ-2026-YT',
      teamId: team.id,
      leaderId: breeder,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      description: '新组合初级产量比较（PYT）与观察圃鉴定',
    })
    .returning();
  await db.insert(doeProjectMember).values([
    { projectId: project.id, userId: breeder, role: 'leader' },
    { projectId: project.id, userId: admin, role: 'member' },
  ]);

  const fields = await db
    .insert(doeField)
    .values([
      {
        ...stamp,
        locationId: loc('BJ-CP').id,
        name: '昌平 1 号田',
        code: 'CP-01',
        type: 1,
        rows: 12,
        cols: 10,
        length: 60,
        width: 36,
        spacing: 60,
        plantRowsPerPlot: 2,
        tiers: 2,
        remark: '产量试验区',
      },
      {
        ...stamp,
        locationId: loc('BJ-CP').id,
        name: '昌平 2 号田',
        code: 'CP-02',
        type: 1,
        rows: 14,
        cols: 12,
        length: 70,
        width: 43.2,
        spacing: 60,
        plantRowsPerPlot: 2,
        tiers: 2,
        remark: '观察圃',
      },
      {
        ...stamp,
        locationId: loc('HN-SY').id,
        name: '南繁加代圃',
        code: 'SY-N1',
        type: 2,
        rows: 20,
        cols: 15,
        length: 100,
        width: 45,
        spacing: 50,
        plantRowsPerPlot: 1,
        tiers: 4,
      },
      {
        ...stamp,
        locationId: loc('JL-GZL').id,
        name: '公主岭种质圃',
        code: 'GZL-G1',
        type: 3,
        rows: 16,
        cols: 20,
        length: 80,
        width: 60,
        spacing: 60,
        plantRowsPerPlot: 1,
        tiers: 2,
        remark: '种质资源繁种更新',
      },
    ])
    .returning();
  const [cp1, cp2] = fields;
  await db.insert(doeBlock).values([
    { ...stamp, fieldId: cp1.id, name: 'A 区', tier: 1, startRow: 1, startCol: 1, rows: 6, cols: 10 },
    { ...stamp, fieldId: cp1.id, name: 'B 区', tier: 2, startRow: 7, startCol: 1, rows: 6, cols: 10 },
  ]);

  const hybrids = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) => ({
      entryId: i + 1,
      materialName: `ZD26-${String(from + i).padStart(3, '0')}`,
      generation: 'F1',
      materialType: 'hybrid',
      pedigree: PEDIGREES[(from + i) % PEDIGREES.length],
      plantRows: 2,
      sowingQuantity: 60,
      isCheck: false,
    }));
  const checks = (from: number) =>
    ['郑单958', '先玉335', '京科968', '浚单20'].map((name, i) => ({
      entryId: from + i,
      materialName: name,
      generation: 'F1',
      materialType: 'variety',
      pedigree: null,
      plantRows: 2,
      sowingQuantity: 60,
      isCheck: true,
    }));
  const lists = await db
    .insert(doeGermList)
    .values([
      {
        ...stamp,
        cropId: maize,
        name: '2026 PYT 参试组合',
        type: 'experiment',
        projectId: project.id,
        year: 2026,
        season: 'spring',
        usage: '初级产量比较试验',
      },
      { ...stamp, cropId: maize, name: '2026 观察圃新组合', type: 'experiment', projectId: project.id, year: 2026, season: 'spring', usage: '增广设计观察圃' },
    ])
    .returning();
  const pytEntries = [...hybrids(46, 1), ...checks(47)];
  const obsEntries = [...hybrids(60, 101), ...checks(61)];
  const pytRows = await db
    .insert(doeGermListEntry)
    .values(pytEntries.map((e) => ({ ...e, listId: lists[0].id })))
    .returning();
  const obsRows = await db
    .insert(doeGermListEntry)
    .values(obsEntries.map((e) => ({ ...e, listId: lists[1].id })))
    .returning();

  const experiments = [
    {
      code: 'E2026-PYT01',
      name: '2026 昌平玉米初级产量比较试验',
      field: cp1,
      list: pytRows,
      stage: 'PYT',
      expType: 'yield',
      params: { planName: 'PYT α 设计', designMethod: 'alpha', reps: 2, blockCount: 10, rows: 12, cols: 10, filler: '保护行', seed: 20260415 },
      traits: ['株高', '穗位高', '吐丝期', '倒伏率', '小区产量'],
      sowingDate: '2026-04-28',
      harvestDate: '2026-09-25',
    },
    {
      code: 'E2026-OBS01',
      name: '2026 昌平玉米观察圃',
      field: cp2,
      list: obsRows,
      stage: 'OBS',
      expType: 'observation',
      params: { planName: '观察圃增广设计', designMethod: 'augmented', blockCount: 6, rows: 14, cols: 12, filler: '保护行', seed: 20260416 },
      traits: ['株高', '抽雄期', '大斑病', '小区产量'],
      sowingDate: '2026-05-02',
      harvestDate: '2026-09-28',
    },
  ] as const;
  const locale: Locale = 'zh-CN';
  for (const x of experiments) {
    const params = DesignParams.parse({ id: 1, ...x.params });
    const entries = x.list.map((e) => ({ entryNo: e.entryId, name: e.materialName, type: e.isCheck ? ('check' as const) : ('test' as const) }));
    const input = {
      code: x.code,
      location: { id: x.field.locationId, name: '', status: 'enabled' },
      field: { ...x.field },
      entries,
      params,
      locale,
    };
    const result = runDesign(input);
    const [exp] = await db
      .insert(doeExperiment)
      .values({
        ...stamp,
        cropId: maize,
        code: x.code,
        name: x.name,
        projectId: project.id,
        locationId: x.field.locationId,
        fieldId: x.field.id,
        year: 2026,
        season: 'spring',
        stage: x.stage,
        expType: x.expType,
        sowingDate: x.sowingDate,
        harvestDate: x.harvestDate,
        reps: params.reps ?? 1,
        designMethod: params.designMethod,
        traitSource: 'crop',
        traits: [...x.traits],
        seed: result.seed,
        filler: params.filler,
        blockCount: params.blockCount,
        rows: params.rows,
        cols: params.cols,
        status: 'designed',
        designedAt: new Date(),
        designedBy: breeder,
        design: {
          planName: params.planName,
          designMethod: params.designMethod,
          seed: result.seed,
          params: { ...params },
          summary: summaryOf(result),
          statistics: statisticsOf(result),
        },
      })
      .returning();
    await db.insert(doeExperimentEntry).values(
      x.list.map((e) => ({
        experimentId: exp.id,
        entryNo: e.entryId,
        name: e.materialName,
        type: e.isCheck ? ('check' as const) : ('test' as const),
        generation: e.generation,
        pedigree: e.pedigree,
        materialType: e.materialType,
        listEntryId: e.id,
      })),
    );
    const plots = previewOf(input, result).plots;
    const [site] = await db
      .insert(doeExperimentSite)
      .values({
        experimentId: exp.id,
        seq: 1,
        locationId: x.field.locationId,
        fieldId: x.field.id,
        design: exp.design,
        seed: result.seed,
        designedAt: exp.designedAt,
        designedBy: breeder,
      })
      .returning({ id: doeExperimentSite.id });
    await db.insert(doePlot).values(plots.map(({ site: _seq, ...p }) => ({ ...p, experimentId: exp.id, siteId: site.id })));
  }

  const categories = await db
    .insert(doeActivityCategory)
    .values([
      { ...stamp, name: '播种', nameEn: 'Sowing', color: '#52c41a', sort: 1 },
      { ...stamp, name: '施肥', nameEn: 'Fertilising', color: '#faad14', sort: 2 },
      { ...stamp, name: '灌溉', nameEn: 'Irrigation', color: '#1677ff', sort: 3 },
      { ...stamp, name: '植保', nameEn: 'Crop protection', color: '#eb2f96', sort: 4 },
      { ...stamp, name: '田间调查', nameEn: 'Field survey', color: '#13c2c2', sort: 5 },
      { ...stamp, name: '收获', nameEn: 'Harvest', color: '#fa541c', sort: 6 },
    ])
    .returning();
  const [pyt] = await db
    .select()
    .from(doeExperiment)
    .where(and(eq(doeExperiment.orgId, org.orgId), eq(doeExperiment.code, 'E2026-PYT01')));
  await db.insert(doeActivityRecord).values([
    {
      ...stamp,
      cropId: maize,
      categoryId: categories[0].id,
      experimentId: pyt.id,
      fieldId: cp1.id,
      activityDate: '2026-04-28',
      title: '机械播种',
      operator: '李育种',
      content: '每小区 2 行，株距 25 cm',
      cost: 360,
    },
    {
      ...stamp,
      cropId: maize,
      categoryId: categories[1].id,
      experimentId: pyt.id,
      fieldId: cp1.id,
      activityDate: '2026-06-10',
      title: '拔节期追肥',
      operator: '李育种',
      content: '尿素 15 kg/亩',
      cost: 520,
    },
  ]);

  // The germplasm nursery: accessions renewed on the Gongzhuling germplasm field, checks every 10 entries.
  const bank = fields[3];
  const [accessions] = await db
    .insert(doeGermList)
    .values({ ...stamp, cropId: maize, name: '2026 种质繁种更新', type: 'germplasm', year: 2026, season: 'spring', usage: '种质资源繁种更新' })
    .returning();
  const accessionRows = [
    ...Array.from({ length: 58 }, (_, i) => ({
      entryId: i + 1,
      materialName: `GZL-${String(i + 1).padStart(3, '0')}`,
      generation: 'F8',
      materialType: 'landrace',
      isCheck: false,
    })),
    { entryId: 59, materialName: '郑单958', generation: 'F1', materialType: 'variety', isCheck: true },
    { entryId: 60, materialName: '先玉335', generation: 'F1', materialType: 'variety', isCheck: true },
  ];
  await db.insert(doeGermListEntry).values(accessionRows.map((e) => ({ ...e, listId: accessions.id })));
  const [plan] = await db
    .insert(doeGermDesign)
    .values({
      ...stamp,
      cropId: maize,
      planName: '2026 公主岭种质圃',
      kind: 'germplasm',
      projectId: project.id,
      year: 2026,
      season: 'spring',
      status: 'designed',
    })
    .returning();
  const line = {
    startNumber: 1,
    digits: 3,
    checkStart: 5,
    checkInterval: 10,
    layout: { order: 'serpentine' as const, direction: 'rows' as const, startCorner: 'bottom-left' as const, repsArrangement: 'rows' as const },
  };
  const [planLine] = await db
    .insert(doeGermDesignLine)
    .values({ designId: plan.id, seq: 1, locationId: bank.locationId, fieldId: bank.id, listId: accessions.id, ...line, rows: bank.rows, cols: bank.cols })
    .returning();
  const laid = layoutLine(line, bank, accessionRows, 'zh-CN');
  await db.insert(doeGermDesignPlot).values(
    laid.map((p) => ({
      lineId: planLine.id,
      plotId: `G${plan.id}-1-${p.plot_id.replace(/^L1-P/, '')}`,
      plotNumber: p.plot_number,
      row: p.row,
      col: p.col,
      tier: p.tier,
      entryNo: p.entry,
      name: p.name,
      entryType: p.entry_type,
    })),
  );

  // Lines chosen from last year's observation nursery for the winter nursery in Sanya.
  const [group] = await db
    .insert(doeEntryGroup)
    .values({ ...stamp, cropId: maize, name: '2026 南繁加代材料', type: 'nursery', year: 2026, season: 'winter', remark: '观察圃入选组合自交加代' })
    .returning();
  await db.insert(doeEntryGroupMember).values(
    Array.from({ length: 12 }, (_, i) => ({
      groupId: group.id,
      seq: i + 1,
      materialName: `ZD26-${String(101 + i * 5).padStart(3, '0')}-S1`,
      generation: 'F2',
      pedigree: PEDIGREES[i % PEDIGREES.length],
      source: `E2026-OBS01#${1 + i * 5}`,
    })),
  );
}

/** The demo organisation's trial locations (one disabled). */
async function seedDemoLocations(db: DbOrTx, org: DemoOrg): Promise<void> {
  const by = org.users.admin;
  const stamp = { orgId: org.orgId, createdBy: by, updatedBy: by };
  await db.insert(doeLocation).values([
    {
      ...stamp,
      name: '昌平试验站',
      code: 'BJ-CP',
      country: '中国',
      province: '北京',
      city: '昌平',
      longitude: 116.231,
      latitude: 40.221,
      remark: '华北春播玉米主试验点',
    },
    {
      ...stamp,
      name: '三亚南繁基地',
      code: 'HN-SY',
      country: '中国',
      province: '海南',
      city: '三亚',
      longitude: 109.512,
      latitude: 18.252,
      remark: '冬季加代与制种',
    },
    { ...stamp, name: '公主岭试验站', code: 'JL-GZL', country: '中国', province: '吉林', city: '公主岭', longitude: 124.822, latitude: 43.505 },
    {
      ...stamp,
      name: '新乡试验站',
      code: 'HA-XX',
      country: '中国',
      province: '河南',
      city: '新乡',
      longitude: 113.926,
      latitude: 35.303,
      remark: '夏播玉米、小麦',
    },
    {
      ...stamp,
      name: '元谋育种站',
      code: 'YN-YM',
      country: '中国',
      province: '云南',
      city: '元谋',
      longitude: 101.874,
      latitude: 25.704,
      status: 'disabled',
      remark: '2024 年起暂停使用',
    },
  ]);
}
