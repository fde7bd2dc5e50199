import type { Translations } from '@breedwise/contracts';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';

/**
 * What the system module uses of the modules built on it: the licence's seat check (license), in-app
 * messages (message) and stored files (common). System is the base the other modules import, so it
 * imports none of them: the composition root (src/modules.ts) hands these in once, at start.
 */
export interface SystemHooks {
  /** Refuses (LICENSE_LIMIT) when `adding` more enabled users, or organisations, exceed the licence in force. */
  assertSeatAvailable(db: DbOrTx, config: Pick<Config, 'license'>, adding: number, type?: 'user' | 'organisation'): Promise<void>;
  /** Puts a message in each user's inbox, inside the caller's transaction. */
  sendMessage(
    db: DbOrTx,
    userIds: number[],
    msg: { orgId: number | null; type: 'account'; title: Translations; content: Translations; link?: string | null },
  ): Promise<void>;
  /** A stored file of an organisation (any organisation's with `null`): 404 when there is none. */
  getFile(db: DbOrTx, orgId: number | null, fileId: string): Promise<{ id: string; originalName: string; contentType: string }>;
  /** A signed download link of a stored file, valid `ttlSeconds`. */
  signedFileUrl(db: DbOrTx, fileId: string, name: string, ttlSeconds?: number): Promise<string>;
}

let hooks: SystemHooks | undefined;

/** Set once by the composition root (src/modules.ts). */
export function useSystemHooks(given: SystemHooks): void {
  hooks = given;
}

export function systemHooks(): SystemHooks {
  if (!hooks) throw new Error('system hooks are not set: src/modules.ts calls useSystemHooks() at start');
  return hooks;
}
