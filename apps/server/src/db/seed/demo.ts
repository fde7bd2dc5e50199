import type { DbOrTx } from '../client';
import { doeLocation } from '../../modules/doe/location/location.tables';
import { createOrganisation } from './organisation';
import { seedDemoAccounts } from '../../modules/system/seed';
import { seedGermDemo } from '../../modules/germ/demo';
import { seedDoeDemo } from '../../modules/doe/seed';

export const DEMO_USERS = [
  { username: 'admin', role: 'administrator' },
  { username: 'breeder', role: 'user' },
] as const;

const ALL_CROPS = { maize: 'operate', rice: 'operate', wheat: 'operate', soybean: 'operate' } as const;

/** The demo organisation of a trial installation: a maize-led seed company with four crops. */
export async function seedDemo(db: DbOrTx, password: string) {
  const org = await createOrganisation(db, { code: 'demo', name: '华北示范育种中心' }, [
    { username: 'admin', nickName: '系统管理员', password, email: 'admin@demo.breedwise.local', role: 'admin', platformAdmin: true, phone: '13800000001', crops: ALL_CROPS },
    {
      username: 'breeder', nickName: '李育种', password, email: 'breeder@demo.breedwise.local', role: 'user', phone: '13800000002',
      crops: { maize: 'operate', rice: 'operate', wheat: 'view', soybean: 'view' },
    },
  ]);
  const by = org.users.admin;
  const stamp = { orgId: org.orgId, createdBy: by, updatedBy: by };
  await db.insert(doeLocation).values([
    { ...stamp, name: '昌平试验站', code: 'BJ-CP', country: '中国', province: '北京', city: '昌平', longitude: 116.231, latitude: 40.221, remark: '华北春播玉米主试验点' },
    { ...stamp, name: '三亚南繁基地', code: 'HN-SY', country: '中国', province: '海南', city: '三亚', longitude: 109.512, latitude: 18.252, remark: '冬季加代与制种' },
    { ...stamp, name: '公主岭试验站', code: 'JL-GZL', country: '中国', province: '吉林', city: '公主岭', longitude: 124.822, latitude: 43.505 },
    { ...stamp, name: '新乡试验站', code: 'HA-XX', country: '中国', province: '河南', city: '新乡', longitude: 113.926, latitude: 35.303, remark: '夏播玉米、小麦' },
    { ...stamp, name: '元谋育种站', code: 'YN-YM', country: '中国', province: '云南', city: '元谋', longitude: 101.874, latitude: 25.704, status: 'disabled', remark: '2024 年起暂停使用' },
  ]);
  await seedDemoAccounts(db, org);
  await seedGermDemo(db, org);
  await seedDoeDemo(db, org);
  return org;
}
