import { z } from 'zod';
import { resource } from '../http/endpoint';
import type { Translations } from '../errors';

/** Map engines a user may choose for map views (spec sections 1 and 4; kept in a cookie for 7 days). */
export const MAP_ENGINES = ['offline', 'osm', 'amap', 'tianditu', 'custom'] as const;
export const MapEngine = z.enum(MAP_ENGINES);
export type MapEngine = z.infer<typeof MapEngine>;

/** The map engines' names in the engine choice. */
export const mapEngineLabels: Record<MapEngine, Translations> = {
  offline: { 'zh-CN': '离线底图', en: 'Offline map' },
  osm: { 'zh-CN': 'OpenStreetMap', en: 'OpenStreetMap' },
  amap: { 'zh-CN': '高德地图', en: 'Amap (Gaode)' },
  tianditu: { 'zh-CN': '天地图', en: 'Tianditu' },
  custom: { 'zh-CN': '本单位瓦片服务', en: 'In-house tile service' },
};

/** A tile service node: an XYZ url template; `offline` has none (the built-in world outline). */
export const MapServiceNode = z.object({
  engine: MapEngine,
  label: z.string(),
  urls: z.array(z.string()),
  attribution: z.string().nullable(),
  maxZoom: z.number().int(),
  /** Projection of the tiles; every node here is Web Mercator. */
  projection: z.literal('EPSG:3857'),
  /** Gaode tiles use GCJ-02 offsets inside China. */
  gcj02: z.boolean(),
});
export type MapServiceNode = z.infer<typeof MapServiceNode>;

export const MapDictData = z.object({
  current: MapEngine,
  engines: z.array(z.object({ dictValue: MapEngine, dictLabel: z.string() })),
});
export type MapDictData = z.infer<typeof MapDictData>;

export const SetMapEngineBody = z.object({ engine: MapEngine });

/**
 * Map engine choice (spec section 7): the tile services, the choice dictionary and the 7-day cookie.
 * The spec places these under /auth, so they are mounted there, open to every signed-in user.
 */
export const map = resource(
  { tag: 'auth: map engine', base: '/api' },
  {
    serviceNodes: {
      audit: false,
      method: 'POST',
      path: '/getServiceNodes',
      summary: 'Tile services the user may choose (offline always among them)',
      data: z.array(MapServiceNode),
    },
    dictData: {
      audit: false,
      method: 'POST',
      path: '/getDictData',
      summary: 'The map engine dictionary and the caller’s current choice (from the cookie)',
      data: MapDictData,
    },
    setEngine: {
      method: 'POST',
      path: '/setMapEngine',
      summary: 'Chooses the map engine; remembered in a cookie for 7 days',
      body: SetMapEngineBody,
      data: z.object({ engine: MapEngine }),
    },
  },
);
