import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Row, Segmented, Space, Statistic, Table } from 'antd';
import { DownloadOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type TraitSummary } from '@breedwise/contracts/gs';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { Chart, histogramOption } from '../../components/Chart';
import { DetailState } from '../../components/DetailState';
import { download } from '../../components/transfer';
import { gsPaths } from '../../paths';
import { TrainModelModal } from '../../model/components/TrainModelModal';
import { GcaModal } from '../../hybrid/components/GcaModal';

const fmt = (v: number | null, d = 3) => (v === null ? '—' : v.toFixed(d));

/** /gs/dataset/components/datasetDetail?id=: counts, QC (call rate, MAF histogram), traits and their distributions. */
export default function DatasetDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(usePage().search.get('id'));
  const canTrain = usePermission(P.modelAdd);
  const canGca = usePermission(P.predictAdd);
  const canExport = usePermission(P.datasetExport);
  const [trait, setTrait] = useState<string | null>(null);
  const [training, setTraining] = useState(false);
  const { data, isError } = useQuery({ queryKey: [...api.gs.dataset.$key, 'detail', id], queryFn: () => api.gs.dataset.detail({ id }) });
  useRecordTitle('gs.dataset.detailTitle', data?.name);
  const current: TraitSummary | undefined = data?.traits.find((x) => x.code === trait) ?? data?.traits[0];
  const mafOption = useMemo(() => data && histogramOption(data.qc.mafHistogram, 2), [data]);
  const callOption = useMemo(() => data && histogramOption(data.qc.callRateHistogram, 1, '#52c41a'), [data]);
  const phenoOption = useMemo(() => current && histogramOption(current.histogram, 2, '#fa8c16'), [current]);
  if (!data) return <DetailState failed={isError} />;

  return (
    <div className="bw-page" data-testid="dataset-detail">
      <Card
        variant="borderless"
        title={data.name}
        extra={
          <Space wrap>
            {canExport && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => download(api.gs.dataset.exportFile.url({ id }), 'POST', `${data.name}.zip`).catch((e: Error) => message.error(e.message))}
              >
                {t('gs.dataset.export')}
              </Button>
            )}
            {data.type === 'inbred' && canTrain && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setTraining(true)} data-testid="dataset-train">
                {t('gs.model.add')}
              </Button>
            )}
            {data.type === 'hybrid' && canGca && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setTraining(true)} data-testid="dataset-gca">
                {t('gs.hybrid.add')}
              </Button>
            )}
          </Space>
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t(data.type === 'hybrid' ? 'gs.dataset.parents' : 'gs.dataset.samples')} value={data.sampleCount} valueStyle={{ fontSize: 22 }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('gs.dataset.traits')} value={data.traitCount} valueStyle={{ fontSize: 22 }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('gs.dataset.snps')} value={data.snpCount} valueStyle={{ fontSize: 22 }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t(data.type === 'hybrid' ? 'gs.dataset.phenotypedHybrids' : 'gs.dataset.common')}
              value={data.commonSamples}
              valueStyle={{ fontSize: 22 }}
            />
          </Col>
        </Row>
        <Descriptions
          size="small"
          bordered
          style={{ marginTop: 16 }}
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'p', label: t('gs.dataset.phenotypeFile'), children: data.phenotypeFileName },
            { key: 'g', label: t('gs.dataset.genotypeFile'), children: data.genotypeFileName },
            { key: 't', label: t('gs.dataset.type'), children: t(`gs.dataset.types.${data.type}`) },
            ...(data.hybrid
              ? [
                  { key: 'ped', label: t('gs.dataset.pedigreeFile'), children: data.pedigreeFileName ?? '—' },
                  {
                    key: 'pools',
                    label: t('gs.dataset.pools'),
                    children: t('gs.dataset.poolsValue', {
                      hybrids: data.hybrid.hybrids,
                      p1: data.hybrid.pool1.length,
                      p2: data.hybrid.pool2.length,
                      tested: data.hybrid.testedCrosses,
                      possible: data.hybrid.possibleCrosses,
                    }),
                  },
                ]
              : []),
            { key: 'd', label: t('gs.dataset.description'), children: data.description ?? '—' },
            { key: 'o', label: t('gs.compose.origin'), children: <span data-testid="dataset-origin">{t(`gs.compose.origins.${data.origin}`)}</span> },
            { key: 'c', label: t('common.createdAt'), children: new Date(data.createdAt).toLocaleString() },
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('gs.dataset.qc')} style={{ marginTop: 12 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'cr', label: t('gs.dataset.meanCallRate'), children: `${(data.qc.meanCallRate * 100).toFixed(2)}%` },
            { key: 'mc', label: t('gs.dataset.minCallRate'), children: `${(data.qc.minCallRate * 100).toFixed(2)}%` },
            { key: 'maf', label: t('gs.dataset.meanMaf'), children: fmt(data.qc.meanMaf) },
            { key: 'mono', label: t('gs.dataset.monomorphic'), children: data.qc.monomorphic },
          ]}
        />
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <h4>{t('gs.dataset.mafHistogram')}</h4>
            {mafOption && <Chart option={mafOption} height={260} testId="maf-histogram" />}
          </Col>
          <Col xs={24} lg={12}>
            <h4>{t('gs.dataset.callRateHistogram')}</h4>
            {callOption && <Chart option={callOption} height={260} testId="call-rate-histogram" />}
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" title={t('gs.dataset.traitList')} style={{ marginTop: 12 }}>
        <Row gutter={16}>
          <Col xs={24} lg={10}>
            <Table<TraitSummary>
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={data.traits}
              data-testid="trait-table"
              columns={[
                { title: t('gs.model.trait'), dataIndex: 'code', key: 'code' },
                { title: 'n', dataIndex: 'n', key: 'n', align: 'right' },
                { title: t('gs.dataset.missing'), dataIndex: 'missing', key: 'missing', align: 'right' },
                { title: t('gs.dataset.mean'), dataIndex: 'mean', key: 'mean', align: 'right', render: (v: number | null) => fmt(v) },
                { title: 'SD', dataIndex: 'sd', key: 'sd', align: 'right', render: (v: number | null) => fmt(v) },
              ]}
            />
          </Col>
          <Col xs={24} lg={14}>
            <Space style={{ marginBottom: 8 }} wrap>
              <span>{t('gs.dataset.distribution')}</span>
              <Segmented options={data.traits.map((x) => x.code)} value={current?.code} onChange={(v) => setTrait(String(v))} />
            </Space>
            {phenoOption && <Chart option={phenoOption} height={260} testId="pheno-histogram" />}
          </Col>
        </Row>
      </Card>
      {data.type === 'hybrid' ? (
        <GcaModal open={training} datasetId={id} onClose={() => setTraining(false)} onCreated={(gid) => navigate(gsPaths.hybridDetail(gid))} />
      ) : (
        <TrainModelModal open={training} datasetId={id} onClose={() => setTraining(false)} onCreated={(mid) => navigate(gsPaths.modelDetail(mid))} />
      )}
    </div>
  );
}
