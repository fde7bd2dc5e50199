import { useMemo, useState } from 'react';
import { Card, Col, Row, Select, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../../../../lib/login-info';
import { api } from '../../api';
import { Chart } from '../../components/Chart';

const stats = api.germ.statistics;

/** Statistics of the germplasm bank (spec section 7): types of a crop, five years, twelve months, crops, inventory. */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const { data: info } = useLoginInfo();
  const crops = info?.crops ?? [];
  const [crop, setCrop] = useState<number | undefined>(info?.cropInfo?.cropId);
  const cropId = crop ?? info?.cropInfo?.cropId ?? crops[0]?.cropId;
  const types = useQuery({ queryKey: [...stats.cropType.key, cropId], queryFn: () => stats.cropType({ crop: cropId! }), enabled: !!cropId });
  const five = useQuery({ queryKey: stats.fiveYear.key, queryFn: () => stats.fiveYear() });
  const recent = useQuery({ queryKey: stats.recentYear.key, queryFn: () => stats.recentYear() });
  const perCrop = useQuery({ queryKey: stats.crops.key, queryFn: () => stats.crops() });
  const inv = useQuery({ queryKey: stats.inventory.key, queryFn: () => stats.inventory() });
  const en = i18n.language === 'en';

  const typeOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          minShowLabelAngle: 6,
          label: { formatter: '{b}: {c}' },
          data: (types.data ?? []).map((r) => ({ name: t(`germ.types.${r.type}`), value: r.count })),
        },
      ],
    }),
    [types.data, t],
  );
  const fiveOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: (five.data ?? []).map((r) => String(r.year)) },
      yAxis: { type: 'value' },
      series: (['accessions', 'lots', 'inbound', 'outbound'] as const).map((k) => ({
        type: 'bar',
        name: t(`germ.stats.series.${k}`),
        data: (five.data ?? []).map((r) => r[k]),
      })),
    }),
    [five.data, t],
  );
  const recentOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: (recent.data ?? []).map((r) => r.month) },
      yAxis: { type: 'value' },
      series: (['deposits', 'withdrawals', 'discards', 'adjustments'] as const).map((k) => ({
        type: 'line',
        smooth: true,
        name: t(`germ.stats.series.${k}`),
        data: (recent.data ?? []).map((r) => r[k]),
      })),
    }),
    [recent.data, t],
  );
  const cropOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: (perCrop.data ?? []).map((c) => (en ? c.nameEn : c.nameZh)) },
      yAxis: { type: 'value' },
      series: (['accessions', 'lots'] as const).map((k) => ({ type: 'bar', name: t(`germ.stats.series.${k}`), data: (perCrop.data ?? []).map((c) => c[k]) })),
    }),
    [perCrop.data, t, en],
  );
  const warehouseOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 24, bottom: 32 },
      xAxis: { type: 'category', data: (inv.data?.byWarehouse ?? []).map((w) => w.name) },
      yAxis: { type: 'value' },
      series: [{ type: 'bar', name: t('germ.stats.series.lots'), data: (inv.data?.byWarehouse ?? []).map((w) => w.lots), barMaxWidth: 48 }],
    }),
    [inv.data, t],
  );

  return (
    <div className="bw-page" data-testid="germ-statistics">
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Card variant="borderless">
            <Statistic title={t('germ.stats.lots')} value={inv.data?.lots ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless">
            <Statistic title={t('germ.stats.accessionsInStock')} value={inv.data?.accessionsInStock ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless">
            <Statistic title={t('germ.stats.emptyLots')} value={inv.data?.emptyLots ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card variant="borderless">
            <Statistic
              title={t('germ.stats.grams')}
              value={inv.data?.byUnit.find((u) => u.unit === 'g')?.quantity ?? 0}
              precision={0}
              suffix={t('germ.units.g')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card
            variant="borderless"
            title={t('germ.stats.byType')}
            extra={
              <Select
                size="small"
                style={{ width: 120 }}
                value={cropId}
                onChange={setCrop}
                options={crops.map((c) => ({ value: c.cropId, label: c.nameI18n?.[en ? 'en' : 'zh-CN'] ?? c.name }))}
              />
            }
          >
            <Chart option={typeOption} testId="chart-types" />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title={t('germ.stats.fiveYears')}>
            <Chart option={fiveOption} testId="chart-five-years" />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title={t('germ.stats.recentYear')}>
            <Chart option={recentOption} testId="chart-recent" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card variant="borderless" title={t('germ.stats.byCrop')}>
            <Chart option={cropOption} testId="chart-crops" />
          </Card>
        </Col>
        <Col xs={24}>
          <Card variant="borderless" title={t('germ.stats.byWarehouse')}>
            <Chart option={warehouseOption} height={240} testId="chart-warehouses" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
