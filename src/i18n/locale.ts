// Which interface language to show (spec §1): the saved user-language wins; otherwise English overseas and
// Simplified Chinese at home. Unknown or partial tags fall back to the nearest supported locale, then English.
import type { Locales } from './i18n-types';

export const DEFAULT_LOCALE: Locales = 'zh-CN';
export const FALLBACK_LOCALE: Locales = 'en';
export const OVERSEAS_LOCALE: Locales = 'en';

/** How each language names itself in the language switch (spec §3 "UI language labels"). */
export const LOCALE_LABELS: Record<Locales, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  fr: 'Français',
  es: 'Español',
};

/** The locales in the order the language switch lists them. */
export const LOCALE_ORDER: readonly Locales[] = ['zh-CN', 'en', 'zh-TW', 'fr', 'es'];

// Every locale, from the labels (a Record over Locales, so none is missing) rather than i18n-util: the
// early reads choose the locale before the app's translation runtime has loaded (decision K50).
const locales = Object.keys(LOCALE_LABELS) as Locales[];

/** A supported locale for any language tag, or null when nothing fits. */
export function normaliseLocale(tag: string | null | undefined): Locales | null {
  if (!tag) return null;
  const cleaned = tag.trim().replace('_', '-');
  if (cleaned === '') return null;
  const exact = locales.find((l) => l.toLowerCase() === cleaned.toLowerCase());
  if (exact) return exact;
  const [language = '', region = ''] = cleaned.toLowerCase().split('-');
  if (language === 'zh') {
    return ['tw', 'hk', 'mo', 'hant'].includes(region) ? 'zh-TW' : 'zh-CN';
  }
  return locales.find((l) => l === language) ?? null;
}

export interface LocaleInputs {
  /** The stored user-language value, if any. */
  saved: string | null | undefined;
  isOverseas: boolean;
}

export function chooseLocale({ saved, isOverseas }: LocaleInputs): Locales {
  const fromSaved = normaliseLocale(saved);
  if (fromSaved) return fromSaved;
  if (saved) return FALLBACK_LOCALE;
  return isOverseas ? OVERSEAS_LOCALE : DEFAULT_LOCALE;
}

/** The value for `<html lang>`. */
export const htmlLang = (locale: Locales): string => locale;
