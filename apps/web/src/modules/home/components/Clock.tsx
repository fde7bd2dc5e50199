import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A live clock: time, date and weekday in the interface language. */
export function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.language === 'en' ? 'en' : 'zh-cn';
  return (
    <div className="bw-clock" data-testid="dashboard-clock">
      <div className="bw-clock-time">{now.format('HH:mm:ss')}</div>
      <div className="bw-clock-date">{now.locale(locale).format(locale === 'en' ? 'dddd, D MMMM YYYY' : 'YYYY年M月D日 dddd')}</div>
    </div>
  );
}
