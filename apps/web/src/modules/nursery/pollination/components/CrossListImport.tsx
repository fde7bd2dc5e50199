import { useTranslation } from 'react-i18next';
import type { CrossListReport } from '@breedwise/contracts/nursery';
import { api } from '../../api';
import { RowReportUpload } from '../../components/RowReportUpload';

/**
 * A cross list from a file (xlsx or CSV: columns female and male with material numbers): planned with the
 * rules of a cross plan, all or nothing; the row report shows every refused row with its reason.
 */
export function CrossListImport({ activityId, onPlanned }: { activityId: number; onPlanned(count: number): void | Promise<void> }) {
  const { t } = useTranslation();
  return (
    <RowReportUpload<CrossListReport>
      url={() => `${api.nursery.pollination.importCrosses.url()}?activityId=${activityId}`}
      accept=".xlsx,.csv"
      label={t('nursery.pollination.crossList')}
      testId="cross-list-import"
      reportTestId="cross-list-report"
      reportTitle={t('nursery.pollination.crossListReport')}
      refusedText={(count) => t('nursery.pollination.crossListRefused', { count })}
      fieldName={(v) => t(v === 'female' ? 'nursery.pollination.female' : 'nursery.pollination.male')}
      onDone={(r) => onPlanned(r.planned)}
    />
  );
}
