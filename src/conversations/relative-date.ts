// When a conversation was last touched, as people say it: "just now", "5 minutes ago", "yesterday".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `time` relative to `now` in the page's language; a date beyond a week. */
export function relativeDate(time: number, now = Date.now(), locale?: string): string {
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  return new Date(time).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}
