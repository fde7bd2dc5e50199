import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, TEST_PASSWORD, userId, type TestApp } from '../../../test/harness';
import { sysAuditLog } from '../../audit';
import { sysCrop, sysMenu, sysOrg } from '..';

let t: TestApp;
let admin: string;
let breeder: string;
let rivalAdmin: string;
let rival: Awaited<ReturnType<typeof createOtherOrg>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  rival = await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  rivalAdmin = await t.login('rival-admin');
});
afterAll(() => t.close());

const demoCrops = async () =>
  Object.fromEntries(
    (await t.db.select().from(sysCrop).innerJoin(sysOrg, eq(sysOrg.id, sysCrop.orgId)).where(eq(sysOrg.code, 'demo'))).map((r) => [
      r.sys_crop.code,
      r.sys_crop.id,
    ]),
  );

describe('users', () => {
  it("creates a member with roles and crop access, lists only the organisation's members", async () => {
    const roles = (await t.call('GET', '/api/system/role/list', { token: admin })).body.rows;
    const userRole = roles.find((r: { roleKey: string }) => r.roleKey === 'user');
    const crops = await demoCrops();
    const res = await t.call('POST', '/api/system/user/create', {
      token: admin,
      body: {
        username: 'tech1',
        nickName: 'Technician',
        password: 'field tech pass',
        roleIds: [userRole.id],
        crops: [{ cropId: crops.maize, access: 'view' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'tech1',
      status: 'enabled',
      roles: [{ roleKey: 'user' }],
      crops: [{ cropId: crops.maize, access: 'view' }],
      platformAdmin: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash/);
    const list = await t.call('GET', '/api/system/user/list', { token: admin, query: { keyword: 'tech' } });
    expect(list.body.total).toBe(1);
    const mine = await t.call('GET', '/api/system/user/list', { token: admin });
    expect(mine.body.rows.map((u: { username: string }) => u.username)).not.toContain('rival-admin');
    // Another organisation's administrator does not find them.
    expect((await t.call('GET', `/api/system/user/detail/${res.body.data.id}`, { token: rivalAdmin })).status).toBe(404);
    const rivalList = await t.call('GET', '/api/system/user/list', { token: rivalAdmin });
    expect(rivalList.body.total).toBe(1);
  });

  it('refuses roles and crops of another organisation', async () => {
    const rivalRoles = (await t.call('GET', '/api/system/role/list', { token: rivalAdmin })).body.rows;
    const res = await t.call('POST', '/api/system/user/create', {
      token: admin,
      body: { username: 'tech2', nickName: 'x', password: 'field tech pass', roleIds: [rivalRoles[0].id], crops: [] },
    });
    expect(res.body.errorCode).toBe('SYS_ROLE_NOT_FOUND');
    const res2 = await t.call('POST', '/api/system/user/create', {
      token: admin,
      body: { username: 'tech2', nickName: 'x', password: 'field tech pass', roleIds: [], crops: [{ cropId: rival.crops.maize, access: 'operate' }] },
    });
    expect(res2.body.errorCode).toBe('CROP_NOT_ALLOWED');
  });

  it("disabling ends the member's sessions; an administrator's password reset does too", async () => {
    const id = await userId(t.db, 'tech1');
    const token = await t.login('tech1', 'field tech pass');
    expect((await t.call('PUT', '/api/system/user/status', { token: admin, body: { ids: [id], status: 'disabled' } })).body.data.count).toBe(1);
    expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(401);
    await t.call('PUT', '/api/system/user/status', { token: admin, body: { ids: [id], status: 'enabled' } });
    const again = await t.login('tech1', 'field tech pass');
    expect((await t.call('PUT', '/api/system/user/resetPwd', { token: admin, body: { id, password: 'another tech pass' } })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: again })).status).toBe(401);
    // Not on oneself.
    const self = await t.call('PUT', '/api/system/user/status', { token: admin, body: { ids: [await userId(t.db, 'admin')], status: 'disabled' } });
    expect(self.body.errorCode).toBe('SYS_USER_SELF_CHANGE');
  });

  it('ignores injected platformAdmin, orgId and password hash fields (mass assignment)', async () => {
    const res = await t.call('POST', '/api/system/user/create', {
      token: admin,
      body: {
        username: 'sneaky',
        nickName: 'S',
        password: 'sneaky pass 2026',
        roleIds: [],
        crops: [],
        platformAdmin: true,
        orgId: rival.orgId,
        passwordHash: 'x',
        status: 'disabled',
        id: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ platformAdmin: false, status: 'enabled' });
    expect(res.body.data.id).not.toBe(1);
    const token = await t.login('sneaky', 'sneaky pass 2026');
    // An administrator chose the password: the first login changes it (roles.api.test.ts).
    expect((await t.call('GET', '/api/auth/api/login/info', { token })).body.errorCode).toBe('AUTH_PASSWORD_CHANGE_REQUIRED');
    await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: 'sneaky pass 2026', newPassword: 'sneaky own pass 2026' } });
    const info = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    expect(info.orgInfo.orgName).toBe('华北示范育种中心');
    expect(info.userInfo.platformAdmin).toBe(false);
  });
});

describe('roles and menus', () => {
  it("granting a page to a role adds it to its members' menu and permissions", async () => {
    const [orgRow] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
    void orgRow;
    const role = await t.call('POST', '/api/system/role/create', { token: admin, body: { roleKey: 'auditor', roleName: 'Auditor', menuIds: [] } });
    expect(role.status).toBe(200);
    const id = await userId(t.db, 'sneaky');
    const user = (await t.call('GET', `/api/system/user/detail/${id}`, { token: admin })).body.data;
    await t.call('PUT', '/api/system/user/update', { token: admin, body: { id, nickName: user.nickName, roleIds: [role.body.data.id], crops: [] } });
    const token = await t.login('sneaky', 'sneaky own pass 2026');
    expect(JSON.stringify((await t.call('GET', '/api/system/menu/my/1.5.0', { token })).body.data.menus)).not.toContain('/system/log/operlog');
    expect((await t.call('GET', '/api/system/log/list', { token })).status).toBe(403);
    const menus = await t.db.select().from(sysMenu);
    const ids = menus.filter((m) => ['system', 'system.operlog'].includes(m.menuKey)).map((m) => m.id);
    const set = await t.call('PUT', '/api/system/role/menus', { token: admin, body: { roleId: role.body.data.id, menuIds: ids } });
    expect(set.body.data.menuIds).toEqual([...ids].sort((a, b) => a - b));
    const my = (await t.call('GET', '/api/system/menu/my/1.5.0', { token })).body.data;
    expect(JSON.stringify(my.menus)).toContain('/system/log/operlog');
    expect(my.permissions).toContain('system:log:list');
    expect((await t.call('GET', '/api/system/log/list', { token })).status).toBe(200);
  });

  it('keeps built-in roles, refuses deleting a role in use, and a dashboard type per role', async () => {
    const roles = (await t.call('GET', '/api/system/role/list', { token: admin })).body.rows;
    const adminRole = roles.find((r: { roleKey: string }) => r.roleKey === 'admin');
    expect(adminRole.dashboardType).toBe('admin');
    expect((await t.call('DELETE', `/api/system/role/${adminRole.id}`, { token: admin })).body.errorCode).toBe('SYS_ROLE_BUILTIN');
    const auditor = roles.find((r: { roleKey: string }) => r.roleKey === 'auditor');
    expect((await t.call('DELETE', `/api/system/role/${auditor.id}`, { token: admin })).body.errorCode).toBe('SYS_ROLE_IN_USE');
    expect((await t.call('GET', `/api/system/role/detail/${auditor.id}`, { token: rivalAdmin })).status).toBe(404);
  });

  it('menus are shared by all organisations: only a platform administrator edits them', async () => {
    const [m] = await t.db.select().from(sysMenu).where(eq(sysMenu.menuKey, 'doe.team'));
    const body = {
      id: m.id,
      parentId: m.parentId,
      menuType: 'C',
      titleZh: m.titleZh,
      titleEn: m.titleEn,
      path: m.path,
      component: m.component,
      perms: m.perms,
      hidden: true,
      affix: false,
      helpUrl: '/docs/help/team',
      type: 'list',
      roles: ['admin'],
      orderNum: m.orderNum,
      status: 'enabled',
    };
    const denied = await t.call('PUT', '/api/system/menu/update', { token: rivalAdmin, body });
    expect(denied.status).toBe(403);
    expect(denied.body.errorCode).toBe('PLATFORM_ADMIN_REQUIRED');
    const ok = await t.call('PUT', '/api/system/menu/update', { token: admin, body });
    expect(ok.body.data).toMatchObject({ hidden: true, helpUrl: '/docs/help/team', type: 'list', roles: ['admin'] });
    // Route roles: the breeder (role user) no longer sees the entry.
    expect(JSON.stringify((await t.call('GET', '/api/auth/api/login/info', { token: breeder })).body.data.menu)).not.toContain('/doe/team');
    const [denial] = await t.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'access.denied')).orderBy(desc(sysAuditLog.id)).limit(1);
    expect(denial).toMatchObject({ username: 'rival-admin', result: 'denied', targetId: 'PUT /api/system/menu/update' });
    const [change] = await t.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'system.menu.update')).orderBy(desc(sysAuditLog.id)).limit(1);
    expect(change).toMatchObject({ username: 'admin', result: 'success', targetType: 'menu', targetId: String(m.id) });
  });
});

describe('crops, genome builds and the gws calls', () => {
  it("answers the current crop's builds and remembers my choice; no builds means none to choose", async () => {
    const crops = await demoCrops();
    await t.call('POST', `/api/auth/api/login/setCropId/${crops.maize}`, { token: breeder });
    const list = (await t.call('GET', '/api/gs/api/gws/getBuildList', { token: breeder })).body.data;
    expect(list.builds.map((b: { code: string }) => b.code)).toEqual(['B73_RefGen_v5', 'B73_RefGen_v4']);
    expect(list.currentBuildId).toBe(list.builds[0].buildId);
    const set = await t.call('POST', '/api/gs/api/gws/changeBuild/setCurrentBuildId', {
      token: breeder,
      form: { currentBuildId: String(list.builds[1].buildId) },
    });
    expect(set.body.data.currentBuildId).toBe(list.builds[1].buildId);
    await t.call('POST', `/api/auth/api/login/setCropId/${crops.wheat}`, { token: breeder });
    expect((await t.call('GET', '/api/gs/api/gws/getBuildList', { token: breeder })).body.data).toMatchObject({ builds: [], currentBuildId: null });
    expect(
      (await t.call('POST', '/api/gs/api/gws/changeBuild/setCurrentBuildId', { token: breeder, form: { currentBuildId: String(list.builds[0].buildId) } }))
        .status,
    ).toBe(404);
  });

  it("writing a crop's builds needs operate access to that crop; another organisation's crop is not found", async () => {
    const crops = await demoCrops();
    const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
    const { createUserWithMenus } = await import('../../../test/harness');
    const uid = await createUserWithMenus(t.db, org.id, 'cropkeeper', ['system', 'system.crop', 'system.crop.edit']);
    const { sysUserCrop } = await import('..');
    await t.db.insert(sysUserCrop).values([
      { userId: uid, cropId: crops.maize, access: 'operate' },
      { userId: uid, cropId: crops.wheat, access: 'view' },
    ]);
    const token = await t.login('cropkeeper');
    const ok = await t.call('POST', '/api/system/crop/build/create', { token, body: { cropId: crops.maize, code: 'Mo17', name: 'Mo17 CAU' } });
    expect(ok.status).toBe(200);
    const ro = await t.call('POST', '/api/system/crop/build/create', { token, body: { cropId: crops.wheat, code: 'CS', name: 'Chinese Spring' } });
    expect(ro.status).toBe(403);
    expect(ro.body.errorCode).toBe('CROP_READ_ONLY');
    const none = await t.call('POST', '/api/system/crop/build/create', { token, body: { cropId: crops.rice, code: 'X', name: 'x' } });
    expect(none.body.errorCode).toBe('CROP_NOT_ALLOWED');
    const foreign = await t.call('POST', '/api/system/crop/build/create', { token: admin, body: { cropId: rival.crops.maize, code: 'Y', name: 'y' } });
    expect(foreign.status).toBe(404);
    expect((await t.call('DELETE', `/api/system/crop/build/${ok.body.data.id}`, { token: rivalAdmin })).status).toBe(404);
  });
});

describe('organisation settings', () => {
  it('sets single-session mode and password expiry; another administrator cannot see them', async () => {
    const current = (await t.call('GET', '/api/system/org/current', { token: admin })).body.data;
    expect(current.settings).toEqual({ passwordExpiryDays: 0, singleSession: false, registration: 'off' });
    const res = await t.call('PUT', '/api/system/org/current', {
      token: rivalAdmin,
      body: { name: 'Rival Seeds', settings: { passwordExpiryDays: 90, singleSession: true, registration: 'off' } },
    });
    expect(res.body.data).toMatchObject({ name: 'Rival Seeds', settings: { passwordExpiryDays: 90, singleSession: true } });
    expect((await t.call('GET', '/api/system/org/current', { token: admin })).body.data.settings.singleSession).toBe(false);
    const first = await t.login('rival-admin');
    await t.login('rival-admin');
    const kicked = await t.call('GET', '/api/auth/api/login/info', { token: first });
    expect(kicked.body.code).toBe(9999);
    expect((await t.call('GET', '/api/system/org/list', { token: await t.login('rival-admin') })).body.errorCode).toBe('PLATFORM_ADMIN_REQUIRED');
  });

  it('a platform administrator creates an organisation and becomes its administrator', async () => {
    const res = await t.call('POST', '/api/system/org/create', { token: admin, body: { code: 'branch', name: 'Southern branch' } });
    expect(res.status).toBe(200);
    const info = (await t.call('GET', '/api/auth/api/login/info', { token: admin })).body.data;
    expect(info.orgs.map((o: { orgName: string }) => o.orgName)).toContain('Southern branch');
  });
});

describe('dictionaries, apps, tables, logs', () => {
  it('dic/tree groups types by app; dic/get answers a type with its entries', async () => {
    const tree = (await t.call('GET', '/api/system/dic/tree', { token: admin })).body.data;
    expect(tree.map((n: { appKey: string }) => n.appKey)).toEqual(expect.arrayContaining(['doe', 'system']));
    const got = (await t.call('GET', '/api/system/dic/get', { token: admin, query: { dictType: 'doe_season', appKey: 'doe' } })).body.data;
    expect(got.type).toMatchObject({ dictType: 'doe_season', entries: 4 });
    expect((await t.call('GET', '/api/system/dic/get', { token: admin, query: { dictType: 'doe_season', appKey: 'system' } })).status).toBe(404);
    const add = await t.call('POST', '/api/system/dic/data/create', {
      token: admin,
      body: { dictType: 'doe_season', dictValue: 'rainy', labelZh: '雨季', labelEn: 'Rainy season' },
    });
    expect(add.status).toBe(200);
    const list = (await t.call('GET', '/api/system/dic/list', { token: breeder, query: { dictType: 'doe_season' } })).body.data;
    expect(list.map((e: { dictValue: string }) => e.dictValue)).toContain('rainy');
  });

  it("a dictionary value carries both languages: dic/list answers the label in the caller's language; the English label is required (issue 14 item 11)", async () => {
    const label = async (lang: string) =>
      (await t.call('GET', '/api/system/dic/list', { token: breeder, query: { dictType: 'doe_season' }, headers: { 'accept-language': lang } })).body.data.find(
        (e: { dictValue: string }) => e.dictValue === 'spring',
      )?.dictLabel;
    expect(await label('zh-CN')).toBe('春季');
    expect(await label('en')).toBe('Spring');
    // Every seeded dictionary value has an English label that is not the Chinese one.
    const types = (await t.call('GET', '/api/system/dic/tree', { token: admin })).body.data.flatMap((n: { children?: { dictType: string }[] }) =>
      (n.children ?? []).map((c) => c.dictType),
    );
    expect(types.length).toBeGreaterThan(5);
    for (const dictType of types) {
      const [zh, en] = await Promise.all(
        ['zh-CN', 'en'].map(
          async (lang) => (await t.call('GET', '/api/system/dic/list', { token: admin, query: { dictType }, headers: { 'accept-language': lang } })).body.data,
        ),
      );
      for (const [i, e] of en.entries()) {
        expect(e.dictLabel, `${dictType}.${e.dictValue}`).not.toMatch(/[\u4e00-\u9fff]/);
        expect(zh[i].dictValue).toBe(e.dictValue);
      }
    }
    const missing = await t.call('POST', '/api/system/dic/data/create', {
      token: admin,
      body: { dictType: 'doe_season', dictValue: 'dry', labelZh: '旱季' },
      headers: { 'accept-language': 'en' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'labelEn' });
    expect(missing.body.errors[0].message).toContain('English label');
  });

  it('the app center shows the apps whose pages the user can open', async () => {
    const mine = (await t.call('GET', '/api/system/app/center', { token: breeder })).body.data;
    const keys = mine.map((a: { appKey: string }) => a.appKey);
    expect(keys).toContain('doe');
    expect(keys).not.toContain('system');
    expect(mine.find((a: { appKey: string }) => a.appKey === 'doe').href).toMatch(/^\/doe\//);
    const admins = (await t.call('GET', '/api/system/app/center', { token: admin })).body.data.map((a: { appKey: string }) => a.appKey);
    expect(admins).toContain('system');
  });

  it('table row estimates come from statistics gathered when missing or stale, or when asked', async () => {
    const [{ n: users }] = await t.database.query<{ n: number }>('select count(*)::int as n from sys_user');
    const tables = (await t.call('GET', '/api/system/table/list', { token: admin })).body.data as {
      tableName: string;
      rowEstimate: number;
      analyzedAt: string | null;
    }[];
    const user = tables.find((x) => x.tableName === 'sys_user')!;
    // Never analyzed before (PGlite has no autovacuum): the list gathered the statistics itself.
    expect(user.rowEstimate).toBe(users);
    expect(users).toBeGreaterThan(1);
    expect(user.analyzedAt).not.toBeNull();
    expect(tables.every((x) => x.analyzedAt !== null)).toBe(true);

    // Fresh statistics are kept (no ANALYZE on every call); refresh=true gathers them again.
    const created = await t.call('POST', '/api/system/dic/type/create', {
      token: admin,
      body: { dictType: 'stats_probe_type', appKey: 'system', nameZh: '统计探针', nameEn: 'Stats probe' },
    });
    expect(created.status).toBe(200);
    const [{ n: types }] = await t.database.query<{ n: number }>('select count(*)::int as n from sys_dict_type');
    const again = (await t.call('GET', '/api/system/table/list', { token: admin })).body.data as { tableName: string; rowEstimate: number }[];
    expect(again.find((x) => x.tableName === 'sys_dict_type')!.rowEstimate).toBe(types - 1);
    const refreshed = (await t.call('GET', '/api/system/table/list', { token: admin, query: { refresh: 'true' } })).body.data as {
      tableName: string;
      rowEstimate: number;
    }[];
    expect(refreshed.find((x) => x.tableName === 'sys_dict_type')!.rowEstimate).toBe(types);
    expect((await t.call('GET', '/api/system/table/list', { token: admin, query: { refresh: 'maybe' } })).status).toBe(400);
  });

  it('table metadata comes from the catalogue, for our tables only', async () => {
    const tables = (await t.call('GET', '/api/system/table/list', { token: admin })).body.data;
    expect(tables.map((x: { tableName: string }) => x.tableName)).toEqual(expect.arrayContaining(['sys_user', 'doe_location', 'sys_audit_log']));
    const info = (await t.call('GET', '/api/system/table/info', { token: admin, query: { tableName: 'doe_location' } })).body.data;
    expect(info.columns.find((c: { name: string }) => c.name === 'longitude')).toMatchObject({ type: 'double precision', nullable: true });
    expect(info.indexes.map((i: { name: string }) => i.name)).toContain('doe_location_org_code_uq');
    expect((await t.call('GET', '/api/system/table/info', { token: admin, query: { tableName: 'pg_authid' } })).status).toBe(404);
  });

  it('operation and login logs are per organisation', async () => {
    // Single-session mode (set above) replaced the earlier session of rival-admin.
    rivalAdmin = await t.login('rival-admin');
    const ops = await t.call('GET', '/api/system/log/list', { token: rivalAdmin });
    expect(ops.body.rows.every((r: { orgId: number }) => r.orgId === rival.orgId)).toBe(true);
    const logins = await t.call('GET', '/api/system/log/login/list', { token: rivalAdmin });
    expect(logins.body.rows.every((r: { username: string }) => r.username === 'rival-admin')).toBe(true);
    expect(logins.body.total).toBeGreaterThan(0);
  });
});

describe('messages and notices', () => {
  it("counts, lists and marks messages read; others' messages are not found", async () => {
    const token = await t.login('breeder');
    await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: 'breeder new pass' } });
    const count = (await t.call('GET', '/api/auth/api/message/noReadCount', { token })).body.data.count;
    expect(count).toBeGreaterThanOrEqual(1);
    const list = await t.call('GET', '/api/auth/api/message/list', { token, query: { read: 'false' }, headers: { 'accept-language': 'en' } });
    expect(list.body.rows[0]).toMatchObject({ type: 'account', title: 'Your password was changed', read: false });
    expect((await t.call('POST', `/api/auth/api/message/setRead/${list.body.rows[0].id}`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', `/api/auth/api/message/setRead/${list.body.rows[0].id}`, { token })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/api/message/setReadAll', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/message/noReadCount', { token })).body.data.count).toBe(0);
  });

  it('getLatest answers the newest notice in force for the organisation', async () => {
    const token = await t.login('breeder', 'breeder new pass');
    const seeded = (await t.call('GET', '/api/auth/api/notice/getLatest', { token })).body.data;
    // The demo notice reads in both languages and expires after a month (issue 14 items 9 and 11).
    expect(seeded).toMatchObject({ title: '2026 年春播试验安排 / Spring 2026 trials' });
    expect(seeded.content).toContain('Trial design');
    const stored = await t.db.execute(`select published_at, expires_at from sys_notice where id = ${Number(seeded.id)}`);
    const [{ published_at: published, expires_at: expires }] = (
      stored as unknown as { rows: { published_at: string | Date; expires_at: string | Date | null }[] }
    ).rows;
    expect(expires).not.toBeNull();
    const days = (new Date(expires!).getTime() - new Date(published).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    await t.call('POST', '/api/system/notice/create', {
      token: admin,
      body: { title: 'Maintenance tonight', content: 'The system stops 22:00-23:00.', level: 'warning' },
    });
    expect((await t.call('GET', '/api/auth/api/notice/getLatest', { token })).body.data).toMatchObject({ title: 'Maintenance tonight', level: 'warning' });
    expect((await t.call('GET', '/api/auth/api/notice/getLatest', { token: rivalAdmin })).body.data).toBeNull();
  });
});

describe('licences (Ed25519)', () => {
  it('issues, signs, installs and enforces a licence: expiry and the number of active users', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const priv = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const lt = await createTestApp({ BW_LICENSE_PUBLIC_KEY: pub, BW_LICENSE_SIGNING_KEY: priv });
    try {
      const a = await lt.login('admin');
      expect((await lt.call('GET', '/api/auth/api/license/info', { token: a })).body.data).toMatchObject({ status: 'missing', enforced: true });
      // Without a licence only platform administrators may log in.
      const refused = await lt.call('POST', '/api/auth/api/login', { form: { username: 'breeder', password: TEST_PASSWORD } });
      expect(refused.body.errorCode).toBe('LICENSE_MISSING');

      const subject = await lt.call('POST', '/api/gateway/license/subject/create', { token: a, body: { code: 'demo-co', name: 'Demo Seed Co.' } });
      expect((await lt.call('GET', `/api/gateway/license/get/${subject.body.data.id}`, { token: a })).body.data).toBeNull();
      const bad = await lt.call('POST', '/api/gateway/license/createOrUpdate', {
        token: a,
        body: { subjectId: subject.body.data.id, name: 'x', activationDate: '2026-01-01', expiryDate: '2025-01-01', consumerType: 'user', consumerAmount: 2 },
      });
      expect(bad.body.errorCode).toBe('LICENSE_DATES');
      const lic = await lt.call('POST', '/api/gateway/license/createOrUpdate', {
        token: a,
        body: {
          subjectId: subject.body.data.id,
          name: 'Standard',
          activationDate: '2020-01-01',
          expiryDate: '2099-12-31',
          consumerType: 'user',
          consumerAmount: 2,
          description: 'two seats',
        },
      });
      expect(lic.body.data).toMatchObject({ name: 'Standard', consumerAmount: 2 });
      const exported = await lt.app.inject({ method: 'GET', url: `/api/gateway/license/export/${subject.body.data.id}`, headers: { token: a } });
      expect(exported.headers['content-disposition']).toContain('demo-co-2099-12-31.lic');
      const file = exported.body;
      expect(JSON.parse(file)).toMatchObject({ format: 'breedwise-license/1', signature: expect.any(String) });

      const tampered = file.replace('\\"consumerAmount\\":2', '\\"consumerAmount\\":200');
      expect(tampered).not.toBe(file);
      expect((await lt.call('POST', '/api/system/license/install', { token: a, body: { file: tampered } })).body.errorCode).toBe('LICENSE_INVALID');
      const installed = await lt.call('POST', '/api/system/license/install', { token: a, body: { file } });
      expect(installed.body.data).toMatchObject({ status: 'valid', subjectName: 'Demo Seed Co.', consumerAmount: 2, used: 2 });
      expect((await lt.call('POST', '/api/auth/api/login', { form: { username: 'breeder', password: TEST_PASSWORD } })).status).toBe(200);
      // Two seats, two active users: a third is refused.
      const third = await lt.call('POST', '/api/system/user/create', {
        token: a,
        body: { username: 'seat3', nickName: 'x', password: 'third seat pass', roleIds: [], crops: [] },
      });
      expect(third.body).toMatchObject({ errorCode: 'LICENSE_LIMIT' });

      const expired = await lt.call('POST', '/api/gateway/license/createOrUpdate', {
        token: a,
        body: {
          subjectId: subject.body.data.id,
          name: 'Old',
          activationDate: '2020-01-01',
          expiryDate: '2021-01-01',
          consumerType: 'user',
          consumerAmount: 10,
        },
      });
      expect(expired.status).toBe(200);
      const oldFile = (await lt.app.inject({ method: 'GET', url: `/api/gateway/license/export/${subject.body.data.id}`, headers: { token: a } })).body;
      expect((await lt.call('POST', '/api/system/license/install', { token: a, body: { file: oldFile } })).body.data.status).toBe('expired');
      const late = await lt.call('POST', '/api/auth/api/login', { form: { username: 'breeder', password: TEST_PASSWORD } });
      expect(late.body.errorCode).toBe('LICENSE_EXPIRED');
    } finally {
      await lt.close();
    }
  });

  it('without keys, licences are not enforced and files cannot be signed', async () => {
    expect((await t.call('GET', '/api/auth/api/license/info', { token: admin })).body.data).toMatchObject({ status: 'unenforced', enforced: false });
    const subject = await t.call('POST', '/api/gateway/license/subject/create', { token: admin, body: { code: 'nokey', name: 'No key' } });
    await t.call('POST', '/api/gateway/license/createOrUpdate', {
      token: admin,
      body: { subjectId: subject.body.data.id, name: 'x', activationDate: '2026-01-01', expiryDate: '2027-01-01', consumerType: 'user', consumerAmount: 5 },
    });
    expect((await t.call('GET', `/api/gateway/license/export/${subject.body.data.id}`, { token: admin })).body.errorCode).toBe('LICENSE_SIGNING_DISABLED');
    expect((await t.call('GET', '/api/auth/api/license/info', { token: await t.login('breeder', 'breeder new pass') })).status).toBe(403);
  });
});

describe('brands', () => {
  it('chooses the germplasm bank by entry path, and by host once configured', async () => {
    expect((await t.call('GET', '/api/auth/api/login/init')).body.data.brand).toMatchObject({ brandKey: 'breedwise' });
    const gb = (await t.call('GET', '/api/auth/api/login/init', { query: { path: '/germbank' } })).body.data.brand;
    expect(gb).toMatchObject({ brandKey: 'germbank', primaryColor: '#2e7d32', dashboardType: 'germbank', nameI18n: { en: 'National Crop Germplasm Bank' } });
    const brands = (await t.call('GET', '/api/system/brand/list', { token: admin })).body.data;
    const row = brands.find((b: { brandKey: string }) => b.brandKey === 'germbank');
    await t.call('PUT', '/api/system/brand/update', { token: admin, body: { ...row, hosts: ['germbank.example.org'], pathPrefix: null } });
    const byHost = await t.call('GET', '/api/auth/api/login/init', { headers: { host: 'germbank.example.org' } });
    expect(byHost.body.data.brand.brandKey).toBe('germbank');
    const token = await t.login('breeder', 'breeder new pass');
    const info = await t.call('GET', '/api/auth/api/login/info', { token, headers: { host: 'germbank.example.org' } });
    expect(info.body.data.userInfo.dashboardType).toBe('germbank');
  });
});
