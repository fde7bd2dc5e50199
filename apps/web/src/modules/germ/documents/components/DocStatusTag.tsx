import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocStatus } from '@breedwise/contracts/germ';

const COLORS: Record<DocStatus, string> = { draft: 'default', submitted: 'processing', approved: 'success', rejected: 'error' };

export function DocStatusTag({ status }: { status: DocStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="doc-status">
      {t(`germ.docStatus.${status}`)}
    </Tag>
  );
}
