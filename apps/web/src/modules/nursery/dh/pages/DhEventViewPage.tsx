import { Button, Card, Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { nurseryPaths } from '../../paths';

/** /nursery/dh/events/viewDHEvent/:id: one recorded DH step with its values (formulas as computed when it was recorded). */
export default function DhEventViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(usePage().params.id);
  const { data, isError } = useQuery({ queryKey: [...api.nursery.dhEvent.detail.key, id], queryFn: () => api.nursery.dhEvent.detail({ id }) });
  const entry = useQuery({
    queryKey: [...api.nursery.dhEntry.detail.key, data?.dhEntryId],
    queryFn: () => api.nursery.dhEntry.detail({ id: data!.dhEntryId }),
    enabled: !!data,
  }).data;
  const flow = useQuery({
    queryKey: [...api.nursery.dhFlow.detail.key, entry?.flowId],
    queryFn: () => api.nursery.dhFlow.detail({ id: entry!.flowId }),
    enabled: !!entry,
  }).data;
  useRecordTitle('nursery.dhEvent.viewTitle', data ? `${data.batchNo} ${t(`nursery.dhEvent.steps.${data.step}`)}` : undefined);
  if (!data) return <DetailState failed={isError} />;
  const nameOf = (code: string) => flow?.attributes.find((a) => a.code === code)?.name ?? code;
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={`${data.batchNo} · ${t(`nursery.dhEvent.steps.${data.step}`)}`}
        extra={
          <Space>
            <Button onClick={() => navigate(nurseryPaths.dhEntry(data.dhEntryId))} data-testid="dh-event-batch-link">
              {data.batchNo}
            </Button>
            {entry?.nextStep && (
              <Button type="primary" onClick={() => navigate(nurseryPaths.dhEventAdd(data.dhEntryId))} data-testid="dh-event-next">
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
            { key: 'step', label: t('nursery.dhEvent.step'), children: t(`nursery.dhEvent.steps.${data.step}`) },
            { key: 'date', label: t('nursery.dhEvent.date'), children: data.date },
            { key: 'person', label: t('nursery.dhEvent.person'), children: data.person ?? '—' },
            { key: 'count', label: t('nursery.dhEvent.count'), children: data.count },
            ...Object.entries(data.values).map(([code, v]) => ({
              key: `v-${code}`,
              label: nameOf(code),
              children: <span data-testid={`dh-view-${code}`}>{v === null ? '—' : String(v)}</span>,
            })),
            { key: 'lot', label: t('nursery.dhEntry.lotNo'), children: data.lotNo ?? '—' },
            { key: 'remark', label: t('nursery.activity.remark'), children: data.remark ?? '—' },
            { key: 'by', label: t('nursery.dhEvent.recordedBy'), children: data.createdBy ?? '—' },
          ]}
        />
      </Card>
    </div>
  );
}
