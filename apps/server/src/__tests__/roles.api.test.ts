import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { builtinRolePermissions, GRANTED_ROLE_KEYS } from '@breedwise/contracts';
import { createOtherOrg, createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness';
import { prepareDatabase } from '../prepare';
import { sysCrop, sysOrg, sysRole, sysRoleMenu } from '../modules/system';

/** Built-in roles (issue 14 item 18) and the first-login password change. */
let t: TestApp, admin: string, roleIds: Record<string, number>, maizeId: number;
const NEW_PASSWORD = 'seed bank autumn 2026';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  const roles = await t.db.select().from(sysRole).where(eq(sysRole.orgId, org.id));
  roleIds = Object.fromEntries(roles.map((r) => [r.roleKey, r.id]));
  [{ id: maizeId }] = await t.db
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(eq(sysCrop.orgId, org.id), eq(sysCrop.code, 'maize')));
});
afterAll(() => t.close());

/** A member the administrator creates with one role; answers a token after the first-login change. */
async function member(username: string, role: string): Promise<string> {
  const res = await t.call('POST', '/api/system/user/create', {
    token: admin,
    body: { username, nickName: username, password: TEST_PASSWORD, roleIds: [roleIds[role]], crops: [{ cropId: maizeId, access: 'operate' }] },
  });
  expect(res.status).toBe(200);
  const token = await t.login(username);
  expect((await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(200);
  return token;
}

const germ = '/api/germ/api';
const doe = '/api/doe/api';

describe('built-in roles', () => {
  it('every organisation has the six built-in roles', async () => {
    const list = await t.call('GET', '/api/system/role/list', { token: admin, query: { pageSize: 50 } });
    const keys = list.body.rows.filter((r: { builtin: boolean }) => r.builtin).map((r: { roleKey: string }) => r.roleKey);
    expect(keys).toEqual(['admin', 'user', 'clerk', 'approver', 'breeder', 'technician']);
    const rival = await createOtherOrg(t.db, 'rolesorg', [{ username: 'roles-admin', nickName: 'R', role: 'admin', crops: { maize: 'operate' } }]);
    const theirs = await t.db.select({ key: sysRole.roleKey }).from(sysRole).where(eq(sysRole.orgId, rival.orgId));
    expect(theirs.map((r) => r.key).sort()).toEqual(['admin', 'approver', 'breeder', 'clerk', 'technician', 'user']);
    // An organisation a platform administrator creates on the screen too.
    const made = await t.call('POST', '/api/system/org/create', { token: admin, body: { code: 'rolesbranch', name: 'Roles branch' } });
    expect(made.status).toBe(200);
    const branch = await t.db.select({ key: sysRole.roleKey, id: sysRole.id }).from(sysRole).where(eq(sysRole.orgId, made.body.data.id));
    expect(branch.map((r) => r.key).sort()).toEqual(['admin', 'approver', 'breeder', 'clerk', 'technician', 'user']);
    const clerkGrants = await t.db
      .select()
      .from(sysRoleMenu)
      .where(eq(sysRoleMenu.roleId, branch.find((r) => r.key === 'clerk')!.id));
    expect(clerkGrants.length).toBeGreaterThan(5);
  });

  it('each role holds exactly the permissions the modules grant it, and its menu shows those pages', async () => {
    for (const role of GRANTED_ROLE_KEYS) {
      const token = await member(`role-${role}`, role);
      const info = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
      expect(info.userInfo.roles).toEqual([role]);
      expect(info.permissions).toEqual(builtinRolePermissions(role));
      const menu = JSON.stringify(info.menu);
      expect(menu).toContain('/dashboard');
      expect(menu).not.toContain('/system/user');
    }
  });

  it('grants what each role is for, and refuses the rest', async () => {
    const tokens = Object.fromEntries(await Promise.all(GRANTED_ROLE_KEYS.map(async (r) => [r, await t.login(`role-${r}`, NEW_PASSWORD)] as const)));
    const status = async (role: string, method: string, url: string, body?: unknown) => (await t.call(method, url, { token: tokens[role], body })).status;
    // Inventory clerk: stock and documents, no registration, no approval, no trials.
    expect(await status('clerk', 'GET', `${germ}/lot/page`)).toBe(200);
    expect(await status('clerk', 'POST', `${germ}/germplasm/create`, { name: 'x', type: 'inbred' })).toBe(403);
    expect(await status('clerk', 'GET', `${doe}/experiment/page`)).toBe(403);
    // Approver: approves documents, registers nothing.
    expect(builtinRolePermissions('approver')).toContain('germ:inbound:approve');
    expect(builtinRolePermissions('clerk')).not.toContain('germ:inbound:approve');
    expect(await status('approver', 'GET', `${germ}/inbound/page`)).toBe(200);
    expect(await status('approver', 'POST', `${germ}/germplasm/create`, { name: 'x', type: 'inbred' })).toBe(403);
    // Breeder: registers germplasm (with an automatic number) and designs trials; no stock operations.
    const created = await t.call('POST', `${germ}/germplasm/create`, { token: tokens.breeder, body: { name: 'Breeder line', type: 'inbred' } });
    expect(created.status).toBe(200);
    expect(created.body.data.accessionNo).toMatch(/^ZM\d{5}$/);
    expect(await status('breeder', 'GET', `${doe}/experiment/page`)).toBe(200);
    expect(builtinRolePermissions('breeder')).not.toContain('germ:inventory:edit');
    // Field technician: activity records and field books, not designs.
    expect(await status('technician', 'GET', `${doe}/activityRecord/page`)).toBe(200);
    expect(builtinRolePermissions('technician')).toContain('doe:activity:add');
    expect(builtinRolePermissions('technician')).not.toContain('doe:experiment:design');
    expect(await status('technician', 'POST', `${germ}/germplasm/create`, { name: 'x', type: 'inbred' })).toBe(403);
    // Nobody but the administrator sets the accession series or manages users.
    for (const role of GRANTED_ROLE_KEYS) {
      expect(await status(role, 'GET', `${germ}/accessionSeries/list`)).toBe(403);
      expect(await status(role, 'GET', '/api/system/user/list')).toBe(403);
    }
  });

  it('an organisation that predates the roles receives them (with their grants) at the next start', async () => {
    const rival = await createOtherOrg(t.db, 'oldorg', [{ username: 'old-admin', nickName: 'O', role: 'admin', crops: { maize: 'operate' } }]);
    await t.db.delete(sysRole).where(and(eq(sysRole.orgId, rival.orgId), eq(sysRole.roleKey, 'approver')));
    await prepareDatabase(t.database, { seed: 'demo', demoPassword: TEST_PASSWORD, adminPassword: undefined });
    const [role] = await t.db
      .select()
      .from(sysRole)
      .where(and(eq(sysRole.orgId, rival.orgId), eq(sysRole.roleKey, 'approver')));
    expect(role).toMatchObject({ builtin: true, roleName: '审核员 Approver' });
    const grants = await t.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role.id));
    const demoGrants = await t.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleIds.approver));
    expect(grants.length).toBe(demoGrants.length);
  });
});

describe('first-login password change', () => {
  it('refuses every other call of a member an administrator created until the password is changed', async () => {
    await t.call('POST', '/api/system/user/create', {
      token: admin,
      body: { username: 'newcomer', nickName: 'N', password: TEST_PASSWORD, roleIds: [roleIds.breeder], crops: [{ cropId: maizeId, access: 'operate' }] },
    });
    const token = await t.login('newcomer');
    for (const [method, url] of [
      ['GET', '/api/auth/api/login/info'],
      ['GET', `${germ}/germplasm/page`],
      ['GET', '/api/auth/api/profile'],
    ] as const) {
      const res = await t.call(method, url, { token, headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ errorCode: 'AUTH_PASSWORD_CHANGE_REQUIRED', msg: 'An administrator set your password; change it before you go on' });
    }
    const zh = await t.call('GET', `${germ}/germplasm/page`, { token });
    expect(zh.body.msg).toBe('管理员为您设置了初始密码，请先修改密码');
    // The same password again is refused; a new one frees the session.
    const same = await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } });
    expect(same.body.errorCode).toBe('AUTH_PASSWORD_SAME_AS_OLD');
    expect((await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(
      200,
    );
    expect((await t.call('GET', `${germ}/germplasm/page`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(200);
  });

  it("an administrator's password reset asks again; logout stays possible", async () => {
    const [{ id }] = (await t.call('GET', '/api/system/user/list', { token: admin, query: { keyword: 'newcomer' } })).body.rows;
    expect((await t.call('PUT', '/api/system/user/resetPwd', { token: admin, body: { id, password: 'handed out 2026' } })).status).toBe(200);
    const token = await t.login('newcomer', 'handed out 2026');
    expect((await t.call('GET', `${germ}/germplasm/page`, { token })).body.errorCode).toBe('AUTH_PASSWORD_CHANGE_REQUIRED');
    expect((await t.call('POST', '/api/auth/api/login/logout', { token })).status).toBe(200);
    expect((await t.call('GET', `${germ}/germplasm/page`, { token })).status).toBe(401);
  });

  it('a password the user chose never asks (the demo accounts, self-registration)', async () => {
    const token = await t.login('breeder');
    expect((await t.call('GET', `${germ}/germplasm/page`, { token })).status).toBe(200);
  });
});
