import type { DbOrTx } from '../../db/client';
import { createOrganisation } from './org/organisation';
import { seedDemoAccounts } from './seed';

export const DEMO_USERS = [
  { username: 'admin', role: 'administrator' },
  { username: 'breeder', role: 'user' },
] as const;

const ALL_CROPS = { maize: 'operate', rice: 'operate', wheat: 'operate', soybean: 'operate' } as const;

/**
 * The demo organisation of a trial installation: a maize-led seed company with four crops, its users and
 * the accounts' demo rows. The business modules add their demo data to it (`seedDemo` of each module).
 */
export async function createDemoOrganisation(db: DbOrTx, password: string) {
  const org = await createOrganisation(db, { code: 'demo', name: '华北示范育种中心' }, [
    {
      username: 'admin',
      nickName: '系统管理员',
      password,
      email: 'admin@demo.breedwise.local',
      role: 'admin',
      platformAdmin: true,
      phone: '13800000001',
      crops: ALL_CROPS,
    },
    {
      username: 'breeder',
      nickName: '李育种',
      password,
      email: 'breeder@demo.breedwise.local',
      role: 'user',
      phone: '13800000002',
      crops: { maize: 'operate', rice: 'operate', wheat: 'view', soybean: 'view' },
    },
  ]);
  await seedDemoAccounts(db, org);
  return org;
}
