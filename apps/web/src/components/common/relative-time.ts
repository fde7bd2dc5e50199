import type { TFunction } from 'i18next';
import dayjs from 'dayjs';

/**
 * Spec section 9: 'just now' under a minute, then minutes, hours the same day, days up to about 31,
 * then a date.
 */
export function relativeTime(at: Date | string, now: Date, t: TFunction): string {
  const then = dayjs(at);
  const seconds = (now.getTime() - then.valueOf()) / 1000;
  if (seconds < 60) return t('time.justNow');
  if (seconds < 3600) return t('time.minutesAgo', { count: Math.floor(seconds / 60) });
  if (then.isSame(now, 'day')) return t('time.hoursAgo', { count: Math.floor(seconds / 3600) });
  const days = Math.max(1, dayjs(now).startOf('day').diff(then.startOf('day'), 'day'));
  if (days <= 31) return t('time.daysAgo', { count: days });
  return then.format('YYYY-MM-DD');
}
