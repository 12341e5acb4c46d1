// Currency symbol of spec §1: the yuan sign in Chinese, none in English (and the other Latin-script
// locales), and the shop's own currencySymbol whenever the shop sets one. Amounts are integer minor units,
// formatted by the pricing engine's formatter so every screen and the order record agree.
import { formatMoney } from '../pricing/money';
import type { Locales } from './i18n-types';

export const YUAN_SIGN = '¥';

export function currencySymbol(locale: Locales, shopSymbol?: string | null): string {
  if (shopSymbol != null && shopSymbol.trim() !== '') return shopSymbol.trim();
  return locale === 'zh-CN' || locale === 'zh-TW' ? YUAN_SIGN : '';
}

export interface PriceFormat {
  locale: Locales;
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
    symbol: currencySymbol(locale, shopSymbol),
  });
}
