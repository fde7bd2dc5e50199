import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Descriptions, Row, Segmented, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gsPermissions as P, type PredictDetail } from '@breedwise/contracts/gs';
import { TaskProgress } from '../../../../components/task';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { Chart, histogramOption } from '../../components/Chart';
import { DetailState } from '../../components/DetailState';
import { StateTag } from '../../components/StateTag';
import { download, uploadForm } from '../../components/transfer';

function histogram(values: number[], bins = 20) {
  if (!values.length) return { edges: [], counts: [] };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const w = hi > lo ? (hi - lo) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - lo) / w))]++;
  return { edges: Array.from({ length: bins + 1 }, (_, i) => lo + i * w), counts };
}

/** /gs/prediction/inbred/components/inbredDetail?id=: ranked GEBVs, their distribution, export, verification. */
export default function InbredDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const id = Number(usePage().search.get('id'));
  const canVerify = usePermission(P.predictVerify);
  const [trait, setTrait] = useState<string | null>(null);
  const { data, isError } = useQuery({
    queryKey: [...api.gs.predict.$key, 'detail', id],
    queryFn: () => api.gs.predict.detail({ id }),
    refetchInterval: (q) => (q.state.data && ['queued', 'creating'].includes(q.state.data.status) ? 2000 : false),
  });
  useRecordTitle('gs.predict.detailTitle', data?.name);
  const current = trait ?? data?.traits[0];
  const option = useMemo(() => {
    if (!data || !current) return null;
    return histogramOption(
      histogram(data.rows.flatMap((r) => (r.values[current] === null || r.values[current] === undefined ? [] : [r.values[current]!]))),
      2,
      '#722ed1',
    );
  }, [data, current]);
  if (!data) return <DetailState failed={isError} />;

  const verify = async (file: File) => {
    try {
      await uploadForm<PredictDetail>(api.gs.predict.verify.url(), { id: String(id) }, { file }).promise;
      message.success(t('gs.predict.verified'));
      await qc.invalidateQueries({ queryKey: api.gs.predict.$key });
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const done = data.status === 'finished' || data.status === 'validating';
  return (
    <div className="bw-page" data-testid="predict-detail" data-status={data.status}>
      <Card
        variant="borderless"
        title={
          <span>
            {data.name} <StateTag state={data.status} />
          </span>
        }
        extra={
          done && (
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => download(api.gs.predict.exportResult.url({ id }), 'GET', `${data.name}.csv`).catch((e: Error) => message.error(e.message))}
                data-testid="predict-export"
              >
                {t('gs.predict.export')}
              </Button>
              {canVerify && (
                <Upload
                  accept=".csv"
                  showUploadList={false}
                  beforeUpload={(f) => {
                    void verify(f);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="predict-verify">
                    {t('gs.predict.verify')}
                  </Button>
                </Upload>
              )}
            </Space>
          )
        }
      >
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'd', label: t('gs.model.dataset'), children: data.datasetName },
            {
              key: 'm',
              label: t('gs.predict.models'),
              children: data.models.map((m) => `${m.name} (${m.traitCode}, ${t(`gs.algorithm.${m.algorithm}`)})`).join('; '),
            },
            { key: 's', label: t('gs.predict.samples'), children: data.sampleCount },
          ]}
        />
        {data.taskId !== null && !done && (
          <div style={{ marginTop: 16 }}>
            <TaskProgress taskId={data.taskId} />
          </div>
        )}
        {data.verification && (
          <Table
            size="small"
            style={{ marginTop: 16 }}
            rowKey="trait"
            pagination={false}
            title={() => t('gs.predict.realised', { file: data.verification!.fileName })}
            dataSource={data.verification.traits}
            data-testid="verify-table"
            columns={[
              { title: t('gs.model.trait'), dataIndex: 'trait', key: 'trait' },
              { title: 'n', dataIndex: 'n', key: 'n', align: 'right' },
              { title: 'r', dataIndex: 'r', key: 'r', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(4)) },
              { title: 'RMSE', dataIndex: 'rmse', key: 'rmse', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(4)) },
            ]}
          />
        )}
      </Card>
      {done && (
        <Row gutter={12} style={{ marginTop: 12 }}>
          <Col xs={24} xl={14}>
            <Card variant="borderless" title={t('gs.predict.ranking')}>
              <Table
                size="small"
                rowKey="id"
                dataSource={data.rows}
                data-testid="gebv-table"
                pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] }}
                scroll={{ x: 360 + 120 * data.traits.length }}
                columns={[
                  { title: t('gs.predict.rank'), dataIndex: 'rank', key: 'rank', width: 70 },
                  { title: t('gs.predict.sample'), dataIndex: 'id', key: 'id', width: 140 },
                  ...data.traits.map((tr) => ({
                    title: `GEBV ${tr}`,
                    key: tr,
                    align: 'right' as const,
                    render: (_: unknown, r: PredictDetail['rows'][number]) =>
                      r.values[tr] === null || r.values[tr] === undefined ? '—' : r.values[tr]!.toFixed(4),
                  })),
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card
              variant="borderless"
              title={t('gs.predict.distribution')}
              extra={data.traits.length > 1 && <Segmented options={data.traits} value={current} onChange={(v) => setTrait(String(v))} />}
            >
              {option && <Chart option={option} height={320} testId="gebv-histogram" />}
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
