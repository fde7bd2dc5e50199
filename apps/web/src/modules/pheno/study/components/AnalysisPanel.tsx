import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisResult, EntryEstimate, TraitAnalysisRow } from '@breedwise/contracts/pheno';
import { api } from '../../api';

const fmt = (v: number | null | undefined, d = 3) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : Number(v.toFixed(d)).toString());

function TraitCard({ r }: { r: TraitAnalysisRow }) {
  const { t } = useTranslation();
  const entries = [...r.entries].sort((a, b) => (b.blue ?? -Infinity) - (a.blue ?? -Infinity));
  return (
    <Card
      size="small"
      title={
        <Space>
          <Typography.Text strong>{r.code}</Typography.Text>
          <Typography.Text type="secondary">{r.trait}</Typography.Text>
          {r.site > 1 && <Tag>{t('pheno.study.qc.site', { site: r.site })}</Tag>}
        </Space>
      }
      extra={
        <Typography.Text type="secondary">
          {t('pheno.study.analysis.analysedAt', { at: r.analysedAt.slice(0, 16).replace('T', ' '), by: r.analysedBy ?? '' })}
        </Typography.Text>
      }
      data-testid={`analysis-${r.code}`}
    >
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic title={t('pheno.study.analysis.heritability')} value={fmt(r.heritability)} data-testid="analysis-h2" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pheno.study.analysis.cv')} value={fmt(r.cv, 2)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pheno.study.analysis.lsd')} value={fmt(r.lsd)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pheno.study.analysis.mean')} value={fmt(r.grandMean)} />
        </Col>
      </Row>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('pheno.study.analysis.model')}>
          <Typography.Text code>{r.formulaBlue}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('pheno.study.analysis.n')}>{r.n}</Descriptions.Item>
        <Descriptions.Item label={t('pheno.study.analysis.components')}>
          <Space wrap>
            {r.varianceComponents.map((c) => (
              <Tag key={c.name}>
                {c.name}: {fmt(c.variance, 4)}
              </Tag>
            ))}
            <Tag color="blue">
              {t('pheno.study.analysis.genetic')}: {fmt(r.geneticVariance, 4)}
            </Tag>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Table<EntryEstimate>
        size="small"
        rowKey="entry"
        dataSource={entries}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: 600 }}
        data-testid="analysis-blues"
        columns={[
          { title: t('pheno.study.analysis.entry'), dataIndex: 'entry', width: 80 },
          {
            title: t('pheno.study.analysis.name'),
            dataIndex: 'name',
            render: (v: string, e) => (
              <Space>
                {v}
                {e.isCheck && <Tag color="gold">{t('pheno.study.analysis.check')}</Tag>}
              </Space>
            ),
          },
          { title: 'n', dataIndex: 'n', width: 50 },
          { title: t('pheno.study.analysis.blue'), dataIndex: 'blue', width: 100, render: (v: number) => fmt(v) },
          { title: t('pheno.study.analysis.se'), dataIndex: 'se', width: 90, render: (v: number) => fmt(v) },
          { title: t('pheno.study.analysis.blup'), dataIndex: 'blup', width: 100, render: (v: number) => fmt(v) },
        ]}
      />
    </Card>
  );
}

/** The single-trial analysis: run it (the design's mixed model per trait) and read the saved results. */
export function AnalysisPanel({ experimentId, canRun }: { experimentId: number; canRun: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [failures, setFailures] = useState<AnalysisResult['failures']>([]);
  const saved = useQuery({ queryKey: [...api.pheno.study.analysis.key, experimentId], queryFn: () => api.pheno.study.analysis({ id: experimentId }) });
  const run = async () => {
    setRunning(true);
    try {
      const res = await api.pheno.study.analyse({ experimentId });
      setFailures(res.failures);
      if (res.results.length) void message.success(t('pheno.study.analysis.done'));
      await queryClient.invalidateQueries({ queryKey: api.pheno.study.$key });
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canRun && (
        <Button type="primary" loading={running} onClick={run} data-testid="analysis-run">
          {saved.data?.length ? t('pheno.study.analysis.rerun') : t('pheno.study.analysis.run')}
        </Button>
      )}
      {failures.map((f) => (
        <Alert key={f.variableId} type="warning" showIcon message={t('pheno.study.analysis.failed')} description={f.message} />
      ))}
      {saved.data && !saved.data.length && <Empty description={t('pheno.study.analysis.none')} />}
      {saved.data?.map((r) => (
        <TraitCard key={`${r.variableId}:${r.site}`} r={r} />
      ))}
    </Space>
  );
}
