import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { useActivity } from '../../activity/components/useActivity';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { nurseryPaths } from '../../paths';
import { RecordModal } from '../components/RecordModal';
import { pollinationTags } from '../components/resultTag';

/** /nursery/hybrid/events/hybridDetail/:id: one pollination: its plan and progeny, its record, and finishing it (irreversible). */
export default function PollinationDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(usePage().params.id);
  const { data, isError } = useQuery({ queryKey: [...api.nursery.pollination.detail.key, id], queryFn: () => api.nursery.pollination.detail({ id }) });
  const activity = useActivity(data?.activityId ?? 0).data;
  const [recording, setRecording] = useState(false);
  useRecordTitle('nursery.pollination.viewTitle', data?.code);
  const open = !!activity && activity.status !== 'finished' && !!data && !data.finished;
  const canRecord = usePermission(P.pollinationRecord) && open;
  const canFinish = usePermission(P.pollinationFinish) && open && !!data?.result;
  if (!data) return <DetailState failed={isError} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['nursery'] });
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={`${data.code} · ${t(`nursery.pollination.types.${data.type}`)}`}
        extra={
          <Space>
            {activity && <Button onClick={() => navigate(nurseryPaths.activityView(activity.id))}>{activity.code}</Button>}
            {canRecord && (
              <Button type="primary" onClick={() => setRecording(true)} data-testid="detail-record">
                {t('nursery.pollination.record')}
              </Button>
            )}
            {canFinish && (
              <Popconfirm
                title={t('nursery.pollination.finishConfirm', { count: 1 })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'detail-finish-ok' }}
                onConfirm={async () => {
                  await api.nursery.pollination.finish({ ids: [id] }, { errorMode: 'modal' });
                  void message.success(t('nursery.pollination.finishDone', { count: 1 }));
                  await refresh();
                }}
              >
                <Button danger data-testid="detail-finish">
                  {t('nursery.pollination.finish')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        {data.finished && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('nursery.pollination.irreversible')} />}
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'female', label: t('nursery.pollination.female'), children: `${data.femaleName} (${t('nursery.entry.plotNo')} ${data.femalePlotNo})` },
            { key: 'male', label: t('nursery.pollination.male'), children: data.maleName ?? '—' },
            { key: 'type', label: t('nursery.pollination.type'), children: t(`nursery.pollination.types.${data.type}`) },
            { key: 'progeny', label: t('nursery.pollination.progeny'), children: data.progenyName },
            { key: 'pedigree', label: t('nursery.pollination.progenyPedigree'), children: data.progenyPedigree },
            { key: 'generation', label: t('nursery.pollination.progenyGeneration'), children: data.progenyGeneration },
            { key: 'result', label: t('nursery.pollination.result'), children: pollinationTags(t, data) },
            { key: 'date', label: t('nursery.pollination.date'), children: data.date ?? '—' },
            { key: 'person', label: t('nursery.pollination.person'), children: data.person ?? '—' },
            { key: 'bags', label: t('nursery.pollination.bags'), children: data.bags ?? '—' },
            { key: 'harvest', label: t('nursery.harvest.harvestNumber'), children: data.harvestNumber ?? '—' },
            { key: 'lot', label: t('nursery.pollination.lotNo'), children: data.lotNo ?? '—' },
          ]}
        />
      </Card>
      <RecordModal
        ids={recording ? [id] : null}
        onClose={() => setRecording(false)}
        onDone={async (count) => {
          void message.success(t('nursery.pollination.recorded', { count }));
          await refresh();
        }}
      />
    </div>
  );
}
