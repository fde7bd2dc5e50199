import { useTranslation } from 'react-i18next';
import type { EntryImportReport } from '@breedwise/contracts/nursery';
import { api } from '../../api';
import { RowReportUpload } from '../../components/RowReportUpload';

/**
 * Entries from an xlsx file (name or accession number, generation, pedigree, parents; the entries export
 * is a valid file): all or nothing; the row report shows every refused row with its reason.
 */
export function EntryImport({ activityId, onImported }: { activityId: number; onImported(count: number): void | Promise<void> }) {
  const { t } = useTranslation();
  return (
    <RowReportUpload<EntryImportReport>
      url={() => `${api.nursery.entry.import.url()}?activityId=${activityId}`}
      accept=".xlsx"
      label={t('nursery.entry.import')}
      title={t('nursery.entry.importHelp')}
      testId="entry-import"
      reportTestId="entry-import-report"
      reportTitle={t('nursery.entry.importReport')}
      refusedText={(count) => t('nursery.entry.importRefused', { count })}
      fieldName={(f) => t(`nursery.entry.${f === 'name' ? 'name' : f === 'generation' ? 'generation' : 'materialNo'}`)}
      onDone={(r) => onImported(r.imported)}
    />
  );
}
