const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const MONTH_MS = 30.44 * DAY_MS;
const YEAR_MS = 365.25 * DAY_MS;

const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'always' });

/**
 * How long ago an instant was, in the largest whole unit that reads naturally:
 * 'just now', '5 minutes ago', '3 hours ago', '3 days ago', '5 weeks ago', '4 months ago', '2 years ago'.
 */
export function formatAge(value: string, now: number = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  const age = now - at;
  // Also a moment 'in the future': the viewer's clock may run a little behind the server's.
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return relative.format(-Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return relative.format(-Math.floor(age / HOUR_MS), 'hour');
  if (age < 2 * WEEK_MS) return relative.format(-Math.floor(age / DAY_MS), 'day');
  if (age < 2 * MONTH_MS) return relative.format(-Math.floor(age / WEEK_MS), 'week');
  if (age < YEAR_MS) return relative.format(-Math.floor(age / MONTH_MS), 'month');
  return relative.format(-Math.floor(age / YEAR_MS), 'year');
}
