/** ISO 8601 durations (PnYnMnWnDTnHnMnS) added to instants in UTC, without reading any clock. */

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function parseDuration(text: string): Duration | null {
  const t = text.trim();
  const m = DURATION.exec(t);
  if (!m || t === 'P' || t.endsWith('T')) return null;
  const [years, months, weeks, days, hours, minutes, seconds] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const d = { years, months, weeks, days, hours, minutes, seconds };
  // At most ten years: a longer wait is a modelling mistake.
  const approxDays = years * 366 + months * 31 + weeks * 7 + days + hours / 24 + minutes / 1440 + seconds / 86400;
  if (approxDays > 3660) return null;
  return d;
}

/** `at` plus the duration, calendar fields (years, months) in UTC; answers an ISO string. */
export function addDuration(at: string, d: Duration): string {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + d.years, date.getUTCMonth() + d.months, date.getUTCDate() + d.weeks * 7 + d.days);
  return new Date(date.getTime() + ((d.hours * 60 + d.minutes) * 60 + d.seconds) * 1000).toISOString();
}
