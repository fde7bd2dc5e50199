import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Input, Modal, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QcResult, VariableRow } from '@breedwise/contracts/pheno';
import { api } from '../../api';
import { PhenoChart } from '../../components/PhenoChart';

type Outlier = QcResult['outliers'][number];
const fmt = (v: number | null | undefined, d = 2) => (v === null || v === undefined ? '–' : Number(v.toFixed(d)).toString());

function heatOption(cells: QcResult['heat'], t: (k: string) => string) {
  const rows = Math.max(...cells.map((c) => c.row));
  const cols = Math.max(...cells.map((c) => c.col));
  const values = cells.flatMap((c) => (c.value === null ? [] : [c.value]));
  return {
    tooltip: {
      formatter: (p: { data: [number, number, number | '-', string, string] }) => `${p.data[3]} ${p.data[4]}<br/>${p.data[2] === '-' ? '–' : p.data[2]}`,
    },
    grid: { left: 40, right: 90, top: 10, bottom: 30 },
    xAxis: { type: 'category', name: t('pheno.study.qc.col'), data: Array.from({ length: cols }, (_, i) => String(i + 1)), splitArea: { show: true } },
    yAxis: {
      type: 'category',
      name: t('pheno.study.qc.row'),
      inverse: true,
      data: Array.from({ length: rows }, (_, i) => String(i + 1)),
      splitArea: { show: true },
    },
    visualMap: {
      // The value is the third of [col, row, value, plot, name]: without this echarts maps the last one.
      dimension: 2,
      min: values.length ? Math.min(...values) : 0,
      max: values.length ? Math.max(...values) : 1,
      calculable: true,
      orient: 'vertical',
      right: 0,
      top: 'center',
      inRange: { color: ['#313695', '#74add1', '#e0f3f8', '#fee090', '#f46d43', '#a50026'] },
    },
    series: [
      {
        type: 'heatmap',
        data: cells.map((c) => [c.col - 1, c.row - 1, c.value ?? '-', c.plotId, c.name]),
        label: { show: cols <= 16, fontSize: 9, formatter: (p: { data: unknown[] }) => (p.data[2] === '-' ? '' : fmt(p.data[2] as number, 1)) },
      },
    ],
  };
}

/** Quality checks of one trait: counts, missing plots, values outside the scale, robust outliers (exclude with a reason), histogram and field heat map. */
export function QcPanel({ experimentId, traits, editable }: { experimentId: number; traits: VariableRow[]; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [variableId, setVariableId] = useState<number | undefined>(traits[0]?.id);
  const [excluding, setExcluding] = useState<Outlier | null>(null);
  const [reason, setReason] = useState('');
  const qc = useQuery({
    queryKey: [...api.pheno.study.qc.key, experimentId, variableId],
    queryFn: () => api.pheno.study.qc({ id: experimentId, variableId: variableId! }),
    enabled: !!variableId,
  });
  const d = qc.data;
  const histogram = useMemo(
    () =>
      d && {
        tooltip: {},
        grid: { left: 40, right: 10, top: 10, bottom: 40 },
        xAxis: { type: 'category', data: d.histogram.map((b) => `${fmt(b.from, 1)}–${fmt(b.to, 1)}`), axisLabel: { rotate: 30, fontSize: 10 } },
        yAxis: { type: 'value', name: t('pheno.study.qc.count'), minInterval: 1 },
        series: [{ type: 'bar', data: d.histogram.map((b) => b.count), itemStyle: { color: '#1677ff' }, barCategoryGap: '5%' }],
      },
    [d, t],
  );
  const sites = useMemo(() => (d ? [...new Set(d.heat.map((c) => c.site))] : []), [d]);
  const setExcluded = async (o: Outlier, excluded: boolean, why: string | null) => {
    try {
      await api.pheno.study.exclude({ observationId: o.observationId, excluded, reason: why });
      setExcluding(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: api.pheno.study.$key });
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  if (!traits.length) return <Empty />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space>
        <Typography.Text>{t('pheno.study.qc.trait')}</Typography.Text>
        <Select
          style={{ width: 260 }}
          value={variableId}
          onChange={setVariableId}
          data-testid="qc-trait"
          options={traits.map((v) => ({ value: v.id, label: `${v.code} · ${v.name}` }))}
        />
      </Space>
      {d && (
        <>
          <Card size="small">
            <Row gutter={[16, 8]}>
              <Col xs={12} md={4}>
                <Statistic title={t('pheno.study.qc.plots')} value={d.plots} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('pheno.study.qc.observed')} value={d.observed} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('pheno.study.qc.missing')} value={d.missing.length} valueStyle={d.missing.length ? { color: '#d48806' } : undefined} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic
                  title={t('pheno.study.qc.outOfScale')}
                  value={d.outOfScale.length}
                  valueStyle={d.outOfScale.length ? { color: '#cf1322' } : undefined}
                />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('pheno.study.qc.mean')} value={fmt(d.stats.mean)} />
              </Col>
              <Col xs={12} md={4}>
                <Statistic title={t('pheno.study.qc.range')} value={`${fmt(d.stats.min)} – ${fmt(d.stats.max)}`} />
              </Col>
            </Row>
          </Card>
          {!d.numeric && <Typography.Text type="secondary">{t('pheno.study.qc.notNumeric')}</Typography.Text>}
          <Card size="small" title={t('pheno.study.qc.outliers')} data-testid="qc-outliers">
            <Table<Outlier>
              size="small"
              rowKey="observationId"
              dataSource={d.outliers}
              pagination={false}
              locale={{ emptyText: t('pheno.study.qc.none') }}
              scroll={{ x: 640 }}
              columns={[
                { title: t('pheno.study.grid.plot'), dataIndex: 'plotId', width: 140 },
                { title: t('pheno.study.grid.entry'), dataIndex: 'name', width: 140 },
                { title: t('pheno.study.fb.value'), dataIndex: 'value', width: 90 },
                { title: t('pheno.study.qc.z'), dataIndex: 'z', width: 100, render: (z: number) => fmt(z) },
                {
                  title: t('pheno.study.qc.excluded'),
                  key: 'excluded',
                  render: (_: unknown, o) =>
                    o.excluded ? (
                      <Space>
                        <Tag>{t('pheno.study.qc.excluded')}</Tag>
                        <Typography.Text type="secondary">{o.excludeReason}</Typography.Text>
                        {editable && (
                          <Button size="small" type="link" onClick={() => setExcluded(o, false, null)}>
                            {t('pheno.study.qc.include')}
                          </Button>
                        )}
                      </Space>
                    ) : editable ? (
                      <Button size="small" onClick={() => setExcluding(o)} data-testid="qc-exclude">
                        {t('pheno.study.qc.exclude')}
                      </Button>
                    ) : null,
                },
              ]}
            />
          </Card>
          {(d.missing.length > 0 || d.outOfScale.length > 0) && (
            <Card size="small" title={`${t('pheno.study.qc.missing')} / ${t('pheno.study.qc.outOfScale')}`}>
              <Space wrap size={[4, 4]} data-testid="qc-missing">
                {d.missing.slice(0, 200).map((m) => (
                  <Tag key={m.plotRef}>{m.plotId}</Tag>
                ))}
              </Space>
              {d.outOfScale.map((o) => (
                <div key={o.observationId}>
                  <Tag color="red">{o.plotId}</Tag> {o.value}: {o.message}
                </div>
              ))}
            </Card>
          )}
          {d.numeric && (
            <Row gutter={16}>
              <Col xs={24} lg={10}>
                <Card size="small" title={t('pheno.study.qc.histogram')}>
                  {histogram && <PhenoChart option={histogram} height={300} testId="qc-histogram" />}
                </Card>
              </Col>
              <Col xs={24} lg={14}>
                <Card size="small" title={t('pheno.study.qc.heatmap')}>
                  {sites.map((s) => (
                    <div key={s}>
                      {sites.length > 1 && <Typography.Text strong>{t('pheno.study.qc.site', { site: s })}</Typography.Text>}
                      <PhenoChart
                        option={heatOption(
                          d.heat.filter((c) => c.site === s),
                          t,
                        )}
                        height={Math.max(260, Math.min(560, 24 * Math.max(...d.heat.filter((c) => c.site === s).map((c) => c.row)) + 60))}
                        testId="qc-heatmap"
                      />
                    </div>
                  ))}
                </Card>
              </Col>
            </Row>
          )}
        </>
      )}
      <Modal
        open={!!excluding}
        title={t('pheno.study.qc.excludeTitle', { plot: excluding?.plotId })}
        onCancel={() => setExcluding(null)}
        onOk={() => (reason.trim() ? setExcluded(excluding!, true, reason.trim()) : void message.warning(t('pheno.study.qc.reasonRequired')))}
        okButtonProps={{ 'data-testid': 'qc-exclude-ok' } as never}
        destroyOnHidden
      >
        <Input placeholder={t('pheno.study.qc.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} data-testid="qc-reason" />
      </Modal>
    </Space>
  );
}
