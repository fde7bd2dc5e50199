import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { serviceNodes } from '../map.routes';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('breeder');
});
afterAll(() => t.close());

describe('map engine', () => {
  it('offers the offline base map always, and configured tile services', async () => {
    const res = await t.call('POST', '/api/auth/api/getServiceNodes', { token, headers: { 'accept-language': 'en' } });
    expect(res.body.data.map((n: { engine: string }) => n.engine)).toEqual(expect.arrayContaining(['offline', 'osm', 'amap']));
    expect(res.body.data.find((n: { engine: string }) => n.engine === 'offline')).toMatchObject({
      urls: [],
      label: 'Offline map',
    });
    const withKeys = serviceNodes('zh-CN', { BW_TIANDITU_KEY: 'k1', BW_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' });
    expect(withKeys.find((n) => n.engine === 'tianditu')!.urls[0]).toContain('tk=k1');
    expect(withKeys.find((n) => n.engine === 'custom')!.urls).toEqual(['https://tiles.example/{z}/{x}/{y}.png']);
  });

  it('remembers the choice in a cookie for 7 days and reads it back', async () => {
    const start = await t.call('POST', '/api/auth/api/getDictData', { token });
    expect(start.body.data.current).toBe('offline');
    const set = await t.call('POST', '/api/auth/api/setMapEngine', { token, body: { engine: 'osm' } });
    expect(String(set.headers['set-cookie'])).toMatch(/bw_map_engine=osm;.*Max-Age=604800/);
    const after = await t.call('POST', '/api/auth/api/getDictData', { token, headers: { cookie: 'bw_map_engine=osm' } });
    expect(after.body.data.current).toBe('osm');
    const stale = await t.call('POST', '/api/auth/api/getDictData', { token, headers: { cookie: 'bw_map_engine=nonsense' } });
    expect(stale.body.data.current).toBe('offline');
  });

  it('refuses an engine that is not configured, and anonymous callers', async () => {
    const res = await t.call('POST', '/api/auth/api/setMapEngine', { token, body: { engine: 'tianditu' }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'AUTH_MAP_ENGINE_UNAVAILABLE', msg: 'Map engine tianditu is not configured' });
    expect((await t.call('POST', '/api/auth/api/getServiceNodes')).status).toBe(401);
  });
});
