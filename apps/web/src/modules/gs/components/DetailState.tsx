import { Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a record's page shows until the record is there: a skeleton while it loads, a 404 when it cannot be had. */
export function DetailState({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? (
    <Result status="404" title={t('gs.notFound')} />
  ) : (
    <Card>
      <Skeleton active />
    </Card>
  );
}
