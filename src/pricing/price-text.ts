// Currency symbol of spec §1: the yuan sign in Chinese, none in English (and the other Latin-script
// locales), and the shop's own currencySymbol whenever the shop sets one. Amounts are integer minor units,
// formatted by the engine's formatter so every screen and the order record agree. It lives with the
// engine, not with the browser's messages, because the server's messages that name an amount (a starting
// price not reached, a member card balance short) use it too and must read like the screen beside them.
import type { Locale } from '../domain/enums';
import { formatMoney } from './money';

export const YUAN_SIGN = '¥';

export function currencySymbol(locale: Locale, shopSymbol?: string | null, currency = 'CNY'): string {
  if (shopSymbol != null && shopSymbol.trim() !== '') return shopSymbol.trim();
  // The yuan sign names yuan: an amount in another currency without the shop's symbol goes bare rather
  // than wrongly marked (the sandbox gateway's page knows only the currency code).
  if (currency.toUpperCase() !== 'CNY') return '';
  return locale === 'zh-CN' || locale === 'zh-TW' ? YUAN_SIGN : '';
}

export interface PriceFormat {
  locale: Locale;
  shopSymbol?: string | null;
  /** ISO 4217 code of the shop's amounts; default CNY. */
  currency?: string;
  /** The shop's numberDecimals (default 2). */
  decimals?: number;
}

/** A price as the customer reads it: the symbol (if any) directly before the amount. */
export function formatPrice(
  amount: number,
  { locale, shopSymbol, currency = 'CNY', decimals = 2 }: PriceFormat,
): string {
  return formatMoney(amount, {
    currency,
    numberDecimals: decimals,
    symbol: currencySymbol(locale, shopSymbol, currency),
  });
}
