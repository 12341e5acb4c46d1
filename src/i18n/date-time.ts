// Dates and times as the customer reads them. The clock is always 24-hour (00:00–23:59), in every language:
// shop hours, delivery slots and pickup times are written that way, and a time next to them must match.
// hourCycle h23, not hour12: false, which some engines turn into h24 and print midnight as 24:05.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const id = `${locale}|${key}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, hourCycle: 'h23' });
    cache.set(id, f);
  }
  return f;
}

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** "05/14 13:05" (ordered as the language writes month and day); '' for an unreadable date. */
export function formatDateTime(at: Date | string, locale: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    locale,
    { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
    'dateTime',
  ).format(date);
}

/** "13:05"; '' for an unreadable date. */
export function formatClock(at: Date | string, locale: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(locale, { hour: '2-digit', minute: '2-digit' }, 'clock').format(date);
}
