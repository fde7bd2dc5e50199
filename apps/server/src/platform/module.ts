import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, DbOrTx } from '../db/client';
import type { ObjectStorage } from './files/storage';

/**
 * A menu entry a module ships (spec section 2). Synced into sys_menu at start: entries missing from
 * the database are added, existing ones are left as administrators edited them. `forUser` marks entries
 * the built-in "user" role receives when the entry first appears.
 */
export interface MenuSeed {
  key: string;
  zh: string;
  en: string;
  path?: string;
  component?: string;
  type?: 'M' | 'C' | 'F';
  perms?: string;
  icon?: string;
  hidden?: boolean;
  affix?: boolean;
  forUser?: boolean;
  roles?: string[];
  children?: MenuSeed[];
}

/** A top-level menu contribution: a group of its own, or entries placed into another module's group. */
export interface MenuContribution {
  /** Key of the group the entries go into (`system`, `home`); absent: the entries are top level. */
  parent?: string;
  /** Position among the top level (groups) or inside the parent; lower first. */
  order: number;
  entries: MenuSeed[];
}

/** A dictionary a module ships (spec: fetched by dictType and appKey). Synced like menus. */
export interface DictSeed {
  type: string;
  appKey: string;
  zh: string;
  en: string;
  entries: { value: string; zh: string; en: string; listClass?: string }[];
}

/** What a job handler may use: the database, file storage and configuration. */
export interface JobDeps {
  database: Database;
  storage: ObjectStorage;
  config: Config;
}

/** What a demo seed that stores files may use (absent where the database is seeded without file storage). */
export interface SeedDeps {
  storage: ObjectStorage;
  config: Pick<Config, 'dataDir' | 'orgQuotaBytes'>;
}

/** The organisation a demo or base seed works in, with its users and crops by code. */
export interface SeedOrg {
  orgId: number;
  users: Record<string, number>;
  crops: Record<string, number>;
}

/**
 * A business module, as the server composes it (`src/modules.ts` lists them, one line each). The module
 * declares its parts in its own folder: routes (from its contract definitions), jobs, menu entries,
 * dictionaries and demo data. Its tables are found by drizzle-kit (`**\/*.tables.ts`). `Queue` is the job
 * queue's type, which lives in the common module (the platform does not import modules).
 */
export interface ServerModule<Queue = unknown> {
  name: string;
  /** Registers the module's routes. Routes carry full paths from the contracts (no prefix here). */
  routes?(app: FastifyInstance): unknown;
  /** Job definitions: the API process and `npm run worker` register the same set. */
  jobs?(queue: Queue, deps: JobDeps): void;
  menus?: MenuContribution[];
  dictionaries?: DictSeed[];
  /** Reference rows every installation needs (synced at each start, idempotent). */
  syncReference?(db: DbOrTx): Promise<void>;
  /** Rows every new organisation gets (e.g. default approval models), in the creating transaction. */
  seedOrganisation?(db: DbOrTx, org: SeedOrg): Promise<void>;
  /** Demo data of the module in the demo organisation, after the modules before it in the list. */
  seedDemo?(db: DbOrTx, org: SeedOrg, deps?: SeedDeps): Promise<void>;
}
