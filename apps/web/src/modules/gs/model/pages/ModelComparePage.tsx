import { useMemo } from 'react';
import { Card, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompareData } from '@breedwise/contracts/gs';
import type { EChartsCoreOption } from 'echarts/core';
import { usePage } from '../../../../lib/page-context';
import { api } from '../../api';
import { Chart } from '../../components/Chart';
import { DetailState } from '../../components/DetailState';

type Metric = 'r' | 'rmse';

function foldOption(d: CompareData, metric: Metric, t: (k: string) => string): EChartsCoreOption {
  const folds = [...new Set(d.models.flatMap((m) => m.folds.map((f) => f.fold)))].sort((a, b) => a - b);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: [...folds.map((f) => `${t('gs.model.fold')} ${f}`), t('gs.model.mean')] },
    yAxis: { type: 'value', name: metric === 'r' ? 'r' : 'RMSE', scale: true },
    series: d.models.map((m) => ({
      type: 'bar',
      name: `${m.name} (${t(`gs.algorithm.${m.algorithm}`)})`,
      data: [...folds.map((f) => m.folds.find((x) => x.fold === f)?.[metric] ?? null), metric === 'r' ? m.accuracy : m.rmse],
    })),
  };
}

/** /gs/model/components/comparison?ids=: r and RMSE of several models side by side, fold by fold (comparative-analysis). */
export default function ModelComparePage() {
  const { t } = useTranslation();
  const ids = (usePage().search.get('ids') ?? '').split(',').map(Number).filter(Boolean);
  const { data, isError } = useQuery({ queryKey: [...api.gs.model.$key, 'compare', ids], queryFn: () => api.gs.model.compare({ ids }) });
  const rOption = useMemo(() => data && foldOption(data, 'r', t), [data, t]);
  const rmseOption = useMemo(() => data && foldOption(data, 'rmse', t), [data, t]);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page" data-testid="model-compare-page">
      <Card variant="borderless" title={t('gs.model.comparison')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.models}
          data-testid="compare-table"
          scroll={{ x: 720 }}
          columns={[
            { title: t('gs.model.name'), dataIndex: 'name', key: 'name' },
            { title: t('gs.model.algorithm'), dataIndex: 'algorithm', key: 'algorithm', render: (v: string) => t(`gs.algorithm.${v}`) },
            { title: t('gs.model.dataset'), dataIndex: 'datasetName', key: 'datasetName' },
            { title: t('gs.model.trait'), dataIndex: 'traitCode', key: 'traitCode' },
            { title: t('gs.model.accuracy'), dataIndex: 'accuracy', key: 'accuracy', align: 'right', render: (v: number) => v.toFixed(4) },
            { title: 'MSE', dataIndex: 'mse', key: 'mse', align: 'right', render: (v: number) => v.toFixed(4) },
            { title: 'RMSE', dataIndex: 'rmse', key: 'rmse', align: 'right', render: (v: number) => v.toFixed(4) },
            { title: 'h²', dataIndex: 'h2', key: 'h2', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(4)) },
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('gs.model.foldR')} style={{ marginTop: 12 }}>
        {rOption && <Chart option={rOption} height={300} testId="compare-r" />}
      </Card>
      <Card variant="borderless" title={t('gs.model.foldRmse')} style={{ marginTop: 12 }}>
        {rmseOption && <Chart option={rmseOption} height={300} testId="compare-rmse" />}
      </Card>
    </div>
  );
}
