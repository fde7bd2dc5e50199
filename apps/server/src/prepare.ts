import { count } from 'drizzle-orm';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { assembleMenus } from './platform/menu-seed';
import { createStorage } from './platform/files/create-storage';
import type { SeedDeps } from './platform/module';
import { createDemoOrganisation, createOrganisation, STANDARD_CROPS, syncReferenceData, sysOrg, sysUser } from './modules/system';
import { JobQueue } from './modules/common';
import { serverModules } from './modules';

export interface PrepareResult {
  seeded: 'demo' | 'base' | null;
  menusAdded: number;
}

/**
 * Brings a database up to this version: migrations, reference data (menus, dictionaries) and, on an
 * empty database, the first organisation: demo data, or an administrator from BW_ADMIN_PASSWORD.
 * Runs under one lock, so several API processes can start together.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'seed' | 'demoPassword' | 'adminPassword'> & Partial<Pick<Config, 'dataDir' | 'orgQuotaBytes' | 'storage'>>,
): Promise<PrepareResult> {
  const result: PrepareResult = { seeded: null, menusAdded: 0 };
  await database.migrate(async (db: Db) => {
    await db.transaction(async (tx) => {
      const menus = assembleMenus(serverModules.flatMap((m) => m.menus ?? []));
      const dictionaries = serverModules.flatMap((m) => m.dictionaries ?? []);
      result.menusAdded = (await syncReferenceData(tx, menus, dictionaries)).menusAdded;
      for (const m of serverModules) await m.syncReference?.(tx);
      const [{ orgs }] = await tx.select({ orgs: count() }).from(sysOrg);
      const [{ users }] = await tx.select({ users: count() }).from(sysUser);
      if (Number(orgs) > 0 || Number(users) > 0) return;
      if (config.seed === 'demo') {
        const org = await createDemoOrganisation(tx, config.demoPassword);
        // Demo data that stores files (genomic-selection datasets) needs the configured storage.
        const seedDeps: SeedDeps | undefined =
          config.dataDir && config.storage && config.orgQuotaBytes !== undefined
            ? {
                storage: createStorage({ dataDir: config.dataDir, storage: config.storage }),
                config: { dataDir: config.dataDir, orgQuotaBytes: config.orgQuotaBytes },
              }
            : undefined;
        for (const m of serverModules) await m.seedDemo?.(tx, org, seedDeps);
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
    // pg-boss's own tables (schema pgboss), installed or upgraded under the same lock: processes
    // starting together never run its set-up at once.
    await JobQueue.install(database);
  });
  return result;
}
