import { Button, Card, Descriptions, Space, Table, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P, type DhChainLink, type DhEventRow } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { nurseryPaths } from '../../paths';
import { formatValues } from '../components/values';

const colorOf: Record<DhChainLink['kind'], string> = { cross: 'blue', induction: 'purple', harvest: 'gray', entry: 'orange', event: 'green', lot: 'red' };

/**
 * /nursery/dh/entry/entryDetail/:id: a DH batch, its events and its chain from the source cross to the D1 lot.
 * /nursery/dh/entry/lotChain/:lotId: the same for the batch that made a D1 seed lot (the inventory links here).
 */
export default function DhEntryDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = usePage().params;
  const lotId = params.lotId ? Number(params.lotId) : null;
  const id = Number(params.id);
  const { data, isError } = useQuery({
    queryKey: lotId ? [...api.nursery.dhEntry.ofLot.key, lotId] : [...api.nursery.dhEntry.detail.key, id],
    queryFn: () => (lotId ? api.nursery.dhEntry.ofLot({ id: lotId }, { errorMode: 'silent' }) : api.nursery.dhEntry.detail({ id })),
  });
  const canRecord = usePermission(P.dhEventAdd);
  useRecordTitle('nursery.dhEntry.viewTitle', data?.batchNo);
  if (!data) return <DetailState failed={isError} />;
  const linkText = (l: DhChainLink) => {
    if (l.kind === 'event') return `${t(`nursery.dhEvent.steps.${l.label}`)} · ${t('nursery.dhEvent.count')} ${l.code}${l.detail ? ` · ${l.detail}` : ''}`;
    if (l.kind === 'cross' || l.kind === 'induction') return `${t(`nursery.dhEntry.chain.${l.kind}`)} ${l.code} · ${l.detail ?? ''}`;
    return `${t(`nursery.dhEntry.chain.${l.kind}`)} ${l.code ?? ''}${l.detail ? ` · ${l.detail}` : ''}`;
  };
  return (
    <div className="bw-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={`${data.batchNo} · ${data.name}`}
          extra={
            <Space>
              {data.nextStep ? (
                <Tag color="processing">{t(`nursery.dhEvent.steps.${data.nextStep}`)}</Tag>
              ) : (
                <Tag color="success">{t('nursery.dhEntry.done')}</Tag>
              )}
              {canRecord && data.nextStep && (
                <Button type="primary" data-testid="dh-record-next" onClick={() => navigate(nurseryPaths.dhEventAdd(data.id))}>
                  {t('nursery.dhEvent.recordNext')}
                </Button>
              )}
            </Space>
          }
        >
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'list', label: t('nursery.dhEntry.listName'), children: data.listName },
              { key: 'project', label: t('nursery.dhEntry.project'), children: data.project ?? '—' },
              { key: 'season', label: t('nursery.activity.season'), children: `${data.year} ${t(`nursery.activity.seasons.${data.season}`)}` },
              { key: 'fieldNo', label: t('nursery.dhEntry.fieldNo'), children: data.fieldNo },
              { key: 'generation', label: t('nursery.dhEntry.generation'), children: data.generation },
              { key: 'parents', label: t('nursery.dhEntry.parents'), children: [data.femaleParent, data.maleParent].filter(Boolean).join(' × ') || '—' },
              { key: 'pedigree', label: t('nursery.dhEntry.pedigree'), children: data.pedigree ?? '—' },
              { key: 'germCount', label: t('nursery.dhEntry.germCount'), children: data.germCount },
              { key: 'task', label: t('nursery.dhEntry.taskName'), children: data.taskName },
              { key: 'flow', label: t('nursery.dhEntry.flow'), children: data.flowName },
              { key: 'handbook', label: t('nursery.dhEntry.handbookFile'), children: data.handbookFile ?? '—' },
              { key: 'lot', label: t('nursery.dhEntry.lotNo'), children: <span data-testid="dh-lot-no">{data.lotNo ?? '—'}</span> },
            ]}
          />
        </Card>
        <Card variant="borderless" title={t('nursery.dhEntry.events')}>
          <Table<DhEventRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.events}
            scroll={{ x: 900 }}
            columns={[
              {
                title: t('nursery.dhEvent.step'),
                dataIndex: 'step',
                width: 170,
                render: (v: string, r) => <a onClick={() => navigate(nurseryPaths.dhEvent(r.id))}>{t(`nursery.dhEvent.steps.${v}`)}</a>,
              },
              { title: t('nursery.dhEvent.date'), dataIndex: 'date', width: 110 },
              { title: t('nursery.dhEvent.person'), dataIndex: 'person', width: 100, render: (v: string | null) => v ?? '—' },
              { title: t('nursery.dhEvent.count'), dataIndex: 'count', width: 100, align: 'right' },
              { title: t('nursery.dhEvent.values'), key: 'values', render: (_: unknown, r) => formatValues(r.values) || '—' },
              { title: t('nursery.dhEntry.lotNo'), dataIndex: 'lotNo', width: 130, render: (v: string | null) => v ?? '—' },
            ]}
          />
        </Card>
        <Card variant="borderless" title={t('nursery.dhEntry.chainTitle')}>
          <Timeline
            data-testid="dh-chain"
            items={data.chain.map((l, i) => ({
              key: i,
              color: colorOf[l.kind],
              children: (
                <span data-testid={`dh-chain-${l.kind}`}>
                  {l.date ? <span style={{ color: 'var(--ant-color-text-secondary)', marginRight: 8 }}>{l.date}</span> : null}
                  {l.pollinationId && (l.kind === 'cross' || l.kind === 'induction') ? (
                    <a onClick={() => navigate(nurseryPaths.pollination(l.pollinationId!))}>{linkText(l)}</a>
                  ) : (
                    linkText(l)
                  )}
                </span>
              ),
            }))}
          />
        </Card>
      </Space>
    </div>
  );
}
