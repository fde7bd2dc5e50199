import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GsTaskState } from '@breedwise/contracts/gs';

const COLOR: Record<GsTaskState, string> = { queued: 'default', creating: 'processing', finished: 'success', failed: 'error', validating: 'purple' };

/** Spec section 4: a GS task's state (queued, creating, finished, failed, validating). */
export function StateTag({ state }: { state: GsTaskState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[state]} data-testid="gs-state" data-state={state}>
      {t(`gs.state.${state}`)}
    </Tag>
  );
}
