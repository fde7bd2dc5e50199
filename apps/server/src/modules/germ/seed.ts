import { seedBusinessProcess } from '../bpm';
import { sql } from 'drizzle-orm';
import { generatePurdy, indexRecords, type ParentRecord } from '@breedwise/pedigree';
import { FIXED_GERMPLASM_TYPES, type DocKind, type DocStatus, type GermplasmType, type LotUnit } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../db/client';
import { germCounter } from './counter/counter.tables';
import { germDocument, germDocumentEvent, germDocumentLine } from './document/document.tables';
import { germGermplasm } from './germplasm/germplasm.tables';
import { germLotTxn } from './ledger/ledger.tables';
import { germLot } from './lot/lot.tables';
import { germPlace } from './place/place.tables';
import { germTrait, germTraitValue } from './trait/trait.tables';

interface DemoOrg {
  orgId: number;
  crops: Record<string, number>;
  users: Record<string, number>;
}

interface Rec {
  key: string;
  accessionNo: string;
  name: string;
  type: GermplasmType;
  origin: string | null;
  source: string | null;
  generation: string | null;
  female?: string;
  male?: string;
  synonyms?: string[];
  year: number;
}

/** Deterministic pseudo-random numbers (mulberry32): the same demo every time. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Founders, landmark inbreds and released hybrids of maize breeding in China and abroad. */
const FOUNDERS: Omit<Rec, 'accessionNo' | 'year'>[] = [
  { key: 'TSPT', name: '塘四平头', type: 'landrace', origin: '中国河北', source: '国家种质库', generation: null, synonyms: ['Tangsipingtou'] },
  { key: 'LDHG', name: '旅大红骨', type: 'landrace', origin: '中国辽宁', source: '国家种质库', generation: null, synonyms: ['Lüda Red Cob'] },
  { key: 'BSSS', name: 'BSSS C5', type: 'population', origin: 'USA, Iowa', source: 'USDA GRIN', generation: null },
  { key: 'LANC', name: 'Lancaster Sure Crop', type: 'opv', origin: 'USA, Pennsylvania', source: 'USDA GRIN', generation: null },
  { key: 'SUWAN', name: 'Suwan 1', type: 'population', origin: 'Thailand', source: 'CIMMYT', generation: null },
  { key: 'B73', name: 'B73', type: 'inbred', origin: 'USA, Iowa', source: 'USDA GRIN (PI 550473)', generation: 'S8', female: 'BSSS' },
  { key: 'B37', name: 'B37', type: 'inbred', origin: 'USA, Iowa', source: 'USDA GRIN', generation: 'S8', female: 'BSSS' },
  { key: 'C103', name: 'C103', type: 'inbred', origin: 'USA, Connecticut', source: 'USDA GRIN', generation: 'S8', female: 'LANC' },
  { key: 'CI187', name: 'CI187-2', type: 'inbred', origin: 'USA', source: 'USDA GRIN', generation: 'S8' },
  { key: 'MO17', name: 'Mo17', type: 'inbred', origin: 'USA, Missouri', source: 'USDA GRIN (PI 558532)', generation: 'F8', female: 'CI187', male: 'C103' },
  { key: 'OH43', name: 'Oh43', type: 'inbred', origin: 'USA, Ohio', source: 'USDA GRIN', generation: 'F8' },
  { key: 'PH6WC', name: 'PH6WC', type: 'inbred', origin: 'USA', source: 'Pioneer (PVP expired)', generation: 'F8' },
  { key: 'PH4CV', name: 'PH4CV', type: 'inbred', origin: 'USA', source: 'Pioneer (PVP expired)', generation: 'F8' },
  { key: 'LH198', name: 'LH198', type: 'inbred', origin: 'USA', source: 'Holden’s (PVP expired)', generation: 'F8' },
  { key: 'CML159', name: 'CML159', type: 'inbred', origin: 'Mexico', source: 'CIMMYT', generation: 'F8' },
  { key: 'HZS', name: '黄早四', type: 'inbred', origin: '中国北京', source: '北京农林科学院', generation: 'S8', female: 'TSPT', synonyms: ['Huangzaosi'] },
  {
    key: 'DAN340',
    name: '丹340',
    type: 'inbred',
    origin: '中国辽宁',
    source: '丹东农科院',
    generation: 'F8',
    female: 'LDHG',
    male: 'OH43',
    synonyms: ['Dan340'],
  },
  { key: 'U8112', name: 'U8112', type: 'inbred', origin: 'USA', source: '引进', generation: 'F8' },
  {
    key: 'YE478',
    name: '掖478',
    type: 'inbred',
    origin: '中国山东',
    source: '莱州市农科院',
    generation: 'F8',
    female: 'U8112',
    male: 'B73',
    synonyms: ['Ye478'],
  },
  { key: 'ZHENG58', name: '郑58', type: 'inbred', origin: '中国河南', source: '河南省农科院', generation: 'F10', female: 'YE478', synonyms: ['Zheng58'] },
  { key: 'CHANG72', name: '昌7-2', type: 'inbred', origin: '中国河南', source: '安阳市农科所', generation: 'F10', female: 'HZS', synonyms: ['Chang7-2'] },
  { key: 'QI319', name: '齐319', type: 'inbred', origin: '中国山东', source: '山东省农科院', generation: 'F8', female: 'SUWAN', synonyms: ['Qi319'] },
  { key: 'JING724', name: '京724', type: 'inbred', origin: '中国北京', source: '北京农林科学院', generation: 'F8', female: 'PH6WC', synonyms: ['Jing724'] },
  { key: 'JING92', name: '京92', type: 'inbred', origin: '中国北京', source: '北京农林科学院', generation: 'F8', female: 'HZS', synonyms: ['Jing92'] },
  { key: 'SHEN137', name: '沈137', type: 'inbred', origin: '中国辽宁', source: '沈阳市农科院', generation: 'F8', female: 'MO17', synonyms: ['Shen137'] },
  { key: 'LX9801', name: 'Lx9801', type: 'inbred', origin: '中国山东', source: '莱州市农科院', generation: 'F8', female: 'HZS', male: 'CHANG72' },
  {
    key: 'ZD958',
    name: '郑单958',
    type: 'variety',
    origin: '中国河南',
    source: '河南省农科院',
    generation: 'F1',
    female: 'ZHENG58',
    male: 'CHANG72',
    synonyms: ['Zhengdan958'],
  },
  {
    key: 'XY335',
    name: '先玉335',
    type: 'variety',
    origin: '中国',
    source: '铁岭先锋',
    generation: 'F1',
    female: 'PH6WC',
    male: 'PH4CV',
    synonyms: ['Xianyu335'],
  },
  {
    key: 'JK968',
    name: '京科968',
    type: 'variety',
    origin: '中国北京',
    source: '北京农林科学院',
    generation: 'F1',
    female: 'JING724',
    male: 'JING92',
    synonyms: ['Jingke968'],
  },
  {
    key: 'DH338',
    name: '浚单20',
    type: 'variety',
    origin: '中国河南',
    source: '浚县农科所',
    generation: 'F1',
    female: 'ZHENG58',
    male: 'LX9801',
    synonyms: ['Xundan20'],
  },
  { key: 'B73MO17', name: 'B73×Mo17', type: 'hybrid', origin: 'USA', source: '测交', generation: 'F1', female: 'B73', male: 'MO17' },
  { key: 'Z58BC1', name: '郑58×Mo17 BC1', type: 'breeding', origin: '中国河南', source: '本中心', generation: 'BC1F1', female: 'ZD58MO', male: 'ZHENG58' },
];

const PREFIXES = ['BW', 'HN', 'JL', 'SY'];
const SEASONS = ['春', '夏', '冬'];

/** About 500 maize records: the founders above, then crosses, backcrosses, derived lines and DH lines among them. */
function maizeRecords(): Rec[] {
  const rand = rng(20260521);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const recs: Rec[] = [];
  let n = 0;
  const accession = () => `ZM${String(++n).padStart(5, '0')}`;
  const add = (r: Omit<Rec, 'accessionNo' | 'year'> & { year?: number }) => {
    const rec = { ...r, accessionNo: accession(), year: r.year ?? 2021 + Math.floor(rand() * 6) };
    recs.push(rec);
    return rec;
  };
  // The Zheng58 x Mo17 F1 that the BC1 founder needs comes first.
  add({
    key: 'ZD58MO',
    name: '郑58×Mo17',
    type: 'breeding',
    origin: '中国河南',
    source: '本中心',
    generation: 'F1',
    female: 'ZHENG58_',
    male: 'MO17_',
    year: 2021,
  });
  for (const f of FOUNDERS) add({ ...f, year: f.type === 'variety' || f.type === 'landrace' ? 2021 : undefined });
  // Fix the forward references of the first record.
  recs[0].female = 'ZHENG58';
  recs[0].male = 'MO17';
  const inbreds = () =>
    recs.filter((r) => r.type === 'inbred' || r.type === 'dh' || (r.type === 'breeding' && r.generation && /F[6-9]|F1\d|D[1-9]/.test(r.generation)));
  let line = 0;
  while (recs.length < 500) {
    const roll = rand();
    const year = 2021 + Math.floor(rand() * 6);
    const code = `${pick(PREFIXES)}${String(year).slice(2)}-${String(++line).padStart(3, '0')}`;
    const pool = inbreds();
    if (roll < 0.3) {
      // A cross and its F1.
      const a = pick(pool);
      let b = pick(pool);
      if (b.key === a.key) b = pool[(pool.indexOf(a) + 1) % pool.length];
      const hybrid = rand() < 0.4;
      add({
        key: code,
        name: hybrid ? `${a.name}×${b.name}` : `${code} F1`,
        type: hybrid ? 'hybrid' : 'breeding',
        origin: '中国',
        source: `${year}${pick(SEASONS)}季组配`,
        generation: 'F1',
        female: a.key,
        male: b.key,
        year,
      });
    } else if (roll < 0.65) {
      // A line derived from a cross by selfing (pedigree selection).
      const crosses = recs.filter((r) => r.female && r.male && r.generation === 'F1' && r.type === 'breeding');
      if (!crosses.length) continue;
      const src = pick(crosses);
      const gen = 3 + Math.floor(rand() * 6);
      add({
        key: code,
        name: `${src.name.replace(/ F1$/, '')}-${1 + Math.floor(rand() * 12)}-${1 + Math.floor(rand() * 8)}`,
        type: gen >= 6 ? 'inbred' : 'breeding',
        origin: '中国',
        source: '系谱选育',
        generation: `F${gen}`,
        female: src.key,
        year,
      });
    } else if (roll < 0.8) {
      // Doubled haploids from a cross.
      const crosses = recs.filter((r) => r.female && r.male && r.generation === 'F1');
      if (!crosses.length) continue;
      const src = pick(crosses);
      add({
        key: code,
        name: `DH${String(year).slice(2)}${String(line).padStart(4, '0')}`,
        type: 'dh',
        origin: '中国海南',
        source: '单倍体诱导（CAU5）',
        generation: `D${1 + Math.floor(rand() * 3)}`,
        female: src.key,
        year,
      });
    } else {
      // A backcross to a recurrent elite inbred (one to three times).
      const rp = pick(recs.filter((r) => ['ZHENG58', 'CHANG72', 'PH6WC', 'PH4CV', 'JING724', 'B73'].includes(r.key)));
      const donor = pick(pool);
      if (donor.key === rp.key) continue;
      let cur = add({
        key: `${code}-F1`,
        name: `${rp.name}×${donor.name}`,
        type: 'breeding',
        origin: '中国',
        source: '回交转育',
        generation: 'F1',
        female: rp.key,
        male: donor.key,
        year,
      });
      const times = 1 + Math.floor(rand() * 3);
      for (let k = 1; k <= times && recs.length < 500; k++) {
        cur = add({
          key: `${code}-BC${k}`,
          name: `${rp.name}×${donor.name} BC${k}`,
          type: 'breeding',
          origin: '中国',
          source: '回交转育',
          generation: `BC${k}F1`,
          female: cur.key,
          male: rp.key,
          year,
        });
      }
    }
  }
  return recs;
}

const TRAITS = [
  { groupName: '农艺性状', code: 'PH', name: '株高', unit: 'cm', dataType: 'number' as const, lo: 220, hi: 320 },
  { groupName: '农艺性状', code: 'EH', name: '穗位高', unit: 'cm', dataType: 'number' as const, lo: 85, hi: 135 },
  { groupName: '农艺性状', code: 'DTS', name: '吐丝期', unit: 'd', dataType: 'number' as const, lo: 52, hi: 68 },
  { groupName: '农艺性状', code: 'KRN', name: '穗行数', unit: null, dataType: 'number' as const, lo: 12, hi: 18 },
  { groupName: '抗病性', code: 'NLB', name: '大斑病', unit: null, dataType: 'category' as const, categories: ['1', '3', '5', '7', '9'] },
  { groupName: '抗病性', code: 'GLS', name: '灰斑病', unit: null, dataType: 'category' as const, categories: ['1', '3', '5', '7', '9'] },
  { groupName: '品质', code: 'PROT', name: '粗蛋白', unit: '%', dataType: 'number' as const, lo: 8, hi: 12 },
  { groupName: '品质', code: 'STAR', name: '粗淀粉', unit: '%', dataType: 'number' as const, lo: 68, hi: 76 },
];

const day = (year: number, r: () => number) => {
  const d = new Date(Date.UTC(year, Math.floor(r() * 12), 1 + Math.floor(r() * 27)));
  const now = new Date();
  return d > now ? new Date(now.getTime() - (1 + Math.floor(r() * 60)) * 86_400_000) : d;
};

/**
 * Demo germplasm bank for maize: ~500 records with pedigrees, trait values, two warehouses with
 * shelves and boxes, ~400 lots with a consistent ledger, and documents of each kind in each state.
 * A handful of multi-row statements: seeding stays fast.
 */
export async function seedGermDemo(db: DbOrTx, org: DemoOrg): Promise<void> {
  const cropId = org.crops.maize;
  if (!cropId) return;
  const admin = org.users.admin;
  const breeder = org.users.breeder ?? admin;
  const orgId = org.orgId;
  const r = rng(7);
  const recs = maizeRecords();

  // Germplasm, then parents and pedigrees written from the graph.
  const inserted = await db
    .insert(germGermplasm)
    .values(
      recs.map((x) => ({
        orgId,
        cropId,
        accessionNo: x.accessionNo,
        name: x.name,
        synonyms: x.synonyms ?? [],
        type: x.type,
        origin: x.origin,
        source: x.source,
        generation: x.generation,
        introducedOn: day(x.year, r).toISOString().slice(0, 10),
        createdBy: admin,
        updatedBy: admin,
        attributes:
          x.type === 'inbred'
            ? [
                {
                  key: '杂种优势群',
                  value: /B73|BSSS|掖478|郑58|PH6WC|京724/.test(x.name) ? 'Reid' : /Mo17|Lancaster|C103|PH4CV/.test(x.name) ? 'Lancaster' : '塘四平头/黄改',
                },
              ]
            : [],
      })),
    )
    .returning({ id: germGermplasm.id });
  const idOf = new Map(recs.map((x, i) => [x.key, inserted[i].id]));
  const graph: ParentRecord[] = recs.map((x) => ({
    id: idOf.get(x.key)!,
    name: x.name,
    female: x.female ? (idOf.get(x.female) ?? null) : null,
    male: x.male ? (idOf.get(x.male) ?? null) : null,
    keepName: FIXED_GERMPLASM_TYPES.includes(x.type),
  }));
  const index = indexRecords(graph);
  const updates = graph.map((g) => ({
    id: Number(g.id),
    female: g.female ?? null,
    male: g.male ?? null,
    pedigree: generatePurdy(index, g.id, { depth: 6 }).purdy,
  }));
  const values = sql.join(
    updates.map((u) => sql`(${u.id}::int, ${u.female}::int, ${u.male}::int, ${u.pedigree}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${germGermplasm} g set female_parent_id = v.f, male_parent_id = v.m, pedigree = v.p from (values ${values}) as v(id, f, m, p) where g.id = v.id`,
  );

  // Traits and values for the first 150 records.
  const traits = await db
    .insert(germTrait)
    .values(
      TRAITS.map((t, i) => ({
        orgId,
        cropId,
        groupName: t.groupName,
        code: t.code,
        name: t.name,
        unit: t.unit,
        dataType: t.dataType,
        categories: 'categories' in t ? t.categories : [],
        sort: i,
        createdBy: admin,
        updatedBy: admin,
      })),
    )
    .returning({ id: germTrait.id });
  await db.insert(germTraitValue).values(
    inserted.slice(0, 150).flatMap((g) =>
      TRAITS.map((t, i) => ({
        germplasmId: g.id,
        traitId: traits[i].id,
        updatedBy: admin,
        value:
          'categories' in t
            ? t.categories![Math.floor(r() * t.categories!.length)]
            : (t.lo! + r() * (t.hi! - t.lo!)).toFixed(t.code === 'KRN' || t.code === 'DTS' ? 0 : 1),
      })),
    ),
  );

  // Two warehouses with shelves and boxes.
  const [wh1, wh2] = await db
    .insert(germPlace)
    .values([
      { orgId, level: 'warehouse', code: 'WH1', name: '低温库 1 号', condition: '-18 ℃，长期保存', createdBy: admin, updatedBy: admin },
      { orgId, level: 'warehouse', code: 'WH2', name: '中期库', condition: '4 ℃，相对湿度 35%', createdBy: admin, updatedBy: admin },
    ])
    .returning({ id: germPlace.id });
  const shelves = await db
    .insert(germPlace)
    .values(
      [wh1, wh2].flatMap((w, wi) =>
        ['A', 'B', 'C'].map((s) => ({
          orgId,
          parentId: w.id,
          level: 'shelf' as const,
          code: `WH${wi + 1}-${s}`,
          name: `${s} 架`,
          createdBy: admin,
          updatedBy: admin,
        })),
      ),
    )
    .returning({ id: germPlace.id, code: germPlace.code });
  const boxes = await db
    .insert(germPlace)
    .values(
      shelves.flatMap((s) =>
        Array.from({ length: 8 }, (_, b) => ({
          orgId,
          parentId: s.id,
          level: 'box' as const,
          code: `${s.code}-${String(b + 1).padStart(2, '0')}`,
          name: `${String(b + 1).padStart(2, '0')} 盒`,
          createdBy: admin,
          updatedBy: admin,
        })),
      ),
    )
    .returning({ id: germPlace.id });

  // Lots: most records have one, landmark inbreds a second one in the other warehouse.
  type LotSeed = {
    germplasmId: number;
    placeId: number;
    unit: LotUnit;
    opening: number;
    harvestYear: number;
    at: Date;
    moves: { type: 'withdrawal' | 'discard'; amount: number; at: Date; reason: string }[];
  };
  const lots: LotSeed[] = [];
  const now = Date.now();
  recs.forEach((x, i) => {
    if (i >= 380) return;
    const copies = x.type === 'inbred' && r() < 0.3 ? 2 : 1;
    for (let c = 0; c < copies; c++) {
      const unit: LotUnit = x.type === 'dh' ? 'seed' : r() < 0.1 ? 'ear' : 'g';
      const opening = unit === 'g' ? 200 + Math.round(r() * 48) * 50 : unit === 'seed' ? 100 + Math.round(r() * 40) * 10 : 10 + Math.round(r() * 20);
      const at = new Date(now - Math.floor((30 + r() * 690) * 86_400_000));
      const moves: LotSeed['moves'] = [];
      let left = opening;
      for (let k = 0; k < 3 && r() < 0.55; k++) {
        const amount = Math.max(1, Math.round(left * (0.05 + r() * 0.2)));
        const when = new Date(at.getTime() + Math.floor(r() * (now - at.getTime())));
        moves.push({
          type: r() < 0.85 ? 'withdrawal' : 'discard',
          amount,
          at: when,
          reason: r() < 0.85 ? `${new Date(when).getUTCFullYear()} 年试验播种` : '发芽率低于 80%',
        });
        left -= amount;
      }
      moves.sort((a, b) => a.at.getTime() - b.at.getTime());
      lots.push({
        germplasmId: inserted[i].id,
        placeId: (c === 0 ? boxes.slice(0, 24) : boxes.slice(24))[Math.floor(r() * 24)].id,
        unit,
        opening,
        harvestYear: 2019 + Math.floor(r() * 7),
        at,
        moves,
      });
    }
  });
  const year = new Date().getUTCFullYear();
  const lotRows = await db
    .insert(germLot)
    .values(
      lots.map((l, i) => ({
        orgId,
        cropId,
        lotNo: `L${year}-${String(i + 1).padStart(6, '0')}`,
        germplasmId: l.germplasmId,
        placeId: l.placeId,
        unit: l.unit,
        quantity: l.opening - l.moves.reduce((s, m) => s + m.amount, 0),
        harvestYear: l.harvestYear,
        seedSource: `${l.harvestYear} 年${pick(r, ['三亚', '昌平', '公主岭'])}扩繁`,
        createdBy: admin,
        updatedBy: admin,
        createdAt: l.at,
        updatedAt: l.moves.at(-1)?.at ?? l.at,
      })),
    )
    .returning({ id: germLot.id });
  const txns = lots.flatMap((l, i) => {
    let balance = l.opening;
    return [
      {
        orgId,
        lotId: lotRows[i].id,
        type: 'deposit' as const,
        amount: l.opening,
        balanceAfter: l.opening,
        reason: '入库（初始库存）',
        createdBy: admin,
        createdAt: l.at,
      },
      ...l.moves.map((m) => {
        balance -= m.amount;
        return { orgId, lotId: lotRows[i].id, type: m.type, amount: -m.amount, balanceAfter: balance, reason: m.reason, createdBy: breeder, createdAt: m.at };
      }),
    ];
  });
  for (let i = 0; i < txns.length; i += 500) await db.insert(germLotTxn).values(txns.slice(i, i + 500));

  // Documents of every kind in several states; approved ones with their ledger effect.
  const balances = new Map(lots.map((l, i) => [lotRows[i].id, l.opening - l.moves.reduce((s, m) => s + m.amount, 0)]));
  const unitOf = new Map(lots.map((l, i) => [lotRows[i].id, l.unit]));
  const germOf = new Map(lots.map((l, i) => [lotRows[i].id, l.germplasmId]));
  const plans: { kind: DocKind; status: DocStatus; title: string; recipient?: string; purpose?: string }[] = [
    { kind: 'inbound', status: 'approved', title: '2025 年三亚扩繁收获入库' },
    { kind: 'inbound', status: 'submitted', title: '2026 年春季引种入库' },
    { kind: 'inbound', status: 'draft', title: '公主岭 DH 系入库' },
    { kind: 'inbound', status: 'rejected', title: '重复登记的入库单' },
    { kind: 'outbound', status: 'approved', title: '2026 年昌平试验播种', recipient: '昌平试验站', purpose: '品比试验' },
    { kind: 'outbound', status: 'submitted', title: '三亚南繁加代用种', recipient: '三亚南繁基地', purpose: '冬季加代' },
    { kind: 'outbound', status: 'draft', title: '合作单位交换', recipient: '吉林省农科院', purpose: '种质交换' },
    { kind: 'outbound', status: 'rejected', title: '超量领用申请', recipient: '新乡试验站', purpose: '制种' },
    { kind: 'stocktaking', status: 'approved', title: '低温库 1 号 A 架年度盘点' },
    { kind: 'stocktaking', status: 'submitted', title: '中期库 B 架季度盘点' },
    { kind: 'scrap', status: 'approved', title: '发芽率不合格报废' },
    { kind: 'scrap', status: 'submitted', title: '霉变种子报废' },
  ];
  const prefix: Record<DocKind, string> = { inbound: 'IN', outbound: 'OUT', stocktaking: 'ST', scrap: 'SC' };
  const counters: Record<string, number> = {};
  let lotCursor = 0;
  const extraTxns: (typeof germLotTxn.$inferInsert)[] = [];
  const newLotNo = { n: lots.length };
  for (const p of plans) {
    counters[p.kind] = (counters[p.kind] ?? 0) + 1;
    const created = new Date(now - (20 + Math.floor(r() * 40)) * 86_400_000);
    const reviewed = p.status === 'approved' || p.status === 'rejected' ? new Date(created.getTime() + 2 * 86_400_000) : null;
    const docNo = `${prefix[p.kind]}-${year}-${String(counters[p.kind]).padStart(5, '0')}`;
    const [doc] = await db
      .insert(germDocument)
      .values({
        orgId,
        cropId,
        kind: p.kind,
        docNo,
        status: p.status,
        title: p.title,
        recipient: p.recipient ?? null,
        purpose: p.purpose ?? null,
        placeId: p.kind === 'stocktaking' ? (p.status === 'approved' ? wh1.id : wh2.id) : null,
        submittedAt: p.status === 'draft' ? null : new Date(created.getTime() + 3_600_000),
        reviewedBy: reviewed ? admin : null,
        reviewedAt: reviewed,
        reviewComment: p.status === 'rejected' ? '数量与申请不符，请核实后重新提交' : p.status === 'approved' ? '同意' : null,
        createdBy: breeder,
        updatedBy: breeder,
        createdAt: created,
        updatedAt: reviewed ?? created,
      })
      .returning({ id: germDocument.id });
    const lines: (typeof germDocumentLine.$inferInsert)[] = [];
    for (let k = 0; k < 3; k++) {
      let lotId = lotRows[(lotCursor++ * 7) % lotRows.length].id;
      while (balances.get(lotId)! < 20) lotId = lotRows[(lotCursor++ * 7) % lotRows.length].id;
      const bal = balances.get(lotId)!;
      const unit = unitOf.get(lotId)!;
      const base = { documentId: doc.id, lineNo: k + 1, germplasmId: germOf.get(lotId)!, unit };
      if (p.kind === 'inbound' && k === 2) {
        // A new lot, created on approval.
        const g = inserted[380 + ((lotCursor * 3) % 100)].id;
        const line = {
          ...base,
          germplasmId: g,
          unit: 'g' as const,
          lotId: null,
          placeId: boxes[lotCursor % boxes.length].id,
          harvestYear: year - 1,
          quantity: 500,
        };
        if (p.status === 'approved') {
          const [lot] = await db
            .insert(germLot)
            .values({
              orgId,
              cropId,
              lotNo: `L${year}-${String(++newLotNo.n).padStart(6, '0')}`,
              germplasmId: g,
              placeId: line.placeId,
              unit: 'g',
              quantity: 500,
              harvestYear: year - 1,
              seedSource: docNo,
              createdBy: admin,
              updatedBy: admin,
              createdAt: reviewed!,
              updatedAt: reviewed!,
            })
            .returning({ id: germLot.id });
          extraTxns.push({
            orgId,
            lotId: lot.id,
            type: 'deposit',
            amount: 500,
            balanceAfter: 500,
            reason: `${docNo} ${p.title}`,
            documentId: doc.id,
            createdBy: admin,
            createdAt: reviewed!,
          });
          lines.push({ ...line, newLotId: lot.id });
        } else lines.push(line);
        continue;
      }
      if (p.kind === 'stocktaking') {
        const counted = Math.max(0, bal + (k === 0 ? -Math.min(bal, 12) : k === 1 ? 0 : 5));
        lines.push({ ...base, lotId, countedQuantity: counted, bookedQuantity: bal });
        if (p.status === 'approved' && counted !== bal) {
          balances.set(lotId, counted);
          extraTxns.push({
            orgId,
            lotId,
            type: 'adjustment',
            amount: counted - bal,
            balanceAfter: counted,
            reason: `${docNo} ${p.title}`,
            documentId: doc.id,
            createdBy: admin,
            createdAt: reviewed!,
          });
        }
        continue;
      }
      const amount = p.kind === 'inbound' ? (unit === 'g' ? 300 : 50) : Math.max(1, Math.min(bal, Math.round(bal * 0.1)));
      lines.push({ ...base, lotId, quantity: amount });
      if (p.status === 'approved' && (p.kind === 'inbound' || amount <= bal)) {
        const signed = p.kind === 'inbound' ? amount : -amount;
        balances.set(lotId, bal + signed);
        extraTxns.push({
          orgId,
          lotId,
          type: p.kind === 'inbound' ? 'deposit' : p.kind === 'outbound' ? 'withdrawal' : 'discard',
          amount: signed,
          balanceAfter: bal + signed,
          reason: `${docNo} ${p.title}`,
          documentId: doc.id,
          createdBy: admin,
          createdAt: reviewed!,
        });
      }
    }
    await db.insert(germDocumentLine).values(lines);
    const events: (typeof germDocumentEvent.$inferInsert)[] = [
      { documentId: doc.id, action: 'create', fromStatus: null, toStatus: 'draft', userId: breeder, at: created },
    ];
    if (p.status !== 'draft')
      events.push({
        documentId: doc.id,
        action: 'submit',
        fromStatus: 'draft',
        toStatus: 'submitted',
        userId: breeder,
        at: new Date(created.getTime() + 3_600_000),
      });
    if (reviewed)
      events.push({
        documentId: doc.id,
        action: p.status === 'approved' ? 'approve' : 'reject',
        fromStatus: 'submitted',
        toStatus: p.status,
        userId: admin,
        at: reviewed,
        comment: p.status === 'rejected' ? '数量与申请不符，请核实后重新提交' : '同意',
      });
    await db.insert(germDocumentEvent).values(events);
    // The approval process of every submitted or reviewed document (the reviewed ones decided by the admin).
    if (p.status !== 'draft')
      await seedBusinessProcess(db, {
        orgId,
        starterId: breeder,
        businessType: `germ_${p.kind}`,
        businessKey: String(doc.id),
        variables: { docNo, kind: p.kind, lineCount: lines.length, quantity: lines.reduce((sum, l) => sum + Number(l.quantity ?? l.countedQuantity ?? 0), 0) },
        ...(reviewed
          ? {
              decision: {
                userId: admin,
                outcome: p.status === 'approved' ? ('approve' as const) : ('reject' as const),
                comment: p.status === 'rejected' ? '数量与申请不符，请核实后重新提交' : '同意',
              },
            }
          : {}),
      });
  }
  if (extraTxns.length) await db.insert(germLotTxn).values(extraTxns);
  // Cached balances follow the ledger.
  await db.execute(
    sql`update ${germLot} l set quantity = s.total from (select lot_id, sum(amount) as total from ${germLotTxn} where org_id = ${orgId} group by lot_id) s where s.lot_id = l.id`,
  );
  await db
    .insert(germCounter)
    .values([
      { orgId, key: `lot-${year}`, value: newLotNo.n },
      ...Object.entries(counters).map(([kind, value]) => ({ orgId, key: `doc-${kind}-${year}`, value })),
    ]);
}

function pick<T>(r: () => number, xs: T[]): T {
  return xs[Math.floor(r() * xs.length)];
}
