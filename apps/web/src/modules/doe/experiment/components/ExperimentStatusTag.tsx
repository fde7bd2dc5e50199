import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExperimentStatus } from '@breedwise/contracts/doe';

const STATUS_COLOR: Record<ExperimentStatus, string> = { temporary: 'default', designed: 'processing', finished: 'success', harvested: 'warning' };

/** An experiment's state, and its lock once pushed to the phenotype system. */
export function ExperimentStatusTag({ status, locked }: { status: ExperimentStatus; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={STATUS_COLOR[status]} data-testid="experiment-status" data-status={status}>
        {t(`doe.experiment.status.${status}`)}
      </Tag>
      {locked && <Tag color="red">{t('doe.experiment.locked')}</Tag>}
    </>
  );
}
