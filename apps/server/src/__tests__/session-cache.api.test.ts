import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, createUserWithMenus, type TestApp } from '../test/harness';

/**
 * Issue 12 item 8: resolved sessions are cached per process and validated by sys_auth_version, a
 * counter that triggers raise on every change of rights. These tests show that the cache is used (a
 * change the triggers do not see is not seen) and that a revocation is seen at once, also by another
 * app instance on the same PostgreSQL database (several API processes).
 */
const LOCATIONS = '/api/doe/api/location/page';

async function orgOf(t: TestApp): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(`select id from sys_org where code = 'demo'`);
  return row.id;
}
async function roleOf(t: TestApp, username: string): Promise<number> {
  const [row] = await t.database.query<{ role_id: number }>(
    `select ur.role_id from sys_user_role ur join sys_user u on u.id = ur.user_id where u.username = $1`,
    [username],
  );
  return row.role_id;
}
const version = async (t: TestApp) => Number((await t.database.query<{ v: string }>('select v from sys_auth_version where id = 1'))[0].v);

describe('session cache validated by the authorisation version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reuses a resolved session until the version changes; a revoked permission is refused at the next request', async () => {
    await createUserWithMenus(t.db, await orgOf(t), 'cache-viewer', ['doe', 'doe.location']);
    const token = await t.login('cache-viewer');
    expect((await t.call('GET', LOCATIONS, { token })).status).toBe(200);

    // Revoked behind the triggers' back: the cached rights still answer (the cache is really used) ...
    const role = await roleOf(t, 'cache-viewer');
    await t.database.query('alter table sys_role_menu disable trigger sys_role_menu_auth_bump');
    const menus = await t.database.query<{ menu_id: number }>('delete from sys_role_menu where role_id = $1 returning menu_id', [role]);
    await t.database.query('alter table sys_role_menu enable trigger sys_role_menu_auth_bump');
    expect(menus.length).toBeGreaterThan(0);
    expect((await t.call('GET', LOCATIONS, { token })).status).toBe(200);

    // ... and any change the triggers see (here: the same revocation made again, with a grant and its
    // removal) invalidates every cached session at once.
    const before = await version(t);
    await t.database.query('insert into sys_role_menu (role_id, menu_id) values ($1, $2)', [role, menus[0].menu_id]);
    await t.database.query('delete from sys_role_menu where role_id = $1', [role]);
    expect(await version(t)).toBeGreaterThan(before);
    const refused = await t.call('GET', LOCATIONS, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
  });

  it('reuses the menu tree of login/info until the version changes; a renamed menu shows at the next call', async () => {
    const token = await t.login('breeder');
    const titles = async () => {
      const res = await t.call('GET', '/api/auth/api/login/info', { token });
      expect(res.status).toBe(200);
      const out: string[] = [];
      const walk = (items: { meta: { title: string }; children?: unknown[] }[]) =>
        items.forEach((m) => (out.push(m.meta.title), walk((m.children ?? []) as typeof items)));
      walk(res.body.data.menu);
      return out;
    };
    const shown = await titles();
    const menus = await t.database.query<{ id: number; title_zh: string }>(
      `select id, title_zh from sys_menu where status = 'enabled' and menu_type = 'C' order by order_num, id`,
    );
    const menu = menus.find((m) => shown.includes(m.title_zh))!;
    expect(menu).toBeDefined();
    // Renamed behind the triggers' back: the cached tree still answers (the cache is really used) ...
    await t.database.query('alter table sys_menu disable trigger sys_menu_auth_bump');
    await t.database.query('update sys_menu set title_zh = $2 where id = $1', [menu.id, '缓存测试目录']);
    await t.database.query('alter table sys_menu enable trigger sys_menu_auth_bump');
    expect(await titles()).not.toContain('缓存测试目录');
    // ... and a change the triggers see is shown at the next call.
    await t.database.query('update sys_menu set title_zh = $2 where id = $1', [menu.id, '缓存测试目录二']);
    const after = await titles();
    expect(after).toContain('缓存测试目录二');
    await t.database.query('update sys_menu set title_zh = $2 where id = $1', [menu.id, menu.title_zh]);
    expect(await titles()).toContain(menu.title_zh);
  });

  it("reuses a user's roles in login/info until the version changes", async () => {
    const token = await t.login('breeder');
    const dashboard = async () => {
      const res = await t.call('GET', '/api/auth/api/login/info', { token });
      expect(res.status).toBe(200);
      return res.body.data.userInfo.dashboardType as string;
    };
    const before = await dashboard();
    const roles = await t.database.query<{ id: number; dashboard_type: string }>(
      `select r.id, r.dashboard_type from sys_role r join sys_user_role ur on ur.role_id = r.id join sys_user u on u.id = ur.user_id
       where u.username = 'breeder' order by r.sort, r.id`,
    );
    const first = roles[0];
    try {
      // Changed behind the triggers' back: the cached roles still answer (the cache is really used) ...
      await t.database.query('alter table sys_role disable trigger sys_role_auth_bump');
      await t.database.query('update sys_role set dashboard_type = $2 where id = $1', [first.id, 'cache-test']);
      await t.database.query('alter table sys_role enable trigger sys_role_auth_bump');
      expect(await dashboard()).toBe(before);
      // ... and a change the triggers see is shown at the next call.
      await t.database.query('update sys_role set dashboard_type = $2 where id = $1', [first.id, 'cache-test-2']);
      expect(await dashboard()).toBe('cache-test-2');
    } finally {
      await t.database.query('update sys_role set dashboard_type = $2 where id = $1', [first.id, first.dashboard_type]);
    }
    expect(await dashboard()).toBe(before);
  });

  it('writes a session’s last_seen_at at most once a minute', async () => {
    const token = await t.login('breeder');
    const seen = async () =>
      (
        await t.database.query<{ at: string }>(
          `select last_seen_at::text as at from sys_session where user_id = (select id from sys_user where username = 'breeder') and ended_at is null order by created_at desc limit 1`,
        )
      )[0].at;
    const first = await seen();
    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(200);
    expect(await seen()).toBe(first);
    // A minute and a half later (this process's clock), the next request writes it, once.
    const later = Date.now() + 90_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(200);
      const written = await seen();
      expect(new Date(written).getTime()).toBe(later);
      expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(200);
      expect(await seen()).toBe(written);
    } finally {
      clock.mockRestore();
    }
  });
});

/** Two app instances (two connection pools, two caches) on one PostgreSQL database, as two API processes. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API instances on one PostgreSQL database', () => {
  let a: TestApp;
  let otherDb: Database;
  let b: FastifyInstance;
  const callB = async (url: string, token: string) => {
    const res = await b.inject({ method: 'GET', url, headers: { token } });
    return { status: res.statusCode, body: res.json() as { errorCode?: string } };
  };
  beforeAll(async () => {
    a = await createTestApp();
    otherDb = await openDatabase({ databaseUrl: a.databaseUrl!, poolSize: 3 });
    b = await buildApp({ config: a.config, database: otherDb, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await otherDb?.close();
    await a?.close();
  });

  it('a permission revoked through one instance is refused by the other at its next request', async () => {
    await createUserWithMenus(a.db, await orgOf(a), 'two-proc', ['doe', 'doe.location']);
    const token = await a.login('two-proc');
    // Both instances have resolved (and cached) the session.
    expect((await a.call('GET', LOCATIONS, { token })).status).toBe(200);
    expect((await callB(LOCATIONS, token)).status).toBe(200);
    expect((await callB(LOCATIONS, token)).status).toBe(200);

    // The administrator takes the menu away from the role, through instance A's API.
    const admin = await a.login('admin');
    const role = await roleOf(a, 'two-proc');
    const update = await a.call('PUT', '/api/system/role/menus', { token: admin, body: { roleId: role, menuIds: [] } });
    expect(update.status, update.text).toBe(200);

    const refused = await callB(LOCATIONS, token);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    expect((await a.call('GET', LOCATIONS, { token })).status).toBe(403);
  });

  it('a user disabled, or a session ended, in one instance is refused by the other at once', async () => {
    await createUserWithMenus(a.db, await orgOf(a), 'two-proc-2', ['doe', 'doe.location']);
    const token = await a.login('two-proc-2');
    expect((await callB(LOCATIONS, token)).status).toBe(200);

    // Logging out through A ends the session: B refuses it (401) on the very next request.
    expect((await a.call('POST', '/api/auth/api/login/logout', { token })).status).toBe(200);
    expect((await callB(LOCATIONS, token)).status).toBe(401);

    const third = await a.login('two-proc-2');
    expect((await callB(LOCATIONS, third)).status).toBe(200);
    const uid = Number((await a.database.query<{ id: number }>(`select id from sys_user where username = 'two-proc-2'`))[0].id);
    const admin = await a.login('admin');
    const disabled = await a.call('PUT', '/api/system/user/status', { token: admin, body: { ids: [uid], status: 'disabled' } });
    expect(disabled.status, disabled.text).toBe(200);
    expect((await callB(LOCATIONS, third)).status).toBe(401);
  });
});
