import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Envelope, MAP_ENGINE_COOKIE, MapDictData, MapEngine, MapServiceNode, PREFERENCE_COOKIE_SECONDS, SetMapEngineBody, type Locale,
} from '@breedwise/contracts';
import { ok } from '../../../platform/reply';
import { refusal } from '../shared';

const labels: Record<MapEngine, Record<Locale, string>> = {
  offline: { 'zh-CN': '离线底图（内置世界轮廓）', en: 'Offline base map (built-in world outline)' },
  osm: { 'zh-CN': 'OpenStreetMap', en: 'OpenStreetMap' },
  amap: { 'zh-CN': '高德地图', en: 'Amap (Gaode)' },
  tianditu: { 'zh-CN': '天地图', en: 'Tianditu' },
  custom: { 'zh-CN': '本单位瓦片服务', en: 'In-house tile service' },
};

/**
 * The tile services users may choose. Offline always works (a world outline shipped with the web app);
 * Tianditu needs BW_TIANDITU_KEY, an in-house XYZ service BW_MAP_TILE_URL (`{z}/{x}/{y}` template).
 */
export function serviceNodes(locale: Locale, env: NodeJS.ProcessEnv = process.env): MapServiceNode[] {
  const node = (engine: MapEngine, urls: string[], attribution: string | null, maxZoom: number, gcj02 = false): MapServiceNode => ({
    engine, label: labels[engine][locale], urls, attribution, maxZoom, projection: 'EPSG:3857', gcj02,
  });
  const nodes = [
    node('offline', [], null, 12),
    node('osm', ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], '© OpenStreetMap contributors', 19),
    node('amap', [1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`), '© 高德地图 AutoNavi', 18, true),
  ];
  if (env.BW_TIANDITU_KEY) {
    nodes.push(node('tianditu', [0, 1, 2, 3].map((n) => `https://t${n}.tianditu.gov.cn/DataServer?T=vec_w&x={x}&y={y}&l={z}&tk=${env.BW_TIANDITU_KEY}`), '© 天地图', 18));
  }
  if (env.BW_MAP_TILE_URL) nodes.push(node('custom', [env.BW_MAP_TILE_URL], null, 19));
  return nodes;
}

function currentEngine(req: FastifyRequest, nodes: MapServiceNode[]): MapEngine {
  const chosen = MapEngine.safeParse(req.cookies[MAP_ENGINE_COOKIE]);
  return chosen.success && nodes.some((n) => n.engine === chosen.data) ? chosen.data : 'offline';
}

/** Map engine choice (spec section 7, under /auth): the services, the choice dictionary, and the 7-day cookie. */
export async function mapEngineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth: map engine'];

  r.post('/api/getServiceNodes', {
    schema: { tags, summary: 'Tile services the user may choose (offline always among them)', response: { 200: Envelope(z.array(MapServiceNode)) } },
  }, async (req) => ok(req, serviceNodes(req.locale)));

  r.post('/api/getDictData', {
    schema: { tags, summary: 'The map engine dictionary and the caller’s current choice (from the cookie)', response: { 200: Envelope(MapDictData) } },
  }, async (req) => {
    const nodes = serviceNodes(req.locale);
    return ok(req, { current: currentEngine(req, nodes), engines: nodes.map((n) => ({ dictValue: n.engine, dictLabel: n.label })) });
  });

  r.post('/api/setMapEngine', {
    schema: { tags, summary: 'Chooses the map engine; remembered in a cookie for 7 days', body: SetMapEngineBody, response: { 200: Envelope(z.object({ engine: MapEngine })) } },
  }, async (req, reply) => {
    if (!serviceNodes(req.locale).some((n) => n.engine === req.body.engine)) throw refusal(400, 'DOE_MAP_ENGINE_UNAVAILABLE', { engine: req.body.engine }, req.locale, 'engine');
    reply.setCookie(MAP_ENGINE_COOKIE, req.body.engine, { path: '/', maxAge: PREFERENCE_COOKIE_SECONDS, sameSite: 'lax', httpOnly: false });
    return ok(req, { engine: req.body.engine });
  });
}
