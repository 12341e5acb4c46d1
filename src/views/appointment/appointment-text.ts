// The appointment namespace's messages (src/i18n/<locale>/appointment) load with the pages that need them,
// and the shop's dates as the customer reads them. An appointment's date is the shop's own calendar date
// (`YYYY-MM-DD` in the shop's zone), so it is named as written, never moved into the phone's zone.
import { useI18nContext } from '../../i18n/i18n-context';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { useNamespace } from '../../i18n/use-namespace';

export type AppointmentTexts = TranslationFunctions['appointment'];

/** The appointment messages in the current language; null while they load, 'failed' when they cannot. */
export function useAppointmentTexts(): AppointmentTexts | null | 'failed' {
  const { LL } = useI18nContext();
  const state = useNamespace('appointment');
  return state === 'ready' ? LL.appointment : state === 'failed' ? 'failed' : null;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return f;
}

/** A calendar date at noon UTC, so formatting it in UTC names that very date in every language. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Fri" / "周五". */
export const weekdayShort = (date: string, locale: string) =>
  formatter(locale, { weekday: 'short' }).format(noonOf(date));
/** "20". */
export const dayOfMonth = (date: string) => String(Number(date.slice(8, 10)));
/** "Fri, 20 Nov" / "11月20日周五". */
export const dayLabel = (date: string, locale: string) =>
  formatter(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(noonOf(date));
/** "Friday 20 November" / "11月20日星期五": for the confirm page and screen readers. */
export const dayLong = (date: string, locale: string) =>
  formatter(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(noonOf(date));

export function addDays(date: string, days: number): string {
  const d = noonOf(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "Today", "Tomorrow", else the short day; `today` is the shop's today (the server's clock). */
export function relativeDay(T: AppointmentTexts, date: string, today: string | null, locale: string): string {
  if (today !== null && date === today) return T.select.today();
  if (today !== null && date === addDays(today, 1)) return T.select.tomorrow();
  return dayLabel(date, locale);
}

/** The shop-local clock time of an instant ("15:45"), as the shop's own clock shows it. */
export function clockIn(instant: string, timeZone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  const key = `clock|${timeZone}`;
  let f = cache.get(key);
  if (!f)
    cache.set(
      key,
      (f = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      })),
    );
  return f.format(at);
}
