import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Locale } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { sysSession, type EndReason } from '../../system';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opens a session: a fresh 256-bit token, of which only the hash is stored. */
export async function createSession(
  db: DbOrTx,
  policy: SessionPolicy,
  s: { userId: number; orgId: number | null; cropId: number | null; locale: Locale; ip: string; userAgent?: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.maxHours * 3600_000);
  const [row] = await db
    .insert(sysSession)
    .values({
      tokenHash: hashToken(token),
      userId: s.userId,
      orgId: s.orgId,
      cropId: s.cropId,
      locale: s.locale,
      ip: s.ip,
      userAgent: s.userAgent?.slice(0, 300),
      expiresAt,
    })
    .returning({ id: sysSession.id });
  return { token, id: row.id, expiresAt };
}

export type Resolution = { ok: true; ctx: RequestContext } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'replaced' | 'ended' };

/** Seconds between two writes of last_seen_at: keeps the idle timeout honest without a write per call. */
const TOUCH_INTERVAL_MS = 60_000;

interface SessionRow {
  id: string;
  user_id: number;
  org_id: number | null;
  crop_id: number | null;
  locale: 'zh-CN' | 'en';
  last_seen_at: Date | string;
  expires_at: Date | string;
  ended_at: Date | string | null;
  end_reason: string | null;
  username: string;
  status: string;
  platform_admin: boolean;
  password_change_required: boolean;
  roles: string[] | null;
  is_admin: boolean;
  perms: string[] | null;
  crop_access: 'view' | 'operate' | null;
}

const time = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();

/** What a resolved session keeps in the process cache. */
interface CachedSession {
  version: number;
  row: SessionRow;
  /** When this process last saw (or wrote) last_seen_at. */
  lastSeenAt: number;
}

/**
 * Resolved sessions of this process, by token hash, one cache per database handle (an app instance).
 * An entry is used only while the database's authorisation version (sys_auth_version, raised by
 * triggers on every change of roles, permissions, user roles and crops, a user's status, a session
 * ended or switched) is the one it was read under: a revocation made by any process is seen by every
 * process at its next request.
 */
const caches = new WeakMap<object, Map<string, CachedSession>>();
const CACHE_MAX = 20_000;

function cacheOf(db: DbOrTx): Map<string, CachedSession> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

async function authVersion(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select v from sys_auth_version where id = 1`);
  const row = (result as unknown as { rows: { v: string | number }[] }).rows[0];
  return row ? Number(row.v) : -1;
}

async function loadSession(db: DbOrTx, tokenHash: string): Promise<{ row: SessionRow | undefined; version: number }> {
  const roleJoin = sql`sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = s.user_id and r.org_id = s.org_id and r.status = 'enabled'`;
  // The version is read in the same statement (same snapshot) as the rights it vouches for.
  const result = await db.execute(sql`
    select s.id, s.user_id, s.org_id, s.crop_id, s.locale, s.last_seen_at, s.expires_at, s.ended_at, s.end_reason,
      u.username, u.status, u.platform_admin, u.password_change_required,
      (select array_agg(r.role_key order by r.sort, r.id) from ${roleJoin}) as roles,
      exists (select 1 from ${roleJoin} and r.builtin and r.role_key = 'admin') as is_admin,
      (select array_agg(distinct m.perms) from sys_user_role ur join sys_role r on r.id = ur.role_id
         join sys_role_menu rm on rm.role_id = r.id join sys_menu m on m.id = rm.menu_id
       where ur.user_id = s.user_id and r.org_id = s.org_id and r.status = 'enabled' and m.status = 'enabled' and m.perms is not null) as perms,
      (select uc.access from sys_user_crop uc where uc.user_id = s.user_id and uc.crop_id = s.crop_id) as crop_access,
      coalesce((select v from sys_auth_version where id = 1), -1) as auth_version
    from sys_session s join sys_user u on u.id = s.user_id
    where s.token_hash = ${tokenHash}`);
  const row = (result as unknown as { rows: (SessionRow & { auth_version: string | number })[] }).rows[0];
  return { row, version: row ? Number(row.auth_version) : -1 };
}

/**
 * Finds the live session of a token and builds the request context, or says why there is none. A
 * session this process resolved before costs one primary-key read (the authorisation version); otherwise
 * one query reads session, user, roles, permissions and crop access together. last_seen_at is written
 * at most once a minute.
 */
export async function resolveSession(db: DbOrTx, policy: SessionPolicy, token: string | undefined, ip: string): Promise<Resolution> {
  if (!token || token.length > 200) return { ok: false, reason: 'missing' };
  const tokenHash = hashToken(token);
  const now = Date.now();
  const cache = cacheOf(db);
  let entry = cache.get(tokenHash);
  if (entry) {
    const version = await authVersion(db);
    // Stale rights, or a session that looks idle here but may have been used through another process.
    if (version !== entry.version || entry.lastSeenAt + policy.idleMinutes * 60_000 <= now) {
      cache.delete(tokenHash);
      entry = undefined;
    }
  }
  if (!entry) {
    const { row, version } = await loadSession(db, tokenHash);
    if (!row) return { ok: false, reason: 'invalid' };
    entry = { version, row, lastSeenAt: time(row.last_seen_at) };
    const live = !row.ended_at && row.status === 'enabled' && time(row.expires_at) > now && entry.lastSeenAt + policy.idleMinutes * 60_000 > now;
    if (live) {
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(tokenHash, entry);
    }
  }
  const row = entry.row;
  if (row.ended_at) return { ok: false, reason: row.end_reason === 'replaced' ? 'replaced' : 'ended' };
  if (time(row.expires_at) <= now || entry.lastSeenAt + policy.idleMinutes * 60_000 <= now) {
    cache.delete(tokenHash);
    return { ok: false, reason: 'expired' };
  }
  if (row.status !== 'enabled') return { ok: false, reason: 'ended' };
  if (now - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
    entry.lastSeenAt = now;
    await db
      .update(sysSession)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sysSession.id, row.id));
  }
  const permissions =
    row.org_id === null
      ? []
      : row.is_admin
        ? [ALL_PERMISSIONS]
        : [
            ...new Set(
              (row.perms ?? []).flatMap((p) =>
                p
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
              ),
            ),
          ].sort();
  return {
    ok: true,
    ctx: {
      sessionId: row.id,
      userId: row.user_id,
      username: row.username,
      orgId: row.org_id,
      cropId: row.crop_access ? row.crop_id : null,
      cropAccess: row.crop_access,
      roles: row.org_id === null ? [] : [...(row.roles ?? [])],
      permissions,
      platformAdmin: row.platform_admin,
      passwordChangeRequired: row.password_change_required,
      locale: row.locale,
      ip,
      authVersion: entry.version,
    },
  };
}

export async function endSession(db: DbOrTx, sessionId: string, reason: EndReason): Promise<void> {
  await db
    .update(sysSession)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sysSession.id, sessionId), isNull(sysSession.endedAt)));
}

export async function updateSession(
  db: DbOrTx,
  sessionId: string,
  patch: Partial<Pick<typeof sysSession.$inferInsert, 'orgId' | 'cropId' | 'locale'>>,
): Promise<void> {
  await db.update(sysSession).set(patch).where(eq(sysSession.id, sessionId));
}
