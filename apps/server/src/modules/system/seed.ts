import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sysApp } from './app/app.tables';
import { sysBrand } from './brand/brand.tables';
import { sysGenomeBuild } from './crop/crop.tables';
import { sysDept } from './dept/dept.tables';
import { sysNotice } from './notice/notice.tables';
import { sysUser } from './user/user.tables';

/** Apps of the app center: one per product area (the top-level menu groups). Added when missing. */
const APPS = [
  {
    appKey: 'germ',
    target: 'germ',
    icon: 'ExperimentOutlined',
    nameZh: '种质资源',
    nameEn: 'Germplasm',
    descriptionZh: '种质库、库存、出入库与盘点',
    descriptionEn: 'Germplasm bank, seed stock, inbound, outbound and stocktaking',
  },
  {
    appKey: 'doe',
    target: 'doe',
    icon: 'ProjectOutlined',
    nameZh: '试验设计',
    nameEn: 'Trial design',
    descriptionZh: '团队、项目、地点、试验与材料组',
    descriptionEn: 'Teams, projects, locations, experiments and entry groups',
  },
  {
    appKey: 'nursery',
    target: 'nursery',
    icon: 'BranchesOutlined',
    nameZh: '苗圃管理',
    nameEn: 'Nursery',
    descriptionZh: '苗圃设计、授粉、收获与 DH 流程',
    descriptionEn: 'Nursery designs, pollination, harvests and DH flows',
  },
  {
    appKey: 'lims',
    target: 'lims',
    icon: 'ExperimentOutlined',
    nameZh: '实验室管理',
    nameEn: 'Laboratory',
    descriptionZh: '载体、转化、检测、培养基与试剂',
    descriptionEn: 'Vectors, transformation, testing, media and reagents',
  },
  {
    appKey: 'ihup',
    target: 'ihup',
    icon: 'CameraOutlined',
    nameZh: '航拍图',
    nameEn: 'Aerial maps',
    descriptionZh: '航拍图上传、地块与性状分析',
    descriptionEn: 'Aerial image upload, plots and trait analysis',
  },
  {
    appKey: 'gs',
    target: 'gs',
    icon: 'DeploymentUnitOutlined',
    nameZh: '基因组选择',
    nameEn: 'Genomic selection',
    descriptionZh: '数据集、模型与育种值预测',
    descriptionEn: 'Datasets, models and breeding value prediction',
  },
  {
    appKey: 'bdai',
    target: 'bdai',
    icon: 'DatabaseOutlined',
    nameZh: '基因组数据湖',
    nameEn: 'Genomic lake',
    descriptionZh: '变异与样本检索',
    descriptionEn: 'Variant and sample search',
  },
  {
    appKey: 'bpm',
    target: 'bpm',
    icon: 'ApartmentOutlined',
    nameZh: '流程审批',
    nameEn: 'Workflow',
    descriptionZh: '待办、已办与流程管理',
    descriptionEn: 'To-do, done and process management',
  },
  {
    appKey: 'system',
    target: 'system',
    icon: 'SettingOutlined',
    nameZh: '系统管理',
    nameEn: 'System',
    descriptionZh: '用户、角色、菜单、字典与日志',
    descriptionEn: 'Users, roles, menus, dictionaries and logs',
  },
];

/** The germplasm bank's branded variant (spec section 1): chosen by the entry path /germbank. */
const BRANDS = [
  {
    brandKey: 'germbank',
    nameZh: '国家作物种质库',
    nameEn: 'National Crop Germplasm Bank',
    logoUrl: '/brand/germbank.svg',
    primaryColor: '#2e7d32',
    hosts: [] as string[],
    pathPrefix: '/germbank',
    dashboardType: 'germbank',
    isDefault: false,
  },
];

/** Reference rows of this version that the database lacks (administrators' edits are kept). */
export async function syncProductSeeds(db: DbOrTx): Promise<void> {
  await db
    .insert(sysApp)
    .values(APPS.map((a, i) => ({ ...a, sort: (i + 1) * 10 })))
    .onConflictDoNothing({ target: sysApp.appKey });
  await db.insert(sysBrand).values(BRANDS).onConflictDoNothing({ target: sysBrand.brandKey });
}

/** How long the seeded demo notice stays in force. */
export const DEMO_NOTICE_DAYS = 30;

/** Demo departments, genome builds and a notice, so that every screen has something to show. */
export async function seedDemoAccounts(db: DbOrTx, org: { orgId: number; crops: Record<string, number>; users: Record<string, number> }): Promise<void> {
  const [hq] = await db.insert(sysDept).values({ orgId: org.orgId, name: '华北示范育种中心', sort: 1 }).returning({ id: sysDept.id });
  const [maize] = await db
    .insert(sysDept)
    .values([
      { orgId: org.orgId, parentId: hq.id, name: '玉米育种部', sort: 1 },
      { orgId: org.orgId, parentId: hq.id, name: '小麦育种部', sort: 2 },
      { orgId: org.orgId, parentId: hq.id, name: '生物技术实验室', sort: 3 },
    ])
    .returning({ id: sysDept.id });
  await db.update(sysUser).set({ deptId: hq.id }).where(eq(sysUser.id, org.users.admin));
  await db.update(sysUser).set({ deptId: maize.id }).where(eq(sysUser.id, org.users.breeder));
  const by = org.users.admin;
  await db.insert(sysGenomeBuild).values([
    {
      orgId: org.orgId,
      cropId: org.crops.maize,
      code: 'B73_RefGen_v5',
      name: 'B73 RefGen_v5',
      description: 'Zm-B73-REFERENCE-NAM-5.0',
      sort: 1,
      createdBy: by,
    },
    { orgId: org.orgId, cropId: org.crops.maize, code: 'B73_RefGen_v4', name: 'B73 RefGen_v4', description: 'AGPv4', sort: 2, createdBy: by },
    { orgId: org.orgId, cropId: org.crops.rice, code: 'IRGSP-1.0', name: 'Nipponbare IRGSP-1.0', sort: 1, createdBy: by },
  ]);
  // A notice has one title and one text (no per-language columns): the demo notice carries both
  // languages in them, and expires after a month so an old demo database stops showing it.
  await db.insert(sysNotice).values({
    orgId: org.orgId,
    title: '2026 年春播试验安排 / Spring 2026 trials',
    content:
      '各试验站请于 3 月 31 日前在“试验设计”中完成春播试验的地点与田块维护。\n' +
      'Stations: please update the locations and fields of the spring trials under "Trial design" by 31 March.',
    level: 'info',
    expiresAt: new Date(Date.now() + DEMO_NOTICE_DAYS * 86_400_000),
    createdBy: by,
  });
}
