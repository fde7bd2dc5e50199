import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, type TestApp } from '../test/harness';
import { sysOrg } from '../modules/system';
import { endpointsOf } from '@breedwise/contracts';
import { moduleApis } from '@breedwise/contracts/apis';

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

const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

const concrete = (url: string) => url.replace(':subjectId', '1').replace(':id', '1').replace(':locale', 'en');

/**
 * The access rule of every route comes from its contract definition (packages/contracts): method, path,
 * auth mode, permission, scope. The server refuses to register an /api route without one (auth hook).
 */
const defined = Object.fromEntries(
  endpointsOf(moduleApis).map((e) => [`${e.method} ${e.url}`, { auth: e.auth, permission: e.permission, scope: e.scope, id: e.id }]),
);
const routeAccess: Record<string, { auth: 'none' | 'optional' | 'required'; permission?: string; scope?: 'platform' }> = defined;

describe('route access matrix', () => {
  it('registers every defined endpoint once, from its definition', () => {
    const live = apiRoutes().filter((r) => r.endpointId);
    expect(live.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(defined).sort());
    for (const r of live) expect(r.endpointId).toBe(defined[`${r.method} ${r.url}`].id);
  });

  it('has a definition for every route, and a route for every definition', () => {
    const live = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(live).toEqual(Object.keys(routeAccess).sort());
    expect(apiRoutes().filter((r) => !r.endpointId)).toEqual([]);
  });

  it('refuses to register an /api route without a definition', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: t.config, database: t.database, logger: false, startJobs: false });
    expect(() => app.get('/api/undefined-route', async () => 'x')).toThrow(/no contract definition/);
    await app.close();
  });

  it('registers every route with its rule', () => {
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
