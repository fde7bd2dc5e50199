import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, App, Button, Card, Col, Form, InputNumber, Row, Segmented, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INDEX_METHODS, gsPermissions as P, type IndexData, type IndexMethod, type TraitWeight } from '@breedwise/contracts/gs';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { download } from '../../components/transfer';
import { SendToPlantingModal } from '../components/SendToPlantingModal';

const sample = api.gs.sample;

/**
 * /gs/evaluation: selection and index evaluation over a finished prediction. Per trait a trend and a
 * weight (summing to 100 for the weighted index), the index (weighted, Smith-Hazel or desired gains,
 * computed by the engine on the server), the ranked samples with the top ones proposed, and the
 * candidate list (add, remove, export).
 */
export default function EvaluationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = usePermission(P.predictAdd);
  const [predictId, setPredictId] = useState<number | undefined>();
  const [weights, setWeights] = useState<TraitWeight[]>([]);
  const [method, setMethod] = useState<IndexMethod>('weighted');
  const [select, setSelect] = useState(10);
  const [result, setResult] = useState<IndexData | null>(null);
  const [picked, setPicked] = useState<Key[]>([]);
  const [sending, setSending] = useState(false);
  const predictions = useQuery({ queryKey: [...api.gs.predict.$key, 'options'], queryFn: () => api.gs.predict.page({ pageSize: 200 }) });
  const assess = useQuery({ queryKey: [...sample.$key, 'assess', predictId], queryFn: () => sample.assess({ id: predictId! }), enabled: !!predictId });
  const candidates = useQuery({
    queryKey: [...sample.$key, 'candidates', predictId],
    queryFn: () => sample.candidates({ predictId: predictId! }),
    enabled: !!predictId,
  });
  useEffect(() => {
    const traits = assess.data?.traits ?? [];
    const share = traits.length ? Math.floor(100 / traits.length) : 0;
    setWeights(traits.map((x, i) => ({ trait: x.trait, trend: '+', weight: i === traits.length - 1 ? 100 - share * (traits.length - 1) : share })));
    setResult(null);
  }, [assess.data]);
  const total = weights.reduce((s, w) => s + (w.weight || 0), 0);
  const setWeight = (i: number, patch: Partial<TraitWeight>) => setWeights((ws) => ws.map((w, k) => (k === i ? { ...w, ...patch } : w)));

  const compute = async () => {
    const data = await sample.page({ predictId: predictId!, method, weights, select });
    setResult(data);
    setPicked(data.rows.filter((r) => r.proposed && !r.added).map((r) => r.id));
  };
  const refreshCandidates = () => qc.invalidateQueries({ queryKey: [...sample.$key, 'candidates', predictId] });
  const add = async () => {
    const rows = (result?.rows ?? []).filter((r) => picked.includes(r.id));
    const { added } = await sample.addCandidates({ predictId: predictId!, method, samples: rows.map((r) => ({ id: r.id, index: r.index })) });
    message.success(t('gs.evaluation.added', { count: added }));
    setResult((r) => r && { ...r, rows: r.rows.map((x) => (picked.includes(x.id) ? { ...x, added: true } : x)) });
    setPicked([]);
    await refreshCandidates();
  };
  const remove = async (ids: string[]) => {
    await sample.delCandidates({ predictId: predictId!, sampleIds: ids });
    setResult((r) => r && { ...r, rows: r.rows.map((x) => (ids.includes(x.id) ? { ...x, added: false } : x)) });
    await refreshCandidates();
  };
  const traits = assess.data?.traits.map((x) => x.trait) ?? [];
  const options = useMemo(
    () =>
      (predictions.data?.rows ?? [])
        .filter((p) => p.status === 'finished' || p.status === 'validating')
        .map((p) => ({ value: p.id, label: `${p.name} (${p.traits.join(', ')})` })),
    [predictions.data],
  );

  return (
    <div className="bw-page" data-testid="evaluation-page">
      <Card variant="borderless" title={t('gs.evaluation.title')}>
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={10}>
              <Form.Item label={t('gs.evaluation.prediction')} required>
                <Select showSearch optionFilterProp="label" value={predictId} onChange={setPredictId} options={options} data-testid="evaluation-prediction" />
              </Form.Item>
            </Col>
            <Col xs={24} md={9}>
              <Form.Item label={t('gs.evaluation.method')}>
                <Segmented<IndexMethod>
                  value={method}
                  onChange={setMethod}
                  options={INDEX_METHODS.map((m) => ({ value: m, label: t(`gs.evaluation.methods.${m}`) }))}
                  data-testid="evaluation-method"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item label={t('gs.evaluation.select')}>
                <InputNumber
                  min={0}
                  precision={0}
                  value={select}
                  onChange={(v) => setSelect(v ?? 0)}
                  style={{ width: '100%' }}
                  data-testid="evaluation-select"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {weights.length > 0 && (
          <>
            <Table<TraitWeight>
              size="small"
              rowKey="trait"
              pagination={false}
              dataSource={weights}
              data-testid="weight-table"
              columns={[
                { title: t('gs.model.trait'), dataIndex: 'trait', key: 'trait' },
                {
                  title: t('gs.evaluation.trend'),
                  key: 'trend',
                  render: (_, w, i) => (
                    <Select
                      value={w.trend}
                      style={{ width: 140 }}
                      onChange={(v) => setWeight(i, { trend: v })}
                      options={[
                        { value: '+', label: t('gs.evaluation.positive') },
                        { value: '-', label: t('gs.evaluation.negative') },
                      ]}
                      data-testid={`trend-${w.trait}`}
                    />
                  ),
                },
                {
                  title: t('gs.evaluation.weight'),
                  key: 'weight',
                  render: (_, w, i) => (
                    <InputNumber min={0} max={100} value={w.weight} onChange={(v) => setWeight(i, { weight: v ?? 0 })} data-testid={`weight-${w.trait}`} />
                  ),
                },
              ]}
            />
            <Space style={{ marginTop: 12 }} wrap>
              <Tag color={total === 100 ? 'success' : 'error'} data-testid="weight-total">
                {t('gs.evaluation.total', { total })}
              </Tag>
              <Button type="primary" onClick={() => void compute()} disabled={method === 'weighted' && total !== 100} data-testid="evaluation-compute">
                {t('gs.evaluation.compute')}
              </Button>
            </Space>
            {method === 'weighted' && total !== 100 && <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t('gs.evaluation.sumRule')} />}
          </>
        )}
      </Card>
      {result && (
        <Card
          variant="borderless"
          style={{ marginTop: 12 }}
          title={t('gs.evaluation.ranking')}
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} disabled={!picked.length} onClick={() => void add()} data-testid="evaluation-add">
                {t('gs.evaluation.add', { count: picked.length })}
              </Button>
            )
          }
        >
          <Space wrap style={{ marginBottom: 8 }}>
            {Object.entries(result.gains).map(([trait, g]) => (
              <Tag key={trait}>{t('gs.evaluation.gain', { trait, gain: g.toFixed(4) })}</Tag>
            ))}
          </Space>
          <Table
            size="small"
            rowKey="id"
            dataSource={result.rows}
            data-testid="index-table"
            rowSelection={canEdit ? { selectedRowKeys: picked, onChange: setPicked, getCheckboxProps: (r) => ({ disabled: r.added }) } : undefined}
            pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100, 200] }}
            scroll={{ x: 480 + 120 * traits.length }}
            columns={[
              { title: t('gs.predict.rank'), dataIndex: 'rank', key: 'rank', width: 70 },
              { title: t('gs.predict.sample'), dataIndex: 'id', key: 'id', width: 130 },
              { title: t('gs.evaluation.index'), dataIndex: 'index', key: 'index', width: 110, align: 'right', render: (v: number) => v.toFixed(4) },
              ...traits.map((tr) => ({
                title: `GEBV ${tr}`,
                key: tr,
                align: 'right' as const,
                render: (_: unknown, r: IndexData['rows'][number]) => (r.values[tr] === null || r.values[tr] === undefined ? '—' : r.values[tr]!.toFixed(4)),
              })),
              {
                title: t('common.status'),
                key: 'state',
                width: 120,
                render: (_: unknown, r: IndexData['rows'][number]) =>
                  r.added ? (
                    <Tag color="success">{t('gs.evaluation.inList')}</Tag>
                  ) : r.proposed ? (
                    <Tag color="processing">{t('gs.evaluation.proposed')}</Tag>
                  ) : null,
              },
            ]}
          />
        </Card>
      )}
      {predictId && (
        <Card
          variant="borderless"
          style={{ marginTop: 12 }}
          title={t('gs.evaluation.candidates', { count: candidates.data?.length ?? 0 })}
          extra={
            <Space wrap>
              {canEdit && (
                <Button icon={<SendOutlined />} disabled={!candidates.data?.length} onClick={() => setSending(true)} data-testid="candidates-planting">
                  {t('gs.planting.open')}
                </Button>
              )}
              <Button
                icon={<DownloadOutlined />}
                disabled={!candidates.data?.length}
                onClick={() => download(sample.candidatesExport.url({ id: predictId }), 'POST', 'candidates.csv').catch((e: Error) => message.error(e.message))}
                data-testid="candidates-export"
              >
                {t('gs.evaluation.export')}
              </Button>
            </Space>
          }
        >
          <Table
            size="small"
            rowKey="id"
            dataSource={candidates.data ?? []}
            data-testid="candidate-table"
            pagination={{ pageSize: 20 }}
            columns={[
              { title: t('gs.predict.sample'), dataIndex: 'sampleId', key: 'sampleId' },
              { title: t('gs.evaluation.index'), dataIndex: 'index', key: 'index', align: 'right', render: (v: number) => v.toFixed(4) },
              { title: t('gs.evaluation.method'), dataIndex: 'method', key: 'method', render: (v: IndexMethod) => t(`gs.evaluation.methods.${v}`) },
              ...(canEdit
                ? [
                    {
                      title: t('common.actions'),
                      key: 'a',
                      width: 90,
                      render: (_: unknown, r: { sampleId: string }) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('common.delete')}
                          onClick={() => void remove([r.sampleId])}
                          data-testid="candidate-remove"
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
      {predictId && <SendToPlantingModal predictId={predictId} count={candidates.data?.length ?? 0} open={sending} onClose={() => setSending(false)} />}
    </div>
  );
}
