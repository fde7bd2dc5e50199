import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OpenNotice } from '@breedwise/contracts/message';
import { queryClient } from '../../lib/query';
import { platformApi } from '../../lib/platform-api';

const { notice } = platformApi.message;
/** Notices are read silently: a failing read must not interrupt the work. */
const silent = { errorMode: 'silent' } as const;
const ALERT_TYPE: Record<OpenNotice['level'], 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', important: 'error' };

/**
 * The notices in force that the user has not dismissed, as banners at the top of the workspace (below
 * the header, never over it). Closing one records the dismissal on the server: it is not shown to this
 * user again, on any device.
 */
export function NoticeBanner() {
  const { t } = useTranslation();
  const open = useQuery({ queryKey: notice.open.key, queryFn: () => notice.open(undefined, silent), retry: false });
  if (!open.data?.length) return null;
  const dismiss = async (id: number) => {
    queryClient.setQueryData<OpenNotice[]>(notice.open.key, (rows) => rows?.filter((n) => n.id !== id));
    try {
      await notice.dismiss({ id }, silent);
    } finally {
      await queryClient.invalidateQueries({ queryKey: notice.open.key });
    }
  };
  return (
    <div className="bw-notices" data-testid="notice-banner" role="region" aria-label={t('message.notices')}>
      {open.data.map((n) => (
        <Alert
          key={n.id}
          type={ALERT_TYPE[n.level]}
          showIcon
          banner
          data-testid={`notice-${n.id}`}
          title={
            <span>
              <strong>{n.title}</strong>
              <span className="bw-notice-date">{dayjs(n.publishedAt).format('YYYY-MM-DD')}</span>
            </span>
          }
          description={<div className="bw-notice-content">{n.content}</div>}
          action={
            <Button size="small" onClick={() => void dismiss(n.id)} data-testid={`notice-dismiss-${n.id}`}>
              {t('message.dismissNotice')}
            </Button>
          }
        />
      ))}
    </div>
  );
}
