import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, TEST_PASSWORD, type TestApp } from '../test/harness';
import { sysCrop, sysDept, sysGenomeBuild, sysNotice, sysOrg, sysRole, sysUser, sysUserCrop } from '../modules/system';
import { sysMessage } from '../modules/message/message/message.tables';
import { sysSession } from '../modules/system';
import { sysScanIdentity } from '../modules/auth';
import { doeLocation } from '../modules/doe/location/location.tables';
import { sysFeedback } from '../modules/feedback/feedback/feedback.tables';
import { routeMatrix, type Caller, type ObjectKind } from './route-matrix';

let t: TestApp;
const tokens: Partial<Record<Caller, string>> = {};
let orgId: number;
let maizeId: number;
let wheatId: number;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  orgId = org.id;
  [{ id: maizeId }] = await t.db
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(eq(sysCrop.orgId, orgId), eq(sysCrop.code, 'maize')));
  [{ id: wheatId }] = await t.db
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(eq(sysCrop.orgId, orgId), eq(sysCrop.code, 'wheat')));
  [{ id: ownerId }] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  const viewer = await createUserWithMenus(t.db, orgId, 'crop-viewer', ['system', 'system.crop', 'system.crop.edit']);
  await t.db.insert(sysUserCrop).values({ userId: viewer, cropId: wheatId, access: 'view' });
  await createOtherOrg(t.db, 'foreign', [{ username: 'foreign-admin', nickName: 'F', role: 'admin', crops: { maize: 'operate' } }]);
  tokens.owner = await t.login('admin');
  tokens.member = await t.login('breeder');
  tokens.viewer = await t.login('crop-viewer');
  tokens.foreign = await t.login('foreign-admin');
});
afterAll(() => t.close());

/** A fresh object of the demo organisation (personal ones belong to its administrator). */
async function make(kind: ObjectKind): Promise<Record<string, unknown>> {
  const n = Math.random().toString(36).slice(2, 8);
  switch (kind) {
    case 'location': {
      const [r] = await t.db
        .insert(doeLocation)
        .values({ orgId, name: `M ${n}`, code: `M-${n}` })
        .returning();
      return { id: r.id, name: r.name, code: r.code, ids: [r.id], status: 'disabled' };
    }
    case 'user': {
      const [r] = await t.db
        .insert(sysUser)
        .values({ username: `m-${n}`, nickName: 'M', passwordHash: 'x', defaultOrgId: orgId, status: 'enabled' })
        .returning();
      await t.database.query('insert into sys_user_org (user_id, org_id) values ($1, $2)', [r.id, orgId]);
      return { id: r.id, nickName: 'M', roleIds: [], crops: [], ids: [r.id], status: 'disabled', password: 'matrix pass 2026', approve: true };
    }
    case 'role': {
      const [r] = await t.db
        .insert(sysRole)
        .values({ orgId, roleKey: `r_${n}`, roleName: 'R' })
        .returning();
      return { id: r.id, roleId: r.id, roleKey: r.roleKey, roleName: 'R2', menuIds: [] };
    }
    case 'dept': {
      const [r] = await t.db
        .insert(sysDept)
        .values({ orgId, name: `D ${n}` })
        .returning();
      return { id: r.id, name: 'D2', parentId: null };
    }
    case 'crop':
      return { id: maizeId, nameZh: '玉米', nameEn: 'Maize' };
    case 'org':
      return { id: orgId };
    case 'build': {
      const [r] = await t.db
        .insert(sysGenomeBuild)
        .values({ orgId, cropId: wheatId, code: `B${n}`, name: 'B' })
        .returning();
      // The owner needs operate access to the crop (the demo administrator has it).
      return { id: r.id, cropId: wheatId, code: `C${n}`, name: 'B2' };
    }
    case 'notice': {
      const [r] = await t.db.insert(sysNotice).values({ orgId, title: 'N', content: 'c' }).returning();
      return { id: r.id, title: 'N2', content: 'c2' };
    }
    case 'message': {
      const [r] = await t.db
        .insert(sysMessage)
        .values({ userId: ownerId, orgId, type: 'system', title: { 'zh-CN': 'x', en: 'x' }, content: { 'zh-CN': 'x', en: 'x' } })
        .returning();
      return { id: r.id };
    }
    case 'session': {
      // A second session of the owner (not the one the test calls with).
      await t.login('admin', TEST_PASSWORD);
      const [r] = await t.db.select({ id: sysSession.id }).from(sysSession).where(eq(sysSession.userId, ownerId)).orderBy(desc(sysSession.createdAt)).limit(1);
      return { id: r.id };
    }
    case 'feedback': {
      const [r] = await t.db
        .insert(sysFeedback)
        .values({ orgId, type: 'bug', title: `F ${n}`, description: 'd', link: '/', contact: 'c', createdBy: ownerId })
        .returning();
      return { id: r.id, title: r.title };
    }
    case 'scanIdentity': {
      const [r] = await t.db
        .insert(sysScanIdentity)
        .values({ userId: ownerId, deviceName: 'd', keyHash: `k${n}` })
        .returning();
      return { id: r.id };
    }
  }
}

const ORDER: Caller[] = ['anonymous', 'member', 'viewer', 'foreign', 'owner'];

describe('authorisation matrix: callers x objects', () => {
  it('has a row for every route that names an object by id (and a route for every row)', () => {
    const live = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(routeMatrix)) expect(live.has(key), key).toBe(true);
    const objectRoutes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.auth === 'required' && r.scope !== 'platform')
      .filter((r) => /\/:id$/.test(r.url) && (r.url.startsWith('/api/system') || r.url.startsWith('/api/auth') || r.url.startsWith('/api/doe/api/location')))
      // Storage space is the upload service's (issue 4); its own tests cover it.
      .filter((r) => !r.url.includes('/storage-space/'))
      .map((r) => `${r.method} ${r.url}`);
    expect(objectRoutes.filter((k) => !routeMatrix[k])).toEqual([]);
  });

  for (const [route, row] of Object.entries(routeMatrix)) {
    it(`${route}`, async () => {
      const [method, url] = route.split(' ');
      const outcome: Partial<Record<Caller, number>> = {};
      // Personal objects of the owner: the session case needs its own session to end.
      const obj = await make(row.object);
      for (const caller of ORDER) {
        if (row.expect[caller] === undefined) continue;
        const concrete = url.replace(':id', String(obj.id));
        const opts = caller === 'anonymous' ? {} : { token: tokens[caller] };
        const res =
          method === 'GET'
            ? await t.call(method, concrete, { ...opts, query: url.endsWith('/builds') ? { cropId: String(obj.cropId) } : undefined })
            : await t.call(method, concrete, { ...opts, ...(method === 'DELETE' || url.includes('/:id') ? {} : { body: obj }) });
        outcome[caller] = res.status;
        // A refused caller learns nothing of the object.
        if (caller !== 'owner' && res.status >= 400) expect(res.text).not.toContain(String(obj.name ?? obj.title ?? '\u0000'));
      }
      expect(outcome).toEqual(row.expect);
    });
  }

  it("list totals are the caller's own organisation's", async () => {
    for (const url of ['/api/system/user/list', '/api/system/role/list', '/api/system/notice/list', '/api/doe/api/location/page']) {
      const res = await t.call('GET', url, { token: tokens.foreign });
      const rows = res.body.rows as { id: number }[];
      expect(res.body.total, url).toBe(rows.length);
    }
    const users = await t.call('GET', '/api/system/user/list', { token: tokens.foreign });
    expect(users.body.rows.map((u: { username: string }) => u.username)).toEqual(['foreign-admin']);
  });
});
