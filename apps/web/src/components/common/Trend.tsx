import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function trendState(value: number, reverse: boolean): { direction: 'up' | 'down' | 'flat'; good: boolean | null } {
  if (value === 0) return { direction: 'flat', good: null };
  const up = value > 0;
  return { direction: up ? 'up' : 'down', good: reverse ? !up : up };
}

/** A change with its direction: positive, negative or zero; `reverse` when going down is good (e.g. disease score). */
export function Trend({ value, reverse = false, suffix = '' }: { value: number; reverse?: boolean; suffix?: string }) {
  const { t } = useTranslation();
  const { direction, good } = trendState(value, reverse);
  const color = good === null ? 'rgba(0,0,0,.45)' : good ? '#52c41a' : '#f5222d';
  const Icon = direction === 'up' ? ArrowUpOutlined : direction === 'down' ? ArrowDownOutlined : MinusOutlined;
  return (
    <span style={{ color }} aria-label={t(`trend.${direction}`)} data-trend={direction}>
      <Icon /> {Math.abs(value)}
      {suffix}
    </span>
  );
}
