import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { DetailState } from '../../components/DetailState';
import { EntriesPanel } from '../../entry/components/EntriesPanel';
import { FieldLayoutPanel } from '../../entry/components/FieldLayoutPanel';
import { HarvestPanel } from '../../harvest/components/HarvestPanel';
import { PollinationsPanel } from '../../pollination/components/PollinationsPanel';
import { SurveyPanel } from '../../survey/components/SurveyPanel';
import { ActivityHeader } from '../components/ActivityHeader';
import { useActivity } from '../components/useActivity';

/** /nursery/nursery/design/viewActivity/:id: a nursery with its entries, pollinations and harvests. */
export default function ActivityViewPage() {
  const { t } = useTranslation();
  const id = Number(usePage().params.id);
  const { data, isError } = useActivity(id);
  useRecordTitle('nursery.activity.viewTitle', data?.code);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page">
      <Card variant="borderless" title={`${data.code} · ${data.name}`}>
        <ActivityHeader activity={data} />
        <Tabs
          // Each tab reads afresh when shown (the survey's values show on the entries and in the parent pickers).
          destroyOnHidden
          items={[
            { key: 'entries', label: t('nursery.activity.tabs.entries'), children: <EntriesPanel activity={data} /> },
            { key: 'layout', label: t('nursery.activity.tabs.layout'), children: <FieldLayoutPanel activity={data} /> },
            { key: 'pollinations', label: t('nursery.activity.tabs.pollinations'), children: <PollinationsPanel activity={data} /> },
            { key: 'survey', label: t('nursery.activity.tabs.survey'), children: <SurveyPanel activity={data} /> },
            { key: 'harvests', label: t('nursery.activity.tabs.harvests'), children: <HarvestPanel activity={data} /> },
          ]}
        />
      </Card>
    </div>
  );
}
