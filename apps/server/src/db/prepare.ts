import { count } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from './client';
import { sysOrg, sysUser } from '../modules/system/system.tables';
import { seedDemo } from './seed/demo';
import { createOrganisation, STANDARD_CROPS } from './seed/organisation';
import { syncReferenceData } from './seed/reference';
import { JobQueue } from '../modules/common/jobs/queue';

export interface PrepareResult {
  seeded: 'demo' | 'base' | null;
  menusAdded: number;
}

/**
 * Brings a database up to this version: migrations, reference data (menus, dictionaries) and, on an
 * empty database, the first organisation: demo data, or an administrator from BW_ADMIN_PASSWORD.
 * Runs under one lock, so several API processes can start together.
 */
export async function prepareDatabase(database: Database, config: Pick<Config, 'seed' | 'demoPassword' | 'adminPassword'>): Promise<PrepareResult> {
  const result: PrepareResult = { seeded: null, menusAdded: 0 };
  await database.migrate(async (db: Db) => {
    await db.transaction(async (tx) => {
      result.menusAdded = (await syncReferenceData(tx)).menusAdded;
      const [{ orgs }] = await tx.select({ orgs: count() }).from(sysOrg);
      const [{ users }] = await tx.select({ users: count() }).from(sysUser);
      if (Number(orgs) > 0 || Number(users) > 0) return;
      if (config.seed === 'demo') {
        await seedDemo(tx, config.demoPassword);
        result.seeded = 'demo';
        return;
      }
      if (!config.adminPassword) {
        throw new Error('The database is empty. Set BW_ADMIN_PASSWORD to create the first administrator (user "admin"), or BW_SEED=demo for demo data.');
      }
      const all = Object.fromEntries(STANDARD_CROPS.map((c) => [c.code, 'operate' as const]));
      await createOrganisation(tx, { code: 'default', name: 'Breedwise' }, [
        { username: 'admin', nickName: 'Administrator', password: config.adminPassword, role: 'admin', platformAdmin: true, crops: all },
      ]);
      result.seeded = 'base';
    });
  });
  // pg-boss keeps its own tables (schema pgboss) and migrates them itself, under its own lock.
  await JobQueue.install(database);
  return result;
}
