import { Card } from 'antd';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { ActivityHeader } from '../../activity/components/ActivityHeader';
import { useActivity } from '../../activity/components/useActivity';
import { DetailState } from '../../components/DetailState';
import { HarvestPanel } from '../components/HarvestPanel';

/** /nursery/nursery/obtain/viewObtain/:id: the harvest of one nursery into seed lots. */
export default function HarvestPage() {
  const id = Number(usePage().params.id);
  const { data, isError } = useActivity(id);
  useRecordTitle('nursery.harvest.viewTitle', data?.code);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page">
      <Card variant="borderless" title={`${data.code} · ${data.name}`}>
        <ActivityHeader activity={data} links={false} />
        <HarvestPanel activity={data} />
      </Card>
    </div>
  );
}
