import { useMemo } from 'react';
import { Button, Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type ModelDetail } from '@breedwise/contracts/gs';
import type { EChartsCoreOption } from 'echarts/core';
import { TaskProgress } from '../../../../components/task';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { Chart } from '../../components/Chart';
import { DetailState } from '../../components/DetailState';
import { StateTag } from '../../components/StateTag';

const f = (v: number | null | undefined, d = 4) => (v === null || v === undefined ? '—' : v.toFixed(d));

function scatterOption(d: ModelDetail, t: (k: string) => string): EChartsCoreOption {
  const pts = d.predictions.map((p) => [p.predicted, p.observed, p.id]);
  const all = d.predictions.flatMap((p) => [p.predicted, p.observed]);
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  return {
    tooltip: {
      formatter: (p: { data: [number, number, string] }) =>
        `${p.data[2]}<br/>${t('gs.model.predicted')}: ${p.data[0].toFixed(3)}<br/>${t('gs.model.observed')}: ${p.data[1].toFixed(3)}`,
    },
    grid: { left: 56, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'value', name: t('gs.model.predicted'), nameLocation: 'middle', nameGap: 28, scale: true },
    yAxis: { type: 'value', name: t('gs.model.observed'), nameLocation: 'middle', nameGap: 40, scale: true },
    series: [
      { type: 'scatter', data: pts, symbolSize: 5, itemStyle: { color: '#1677ff', opacity: 0.6 } },
      {
        type: 'line',
        data: [
          [lo, lo],
          [hi, hi],
        ],
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#999' },
        tooltip: { show: false },
      },
    ],
  };
}

function effectsOption(d: ModelDetail, t: (k: string) => string): EChartsCoreOption {
  const effects = d.markerEffects ?? [];
  const chrs = [...new Set(effects.map((e) => e.chr))];
  const palette = ['#1677ff', '#fa8c16'];
  return {
    tooltip: { formatter: (p: { data: [number, number, string] }) => `${p.data[2]}: ${p.data[1].toFixed(5)}` },
    grid: { left: 64, right: 24, top: 24, bottom: 64 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'value', name: t('gs.model.genome'), nameLocation: 'middle', nameGap: 28, min: 0, max: effects.length },
    yAxis: { type: 'value', name: t('gs.model.effect'), nameLocation: 'middle', nameGap: 48 },
    series: chrs.map((c, k) => ({
      type: 'scatter',
      name: c,
      symbolSize: 3,
      itemStyle: { color: palette[k % 2] },
      data: effects.flatMap((e, i) => (e.chr === c ? [[i, e.value, `${e.marker} (${e.chr}:${e.pos})`]] : [])),
    })),
  };
}

/** /gs/model/components/modelDetail?id=: state and log while training, then metrics, folds, the scatter and marker effects. */
export default function ModelDetailPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = Number(usePage().search.get('id'));
  const canEdit = usePermission(P.modelEdit);
  const key = [...api.gs.model.$key, 'detail', id];
  const { data, isError } = useQuery({
    queryKey: key,
    queryFn: () => api.gs.model.detail({ id }),
    refetchInterval: (q) => (q.state.data && ['queued', 'creating'].includes(q.state.data.status) ? 2000 : false),
  });
  useRecordTitle('gs.model.detailTitle', data?.name);
  const scatter = useMemo(() => (data?.predictions.length ? scatterOption(data, t) : null), [data, t]);
  const effects = useMemo(() => (data?.markerEffects?.length ? effectsOption(data, t) : null), [data, t]);
  if (!data) return <DetailState failed={isError} />;
  const toggle = async () => {
    await api.gs.model.favorite({ id, favorite: !data.favorite });
    await qc.invalidateQueries({ queryKey: api.gs.model.$key });
  };

  return (
    <div className="bw-page" data-testid="model-detail" data-status={data.status}>
      <Card
        variant="borderless"
        title={
          <span>
            {data.name} <StateTag state={data.status} />
          </span>
        }
        extra={
          canEdit && (
            <Button
              icon={data.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => void toggle()}
              data-testid="model-detail-favorite"
            >
              {t('gs.model.favorite')}
            </Button>
          )
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'a', label: t('gs.model.algorithm'), children: t(`gs.algorithm.${data.algorithm}`) },
            { key: 'd', label: t('gs.model.dataset'), children: data.datasetName },
            { key: 't', label: t('gs.model.trait'), children: data.traitCode },
            { key: 'f', label: t('gs.model.folds'), children: data.folds },
            { key: 's', label: t('gs.model.seed'), children: data.seed },
            { key: 'n', label: t('gs.model.records'), children: data.n === null ? '—' : `${data.n} × ${data.m} SNP` },
          ]}
        />
        {data.taskId !== null && data.status !== 'finished' && (
          <div style={{ marginTop: 16 }}>
            <TaskProgress taskId={data.taskId} />
          </div>
        )}
      </Card>
      {data.status === 'finished' && (
        <>
          <Card variant="borderless" title={t('gs.model.metrics')} style={{ marginTop: 12 }}>
            <Row gutter={[16, 16]} data-testid="model-metrics">
              <Col xs={12} md={4}>
                <Statistic title={t('gs.model.accuracy')} value={f(data.accuracy)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="MSE" value={f(data.mse)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="RMSE" value={f(data.rmse)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('gs.model.varU')} value={f(data.varU, 5)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('gs.model.varE')} value={f(data.varE, 5)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title="h²" value={f(data.h2)} />
              </Col>
            </Row>
            <Table
              size="small"
              style={{ marginTop: 16 }}
              rowKey="fold"
              pagination={false}
              dataSource={data.cvFolds}
              data-testid="fold-table"
              columns={[
                { title: t('gs.model.fold'), dataIndex: 'fold', key: 'fold' },
                { title: 'n', dataIndex: 'n', key: 'n', align: 'right' },
                { title: 'r', dataIndex: 'r', key: 'r', align: 'right', render: (v: number | null) => f(v) },
                { title: 'MSE', dataIndex: 'mse', key: 'mse', align: 'right', render: (v: number) => f(v) },
                { title: 'RMSE', dataIndex: 'rmse', key: 'rmse', align: 'right', render: (v: number) => f(v) },
              ]}
            />
          </Card>
          <Row gutter={12} style={{ marginTop: 12 }}>
            <Col xs={24} xl={effects ? 10 : 24}>
              <Card variant="borderless" title={t('gs.model.scatter')}>
                {scatter && <Chart option={scatter} height={340} testId="model-scatter" />}
              </Card>
            </Col>
            {effects && (
              <Col xs={24} xl={14}>
                <Card variant="borderless" title={t('gs.model.markerEffects')}>
                  <Chart option={effects} height={340} testId="marker-effects" />
                </Card>
              </Col>
            )}
          </Row>
          {data.taskId !== null && (
            <Card variant="borderless" title={t('gs.model.log')} style={{ marginTop: 12 }}>
              <TaskProgress taskId={data.taskId} compact />
            </Card>
          )}
        </>
      )}
    </div>
  );
}
