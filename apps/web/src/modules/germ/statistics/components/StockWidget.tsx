import { useMemo } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { Chart } from '../../components/Chart';

const stats = api.germ.statistics;
const inventoryQuery = { queryKey: stats.inventory.key, queryFn: () => stats.inventory() };
const recentYearQuery = { queryKey: stats.recentYear.key, queryFn: () => stats.recentYear() };

/** Starts the widget's queries with the dashboard's, as login/info arrives (module manifest). */
export async function prefetch(client: QueryClient): Promise<void> {
  await Promise.all([client.prefetchQuery(inventoryQuery), client.prefetchQuery(recentYearQuery)]);
}

/** Dashboard card of the germplasm bank: stock figures and the ledger's last twelve months. */
export default function StockWidget() {
  const { t } = useTranslation();
  const inv = useQuery(inventoryQuery);
  const recent = useQuery(recentYearQuery);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 36, right: 12, top: 16, bottom: 44 },
      xAxis: { type: 'category', data: (recent.data ?? []).map((r) => r.month.slice(2)) },
      yAxis: { type: 'value' },
      series: (['deposits', 'withdrawals'] as const).map((k) => ({
        type: 'bar',
        name: t(`germ.stats.series.${k}`),
        data: (recent.data ?? []).map((r) => r[k]),
      })),
    }),
    [recent.data, t],
  );
  return (
    <Card variant="borderless" title={t('germ.stats.widgetTitle')} data-testid="germ-widget">
      <Row gutter={12}>
        <Col span={8}>
          <Statistic title={t('germ.stats.lots')} value={inv.data?.lots ?? 0} />
        </Col>
        <Col span={8}>
          <Statistic title={t('germ.stats.accessionsInStock')} value={inv.data?.accessionsInStock ?? 0} />
        </Col>
        <Col span={8}>
          <Statistic title={t('germ.stats.emptyLots')} value={inv.data?.emptyLots ?? 0} />
        </Col>
      </Row>
      <Chart option={option} height={220} testId="chart-widget" />
    </Card>
  );
}
