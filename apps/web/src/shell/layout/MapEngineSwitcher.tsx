import { App, Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MapEngine } from '@breedwise/contracts/auth';
import { useMapEngine } from '../../lib/map-engine';

/** The header's map provider choice, beside the crop (spec section 1); every map draws with it. */
export function MapEngineSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engine, engines, choose } = useMapEngine();
  if (!engine) return null;
  return (
    <Select<MapEngine>
      className="bw-map-engine-switcher"
      data-testid="map-engine"
      aria-label={t('layout.mapEngine')}
      title={t('layout.mapEngine')}
      prefix={compact ? undefined : <GlobalOutlined />}
      labelRender={compact ? () => <GlobalOutlined /> : undefined}
      variant="borderless"
      popupMatchSelectWidth={false}
      value={engine}
      onChange={async (value) => {
        await choose(value);
        void message.success(t('layout.mapEngineSwitched', { engine: engines.find((e) => e.dictValue === value)?.dictLabel ?? value }));
      }}
      options={engines.map((e) => ({ value: e.dictValue, label: e.dictLabel }))}
    />
  );
}
