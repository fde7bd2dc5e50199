import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Row, Segmented, Space, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, RedoOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type CrossPrediction, type GcaFigure, type HgImportResult } from '@breedwise/contracts/gs';
import { TaskProgress } from '../../../../components/task';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { Chart } from '../../components/Chart';
import { DetailState } from '../../components/DetailState';
import { StateTag } from '../../components/StateTag';
import { download, uploadForm } from '../../components/transfer';

const hybrid = api.gs.hybrid;
const fmt = (v: number | null | undefined, d = 4) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(d));

/** The heat map of predicted performance: pool 1 down, pool 2 across, each ordered by GCA; tested crosses carry a dot. */
function heatmapOption(fig: GcaFigure, t: TFunction): EChartsCoreOption {
  const zoomY = fig.pool1.length > 40;
  const zoomX = fig.pool2.length > 40;
  return {
    tooltip: {
      position: 'top',
      formatter: (p: { data: [number, number, number, number?] }) =>
        `${fig.pool1[p.data[1]]} × ${fig.pool2[p.data[0]]}<br/>${t('gs.hybrid.predicted')}: ${p.data[2].toFixed(3)}<br/>${
          fig.cells.find((c) => c[0] === p.data[0] && c[1] === p.data[1])?.[3] ? t('gs.hybrid.tested') : t('gs.hybrid.untestedCross')
        }`,
    },
    grid: { left: 72, right: zoomY ? 48 : 24, top: 16, bottom: 150 },
    xAxis: {
      type: 'category',
      data: fig.pool2,
      name: t('gs.hybrid.pool2'),
      nameLocation: 'middle',
      nameGap: 56,
      axisLabel: { rotate: 60, fontSize: 10 },
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: fig.pool1,
      name: t('gs.hybrid.pool1'),
      nameLocation: 'middle',
      nameGap: 56,
      inverse: true,
      axisLabel: { fontSize: 10 },
      splitArea: { show: true },
    },
    visualMap: {
      min: fig.min,
      max: fig.max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      precision: 2,
      itemHeight: 200,
      inRange: { color: ['#313695', '#74add1', '#e0f3f8', '#fee090', '#f46d43', '#a50026'] },
      seriesIndex: 0,
    },
    dataZoom: [
      ...(zoomY ? [{ type: 'slider', yAxisIndex: 0, right: 8, width: 16, startValue: 0, endValue: 39 }] : []),
      ...(zoomX ? [{ type: 'slider', xAxisIndex: 0, bottom: 56, height: 14, startValue: 0, endValue: 39 }] : []),
    ],
    series: [
      { type: 'heatmap', data: fig.cells.map((c) => [c[0], c[1], c[2]]), emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } } },
      {
        type: 'scatter',
        data: fig.cells.filter((c) => c[3] === 1).map((c) => [c[0], c[1], c[2]]),
        symbolSize: 4,
        itemStyle: { color: 'rgba(0,0,0,0.45)' },
        silent: true,
        tooltip: { show: false },
      },
    ],
  };
}

/** /gs/prediction/hybrid/components/hybridDetail?id=: GCA of both pools, SCA, the heat map of pool 1 x pool 2, ranked crosses, the hybrid template. */
export default function HybridDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const id = Number(usePage().search.get('id'));
  const canReset = usePermission(P.predictAdd);
  const [scope, setScope] = useState<'untested' | 'all'>('untested');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [imported, setImported] = useState<HgImportResult | null>(null);
  const { data: task, isError } = useQuery({
    queryKey: [...hybrid.$key, 'detail', id],
    queryFn: () => hybrid.gcaDetail({ id }),
    refetchInterval: (q) => (q.state.data && ['queued', 'creating'].includes(q.state.data.status) ? 2000 : false),
  });
  useRecordTitle('gs.hybrid.detailTitle', task?.name);
  const done = task?.status === 'finished';
  const data = useQuery({ queryKey: [...hybrid.$key, 'data', id, task?.updatedAt], queryFn: () => hybrid.gcaData({ id }), enabled: done });
  const figure = useQuery({ queryKey: [...hybrid.$key, 'figure', id, task?.updatedAt], queryFn: () => hybrid.gcaFigure({ id }), enabled: done });
  const crosses = useQuery({
    queryKey: [...hybrid.$key, 'crosses', id, task?.updatedAt, scope, paging],
    queryFn: () => hybrid.gcaPredictionResult({ id, scope, ...paging }),
    enabled: done,
  });
  const option = useMemo(() => figure.data && heatmapOption(figure.data, t), [figure.data, t]);
  if (!task) return <DetailState failed={isError} />;

  const reset = async () => {
    await hybrid.resetGcaTask({ id });
    setImported(null);
    message.success(t('gs.model.queued'));
    await qc.invalidateQueries({ queryKey: hybrid.$key });
  };
  const importTemplate = async (file: File) => {
    try {
      setImported(await uploadForm<HgImportResult>(hybrid.importHgTemplate.url({ id }), {}, { file }).promise);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const d = data.data;
  const heatHeight = figure.data ? Math.min(900, Math.max(380, Math.min(figure.data.pool1.length, 40) * 16 + 200)) : 420;
  const crossColumns = [
    { title: t('gs.hybrid.female'), dataIndex: 'parent1', key: 'parent1', width: 110 },
    { title: t('gs.hybrid.male'), dataIndex: 'parent2', key: 'parent2', width: 110 },
    { title: 'GCA1', dataIndex: 'gca1', key: 'gca1', align: 'right' as const, render: (v: number) => fmt(v, 3) },
    { title: 'GCA2', dataIndex: 'gca2', key: 'gca2', align: 'right' as const, render: (v: number) => fmt(v, 3) },
    { title: 'SCA', dataIndex: 'sca', key: 'sca', align: 'right' as const, render: (v: number | null) => fmt(v, 3) },
    { title: t('gs.hybrid.predicted'), dataIndex: 'value', key: 'value', align: 'right' as const, render: (v: number) => <strong>{fmt(v, 3)}</strong> },
    {
      title: t('gs.hybrid.testedColumn'),
      dataIndex: 'observed',
      key: 'observed',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="green">{t('gs.hybrid.tested')}</Tag> : <Tag>{t('gs.hybrid.untestedCross')}</Tag>),
    },
  ];

  return (
    <div className="bw-page" data-testid="gca-detail" data-status={task.status}>
      <Card
        variant="borderless"
        title={
          <span>
            {task.name} <StateTag state={task.status} />
          </span>
        }
        extra={
          <Space wrap>
            {canReset && (task.status === 'finished' || task.status === 'failed') && (
              <Button icon={<RedoOutlined />} onClick={() => void reset()} data-testid="gca-reset">
                {t('gs.hybrid.reset')}
              </Button>
            )}
            {done && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => download(hybrid.exportGcaResult.url({ id }), 'GET', `${task.name}.csv`).catch((e: Error) => message.error(e.message))}
                  data-testid="gca-export"
                >
                  {t('gs.hybrid.export')}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    download(hybrid.exportHgTemplate.url({ id }), 'GET', `${task.name}_hybrid_template.csv`).catch((e: Error) => message.error(e.message))
                  }
                  data-testid="gca-template"
                >
                  {t('gs.hybrid.exportTemplate')}
                </Button>
                <Upload
                  accept=".csv"
                  showUploadList={false}
                  beforeUpload={(f) => {
                    void importTemplate(f);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="gca-import">
                    {t('gs.hybrid.importTemplate')}
                  </Button>
                </Upload>
              </>
            )}
          </Space>
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'ds', label: t('gs.hybrid.dataset'), children: task.datasetName },
            { key: 'tr', label: t('gs.model.trait'), children: task.traitCode },
            { key: 'm', label: t('gs.hybrid.model'), children: `GCA${task.sca ? ' + SCA' : ''} · ${t(`gs.hybrid.methods.${task.method}`)}` },
            ...(task.fixedEffects.length ? [{ key: 'fx', label: t('gs.hybrid.fixed'), children: task.fixedEffects.join(', ') }] : []),
            {
              key: 'pools',
              label: t('gs.hybrid.crosses'),
              children:
                task.pool1Count === null
                  ? '—'
                  : t('gs.hybrid.crossesValue', { p1: task.pool1Count, p2: task.pool2Count, tested: task.testedCount, untested: task.untestedCount }),
            },
            ...(d
              ? [
                  { key: 'n', label: t('gs.hybrid.records'), children: d.n },
                  { key: 'v1', label: t('gs.hybrid.varGca1'), children: fmt(d.varGca1) },
                  { key: 'v2', label: t('gs.hybrid.varGca2'), children: fmt(d.varGca2) },
                  { key: 'vs', label: t('gs.hybrid.varSca'), children: fmt(d.varSca) },
                  { key: 've', label: t('gs.hybrid.varE'), children: fmt(d.varE) },
                  { key: 'mu', label: t('gs.hybrid.intercept'), children: fmt(d.intercept) },
                  { key: 'r', label: t('gs.hybrid.fittedR'), children: fmt(d.fittedR) },
                  {
                    key: 'it',
                    label: t('gs.hybrid.iterations'),
                    children: `${d.iterations}${d.converged ? '' : ` (${t('gs.hybrid.notConverged')})`}`,
                  },
                ]
              : []),
          ]}
        />
        {task.status === 'failed' && task.message && <div style={{ marginTop: 12, color: '#cf1322' }}>{task.message}</div>}
        {task.taskId !== null && !done && (
          <div style={{ marginTop: 16 }}>
            <TaskProgress taskId={task.taskId} />
          </div>
        )}
      </Card>
      {done && d && (
        <>
          <Row gutter={12} style={{ marginTop: 12 }}>
            {(['gca1', 'gca2'] as const).map((k, i) => (
              <Col xs={24} lg={12} key={k}>
                <Card variant="borderless" title={t(i === 0 ? 'gs.hybrid.gcaPool1' : 'gs.hybrid.gcaPool2')}>
                  <Table
                    size="small"
                    rowKey="id"
                    dataSource={d[k]}
                    data-testid={`${k}-table`}
                    pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
                    columns={[
                      { title: t('gs.predict.rank'), dataIndex: 'rank', key: 'rank', width: 70 },
                      { title: t('gs.hybrid.parent'), dataIndex: 'id', key: 'id' },
                      { title: 'GCA', dataIndex: 'value', key: 'value', align: 'right', render: (v: number) => fmt(v) },
                    ]}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            variant="borderless"
            title={t('gs.hybrid.heatmap')}
            extra={<span style={{ color: '#8c8c8c' }}>{t('gs.hybrid.heatmapHelp')}</span>}
            style={{ marginTop: 12 }}
          >
            {option && <Chart option={option} height={heatHeight} testId="gca-heatmap" />}
          </Card>
          <Card
            variant="borderless"
            title={t('gs.hybrid.ranking')}
            style={{ marginTop: 12 }}
            extra={
              <Segmented
                value={scope}
                onChange={(v) => {
                  setScope(v as 'untested' | 'all');
                  setPaging((p) => ({ ...p, pageNum: 1 }));
                }}
                options={[
                  { value: 'untested', label: t('gs.hybrid.scopeUntested') },
                  { value: 'all', label: t('gs.hybrid.scopeAll') },
                ]}
                data-testid="gca-scope"
              />
            }
          >
            <Table<CrossPrediction>
              size="small"
              rowKey={(r) => `${r.parent1}:${r.parent2}`}
              loading={crosses.isFetching}
              dataSource={crosses.data?.rows ?? []}
              data-testid="cross-table"
              scroll={{ x: 760 }}
              pagination={{
                current: paging.pageNum,
                pageSize: paging.pageSize,
                total: crosses.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (n) => t('gs.hybrid.total', { n }),
                onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
              }}
              columns={[{ title: t('gs.predict.rank'), dataIndex: 'rank', key: 'rank', width: 70 }, ...crossColumns]}
            />
          </Card>
          {imported && (
            <Card variant="borderless" title={t('gs.hybrid.imported', { file: imported.fileName, n: imported.rows.length })} style={{ marginTop: 12 }}>
              <Table
                size="small"
                rowKey="line"
                dataSource={imported.rows}
                data-testid="import-table"
                scroll={{ x: 760 }}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                columns={[{ title: t('gs.hybrid.line'), dataIndex: 'line', key: 'line', width: 70 }, ...crossColumns]}
              />
            </Card>
          )}
        </>
      )}
    </div>
  );
}
