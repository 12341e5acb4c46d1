// Server-side localisation: the request's language (header `language`) picks the message table and the
// zod error map used for validation messages.
import { z } from 'zod';
import { LOCALES, type Locale } from '../../src/domain/enums';
import { en, es, fr, zhCN, zhTW, type MessageKey, type Messages } from './messages';

export type { MessageKey };

const TABLES: Record<Locale, Messages> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, fr, es };

/** Text supplied by a caller in several languages; `en` is the fallback for the others. */
export type LocalizedText = { en: string } & Partial<Record<Locale, string>>;

export type MessageParams = Record<string, string | number>;

const fill = (template: string, params?: MessageParams) =>
  params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template;

export function translate(locale: Locale, key: MessageKey | LocalizedText, params?: MessageParams): string {
  if (typeof key === 'string') return fill(TABLES[locale][key], params);
  const zhFallback = locale === 'zh-TW' ? key['zh-CN'] : undefined;
  return fill(key[locale] ?? zhFallback ?? key.en, params);
}

/**
 * The language of a request. Exact locale codes win; otherwise the primary subtag decides (zh-HK/zh-Hant
 * read traditional, other zh simplified). No header: English overseas (`Abroad-Env`), else Simplified
 * Chinese, the product's default locale. Anything unrecognised falls back to English.
 */
export function resolveLocale(header: string | undefined, abroad: boolean): Locale {
  const value = header?.trim();
  if (!value) return abroad ? 'en' : 'zh-CN';
  const exact = LOCALES.find((l) => l.toLowerCase() === value.toLowerCase());
  if (exact) return exact;
  const lower = value.toLowerCase().replace('_', '-');
  if (lower.startsWith('zh')) return /hant|tw|hk|mo/.test(lower) ? 'zh-TW' : 'zh-CN';
  if (lower.startsWith('fr')) return 'fr';
  if (lower.startsWith('es')) return 'es';
  return 'en';
}

const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  'zh-CN': z.locales.zhCN,
  'zh-TW': z.locales.zhTW,
  fr: z.locales.fr,
  es: z.locales.es,
};
const zodMaps = new Map<Locale, z.core.$ZodErrorMap>();

/** zod's own translated messages, so validation errors read in the request's language. */
export function zodErrorMap(locale: Locale): z.core.$ZodErrorMap {
  let map = zodMaps.get(locale);
  if (!map) {
    map = ZOD_LOCALES[locale]().localeError;
    zodMaps.set(locale, map);
  }
  return map;
}

/** "phone: Invalid string…; code: Required" — at most three issues, each with the field path. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
