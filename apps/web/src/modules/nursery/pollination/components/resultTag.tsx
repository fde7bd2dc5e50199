import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { PollinationRow } from '@breedwise/contracts/nursery';

/** The result and state of a pollination as tags: success/fail, finished, harvested. */
export function pollinationTags(t: TFunction, r: PollinationRow) {
  return (
    <>
      {r.result ? <Tag color={r.result === 'success' ? 'success' : 'error'}>{t(`nursery.pollination.results.${r.result}`)}</Tag> : '—'}
      {r.finished && <Tag>{t('nursery.pollination.finished')}</Tag>}
      {r.harvested && <Tag color="gold">{t('nursery.pollination.harvested')}</Tag>}
    </>
  );
}
