import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAP_ENGINE_COOKIE, PREFERENCE_COOKIE_SECONDS, type Locale } from '@breedwise/contracts';
import { MapEngine, authApi, mapEngineLabels, type MapServiceNode } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';

/**
 * The tile services users may choose. Offline always works (a world outline shipped with the web app);
 * Tianditu needs BW_TIANDITU_KEY, an in-house XYZ service BW_MAP_TILE_URL (`{z}/{x}/{y}` template).
 */
export function serviceNodes(locale: Locale, env: NodeJS.ProcessEnv = process.env): MapServiceNode[] {
  const node = (engine: MapEngine, urls: string[], attribution: string | null, maxZoom: number, gcj02 = false): MapServiceNode => ({
    engine,
    label: mapEngineLabels[engine][locale],
    urls,
    attribution,
    maxZoom,
    projection: 'EPSG:3857',
    gcj02,
  });
  const nodes = [
    node('offline', [], null, 12),
    node('osm', ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], '© OpenStreetMap contributors', 19),
    node(
      'amap',
      [1, 2, 3, 4].map((n) => `https://webrd0${n}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`),
      '© 高德地图 AutoNavi',
      18,
      true,
    ),
  ];
  if (env.BW_TIANDITU_KEY) {
    nodes.push(
      node(
        'tianditu',
        [0, 1, 2, 3].map((n) => `https://t${n}.tianditu.gov.cn/DataServer?T=vec_w&x={x}&y={y}&l={z}&tk=${env.BW_TIANDITU_KEY}`),
        '© 天地图',
        18,
      ),
    );
  }
  if (env.BW_MAP_TILE_URL) nodes.push(node('custom', [env.BW_MAP_TILE_URL], null, 19));
  return nodes;
}

function currentEngine(req: FastifyRequest, nodes: MapServiceNode[]): MapEngine {
  const chosen = MapEngine.safeParse(req.cookies[MAP_ENGINE_COOKIE]);
  return chosen.success && nodes.some((n) => n.engine === chosen.data) ? chosen.data : 'offline';
}

/**
 * Map engine choice (spec sections 1 and 7: the user picks a crop and a map provider; the header offers
 * both): handlers of the definitions in `@breedwise/contracts/auth` (map).
 */
export function mapRoutes(app: FastifyInstance) {
  registerEndpoints(app, authApi.resources.map, {
    serviceNodes: (req) => serviceNodes(req.locale),
    dictData: (req) => {
      const nodes = serviceNodes(req.locale);
      return { current: currentEngine(req, nodes), engines: nodes.map((n) => ({ dictValue: n.engine, dictLabel: n.label })) };
    },
    setEngine: (req, reply) => {
      if (!serviceNodes(req.locale).some((n) => n.engine === req.body.engine)) {
        const params = { engine: req.body.engine };
        const message = translateError('AUTH_MAP_ENGINE_UNAVAILABLE', req.locale, params);
        throw new AppError(400, 'AUTH_MAP_ENGINE_UNAVAILABLE', params, {
          errors: [{ field: 'engine', rule: 'invalid', message, errorCode: 'AUTH_MAP_ENGINE_UNAVAILABLE' }],
        });
      }
      reply.setCookie(MAP_ENGINE_COOKIE, req.body.engine, { path: '/', maxAge: PREFERENCE_COOKIE_SECONDS, sameSite: 'lax', httpOnly: false });
      return { engine: req.body.engine };
    },
  });
}
