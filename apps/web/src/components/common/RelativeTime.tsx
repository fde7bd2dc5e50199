import { useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { relativeTime } from './relative-time';

/** "5 min ago", refreshed every 60 s, with the exact time on hover. */
export function RelativeTime({ at }: { at: string | Date }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>
      <span>{relativeTime(at, now, t)}</span>
    </Tooltip>
  );
}
