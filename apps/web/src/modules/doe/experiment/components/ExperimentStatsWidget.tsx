import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExperimentStatus } from '@breedwise/contracts/doe';
import { api } from '../../api';

const statistics = api.doe.experiment.statistics;
const statisticsQuery = { queryKey: statistics.key, queryFn: () => statistics(undefined, { errorMode: 'silent' }) };

/** Starts the widget's query with the dashboard's, as login/info arrives (module manifest). */
export async function prefetch(client: QueryClient): Promise<void> {
  await client.prefetchQuery(statisticsQuery);
}

function Bars({ items, testId }: { items: { label: string; count: number }[]; testId: string }) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <div className="bw-doe-bars" data-testid={testId} style={{ display: 'flex', alignItems: 'flex-end', gap: 6, height: 120 }}>
      {items.map((i) => (
        <div key={i.label} style={{ flex: 1, textAlign: 'center', minWidth: 0 }} title={`${i.label}: ${i.count}`}>
          <Typography.Text style={{ fontSize: 12 }}>{i.count}</Typography.Text>
          <div style={{ height: Math.max(2, (i.count / max) * 80), background: '#1677ff', borderRadius: 3, opacity: 0.85 }} />
          <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
            {i.label}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** Dashboard: experiments of the current crop over the recent five seasons, five years and twelve months. */
export default function ExperimentStatsWidget() {
  const { t } = useTranslation();
  const { data, isError } = useQuery(statisticsQuery);
  return (
    <Card title={t('doe.dashboard.title')} variant="borderless" data-testid="doe-widget">
      {isError || !data ? (
        <Empty />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={6}>
            <Row gutter={8}>
              {(['temporary', 'designed', 'finished', 'harvested'] as ExperimentStatus[]).map((s) => (
                <Col span={12} key={s}>
                  <Statistic title={t(`doe.experiment.status.${s}`)} value={data.byStatus[s]} />
                </Col>
              ))}
            </Row>
          </Col>
          <Col xs={24} md={8} lg={6}>
            <Typography.Text strong>{t('doe.dashboard.seasons')}</Typography.Text>
            <Bars
              testId="doe-seasons"
              items={data.seasons.map((s) => ({ label: `${String(s.year).slice(2)} ${t(`doe.dashboard.season.${s.season}`)}`, count: s.count }))}
            />
          </Col>
          <Col xs={24} md={8} lg={5}>
            <Typography.Text strong>{t('doe.dashboard.years')}</Typography.Text>
            <Bars testId="doe-years" items={data.years.map((y) => ({ label: String(y.year), count: y.count }))} />
          </Col>
          <Col xs={24} md={8} lg={7}>
            <Typography.Text strong>{t('doe.dashboard.months')}</Typography.Text>
            <Bars testId="doe-months" items={data.months.map((m) => ({ label: m.month.slice(5), count: m.count }))} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
