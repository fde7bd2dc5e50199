import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, type TestApp } from '../../test/harness';
import { sysOrg } from '../../modules/system/system.tables';
import { routeAccess } from './route-access';

let t: TestApp;
let nobody: string;
let orgAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  await createUserWithMenus(t.db, org.id, 'no-rights', []);
  nobody = await t.login('no-rights');
  // An organisation's administrator holds every permission there, but is no platform administrator.
  await createOtherOrg(t.db, 'tenant', [{ username: 'tenant-admin', nickName: 'Tenant admin', role: 'admin', crops: {} }]);
  orgAdmin = await t.login('tenant-admin');
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

const concrete = (url: string) => url.replace(':subjectId', '1').replace(':id', '1').replace(':locale', 'en');

describe('route access matrix', () => {
  it('has a committed row for every route, and a route for every row', () => {
    const live = apiRoutes().map((r) => `${r.method} ${r.url}`).sort();
    expect(live).toEqual(Object.keys(routeAccess).sort());
  });

  it('registers every route with the committed rule', () => {
    for (const r of apiRoutes()) {
      expect({ route: `${r.method} ${r.url}`, auth: r.auth, permission: r.permission, scope: r.scope }).toEqual({
        route: `${r.method} ${r.url}`,
        auth: routeAccess[`${r.method} ${r.url}`].auth,
        permission: routeAccess[`${r.method} ${r.url}`].permission,
        scope: routeAccess[`${r.method} ${r.url}`].scope,
      });
    }
  });

  for (const [route, rule] of Object.entries(routeAccess)) {
    const [method, url] = route.split(' ');
    if (rule.auth === 'required') {
      it(`${route}: 401 without a session`, async () => {
        const res = await t.call(method, concrete(url), method === 'GET' || method === 'DELETE' ? {} : { body: {} });
        expect(res.status).toBe(401);
        // HEAD answers carry no body.
        if (method !== 'HEAD') expect(res.body).toMatchObject({ code: 401, errorCode: 'UNAUTHORIZED' });
      });
    }
    if (rule.permission) {
      it(`${route}: 403 without ${rule.permission}`, async () => {
        const res = await t.call(method, concrete(url), { token: nobody, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 403, errorCode: 'FORBIDDEN' });
        expect(res.body.msg).toContain(rule.permission);
      });
      if (rule.scope === 'platform') {
        it(`${route}: 403 for an organisation's administrator who is no platform administrator`, async () => {
          const res = await t.call(method, concrete(url), { token: orgAdmin, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({ code: 403, errorCode: 'PLATFORM_ADMIN_REQUIRED' });
        });
      }
    } else if (rule.auth === 'required') {
      it(`${route}: open to every signed-in user (no permission check)`, async () => {
        const res = await t.call(method, concrete(url), { token: nobody, query: url.includes('dic/list') ? { dictType: 'sys_yes_no' } : undefined });
        expect(res.status).not.toBe(401);
        expect(res.body?.errorCode).not.toBe('FORBIDDEN');
      });
    }
  }
});
