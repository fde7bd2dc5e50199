import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LotUnit } from '@breedwise/contracts/germ';

/** "1,250 g · 300 seeds (3 lots)": quantities per unit, as units are never added together. */
export function StockText({ stock, lots }: { stock: { unit: string; quantity: number }[]; lots?: number }) {
  const { t, i18n } = useTranslation();
  if (!stock.length) return <Typography.Text type="secondary">{t('germ.lot.noStock')}</Typography.Text>;
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <span>
      {stock.map((s) => `${fmt.format(s.quantity)} ${t(`germ.units.${s.unit as LotUnit}`)}`).join(' · ')}
      {lots !== undefined && <Typography.Text type="secondary">{` (${t('germ.lot.lotsCount', { count: lots })})`}</Typography.Text>}
    </span>
  );
}

export function Qty({ value, unit }: { value: number | null; unit: string }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <>—</>;
  return <>{`${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(value)} ${t(`germ.units.${unit as LotUnit}`)}`}</>;
}
