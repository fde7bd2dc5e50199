import { useEffect, useRef, useState } from 'react';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import TileLayer from 'ol/layer/Tile';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import GeoJSON from 'ol/format/GeoJSON';
import { fromLonLat } from 'ol/proj';
import { boundingExtent } from 'ol/extent';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import 'ol/ol.css';
import type { LocationRow } from '@breedwise/contracts/doe';
import { useMapEngine } from '../../../../../lib/map-engine';
import world from './world-countries-110m.json';

export interface LocationMapProps {
  locations: LocationRow[];
  height?: number;
  onSelect?(location: LocationRow): void;
}

const landStyle = new Style({ fill: new Fill({ color: '#f5f5f0' }), stroke: new Stroke({ color: '#b8b8b0', width: 0.8 }) });

function pointStyle(name: string, active: boolean) {
  return new Style({
    image: new Circle({ radius: active ? 9 : 7, fill: new Fill({ color: active ? '#f5222d' : '#1677ff' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({
      text: name,
      offsetY: -16,
      font: '12px sans-serif',
      fill: new Fill({ color: '#262626' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

/**
 * Locations on an OpenLayers map. The built-in world outline is always the bottom layer, so the map
 * never renders blank; the provider chosen in the header (kept 7 days in a cookie) draws above it when it answers.
 */
export function LocationMap({ locations, height = 520, onSelect }: LocationMapProps) {
  const { t } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const points = useRef(new VectorSource());
  const tiles = useRef(new TileLayer({ visible: false }));
  const [tileFailed, setTileFailed] = useState(false);
  const { node, engines } = useMapEngine();

  useEffect(() => {
    if (!target.current) return;
    const land = new VectorLayer({
      source: new VectorSource({ features: new GeoJSON().readFeatures(world, { featureProjection: 'EPSG:3857' }) }),
      style: landStyle,
    });
    const pts = new VectorLayer({ source: points.current, zIndex: 10 });
    const m = new OlMap({
      target: target.current,
      layers: [land, tiles.current, pts],
      view: new View({ center: fromLonLat([110, 33]), zoom: 3.6, maxZoom: 18 }),
    });
    m.on('singleclick', (e) => {
      const f = m.forEachFeatureAtPixel(e.pixel, (x) => x);
      const loc = f?.get('location') as LocationRow | undefined;
      points.current.getFeatures().forEach((p) => p.setStyle(pointStyle(p.get('location').name, p === f)));
      if (loc) onSelect?.(loc);
    });
    map.current = m;
    return () => m.setTarget(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const withCoords = locations.filter((l) => l.longitude !== null && l.latitude !== null);
    points.current.clear();
    points.current.addFeatures(
      withCoords.map((l) => {
        const f = new Feature({ geometry: new Point(fromLonLat([l.longitude!, l.latitude!])), location: l });
        f.setStyle(pointStyle(l.name, false));
        return f;
      }),
    );
    if (withCoords.length && map.current) {
      const extent = boundingExtent(withCoords.map((l) => fromLonLat([l.longitude!, l.latitude!])));
      map.current.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 8, duration: 0 });
    }
  }, [locations]);

  useEffect(() => {
    setTileFailed(false);
    if (!node || !node.urls.length) {
      tiles.current.setVisible(false);
      return;
    }
    const source = new XYZ({ urls: node.urls, maxZoom: node.maxZoom, attributions: node.attribution ?? undefined, crossOrigin: 'anonymous' });
    let failures = 0;
    source.on('tileloaderror', () => {
      failures += 1;
      // No tile service reachable: keep the offline base map.
      if (failures >= 3) {
        tiles.current.setVisible(false);
        setTileFailed(true);
      }
    });
    tiles.current.setSource(source);
    tiles.current.setVisible(true);
  }, [node]);

  const missing = locations.filter((l) => l.longitude === null || l.latitude === null).length;
  return (
    <div data-testid="location-map">
      <Space wrap style={{ marginBottom: 8 }}>
        {node && (
          <Typography.Text type="secondary" data-testid="map-engine-current">
            {t('doe.mapEngine.current', { engine: engines.find((e) => e.dictValue === node.engine)?.dictLabel ?? node.label })}
          </Typography.Text>
        )}
        {missing > 0 && <Typography.Text type="secondary">{t('doe.mapEngine.noCoordinates', { n: missing })}</Typography.Text>}
      </Space>
      {tileFailed && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('doe.mapEngine.offlineFallback')} />}
      <div ref={target} style={{ height, border: '1px solid #f0f0f0', borderRadius: 6, background: '#dcebf7' }} data-testid="location-map-canvas" />
    </div>
  );
}
