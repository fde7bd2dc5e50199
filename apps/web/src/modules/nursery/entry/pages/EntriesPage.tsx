import { Card } from 'antd';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { ActivityHeader } from '../../activity/components/ActivityHeader';
import { useActivity } from '../../activity/components/useActivity';
import { DetailState } from '../../components/DetailState';
import { EntriesPanel } from '../components/EntriesPanel';

/** /nursery/nursery/entries/viewNurseryGroup/:id: the entries of one nursery. */
export default function EntriesPage() {
  const id = Number(usePage().params.id);
  const { data, isError } = useActivity(id);
  useRecordTitle('nursery.entry.title', data?.code);
  if (!data) return <DetailState failed={isError} />;
  return (
    <div className="bw-page">
      <Card variant="borderless" title={`${data.code} · ${data.name}`}>
        <ActivityHeader activity={data} links={false} />
        <EntriesPanel activity={data} />
      </Card>
    </div>
  );
}
