import { useCallback } from 'react';
import { Alert, Button, Card, Space, Tabs, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { api } from '../../api';
import { DetailState } from '../../components/DetailState';
import { doePaths } from '../../paths';
import { DesignPanel } from '../components/DesignPanel';
import { EntriesPanel } from '../components/EntriesPanel';
import { ExperimentForm } from '../components/ExperimentForm';
import { ExperimentStatusTag } from '../components/ExperimentStatusTag';

const experiment = api.doe.experiment;

/** /doe/exp/design/editExperiment/:id: the experiment's information, its entries and its design with preview. */
export default function ExperimentEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(usePage().params.id);
  const { data, isError } = useQuery({ queryKey: [...experiment.detail.key, id], queryFn: () => experiment.detail({ id }) });
  useRecordTitle('common.edit', data?.code);
  const onSaved = useCallback(() => navigate(doePaths.experimentView(id)), [navigate, id]);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page">
      <Card
        variant="borderless"
        title={
          <Space>
            {data.name}
            <Typography.Text type="secondary">{data.code}</Typography.Text>
            <ExperimentStatusTag status={data.status} locked={data.locked} />
          </Space>
        }
        extra={
          <Button icon={<EyeOutlined />} onClick={() => navigate(doePaths.experimentView(id))}>
            {t('doe.experiment.viewPage')}
          </Button>
        }
      >
        {data.locked && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('doe.experiment.lockedHint')} />}
        <Tabs
          defaultActiveKey={data.status === 'temporary' && data.entryCount > 0 ? 'design' : data.entryCount === 0 ? 'entries' : 'info'}
          items={[
            { key: 'info', label: t('doe.experiment.infoTab'), children: <ExperimentForm experiment={data} /> },
            {
              key: 'entries',
              label: t('doe.experiment.entriesTab', { n: data.entryCount }),
              children: <EntriesPanel experimentId={id} editable={data.actions.includes('entries')} />,
            },
            {
              key: 'design',
              label: t('doe.experiment.designTab'),
              children: data.actions.includes('design') ? (
                <DesignPanel experiment={data} onSaved={onSaved} canEdit={!data.locked && data.actions.includes('edit')} />
              ) : (
                <Alert type="info" showIcon title={t('doe.design.notNow', { status: t(`doe.experiment.status.${data.status}`) })} />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
