import { Button, Card, Descriptions, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { bpmPaths } from '../../paths';
import { BpmnViewer } from '../../components/BpmnViewer';
import { InstanceStatusTag } from '../../components/StatusTags';

/** One leave request with its process: the diagram with the current step. */
export default function LeaveDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { params } = usePage();
  const id = Number(params.id);
  const { data } = useQuery({ queryKey: [...api.bpm.leave.get.key, id], queryFn: () => api.bpm.leave.get({ id }) });
  const instanceId = data?.processInstanceId ?? null;
  const { data: inst } = useQuery({
    queryKey: [...api.bpm.instance.get.key, instanceId],
    queryFn: () => api.bpm.instance.get({ id: instanceId! }),
    enabled: instanceId !== null,
  });
  useRecordTitle('bpm.leave.detailOf', data ? `${data.startDate} ~ ${data.endDate}` : undefined);
  if (!data) return <Spin style={{ margin: 48 }} />;
  return (
    <div className="bw-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space>
              {t(`bpm.leave.types.${data.type}`)}
              <InstanceStatusTag status={data.status} />
            </Space>
          }
          extra={
            instanceId && (
              <Button onClick={() => navigate(bpmPaths.instance(instanceId))} data-testid="leave-process">
                {t('bpm.leave.process')}
              </Button>
            )
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="leave-detail">
            <Descriptions.Item label={t('bpm.leave.range')}>
              {data.startDate} ~ {data.endDate}
            </Descriptions.Item>
            <Descriptions.Item label={t('bpm.leave.days')}>{data.days}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.instance.current')}>{inst?.currentTasks.join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('bpm.leave.reason')} span={3}>
              {data.reason}
            </Descriptions.Item>
            {data.remark && <Descriptions.Item label={t('bpm.leave.remark')}>{data.remark}</Descriptions.Item>}
          </Descriptions>
        </Card>
        {inst && (
          <Card variant="borderless" title={t('bpm.instance.diagram')}>
            <BpmnViewer xml={inst.bpmnXml} status={inst.nodeStatus} height={320} />
          </Card>
        )}
      </Space>
    </div>
  );
}
