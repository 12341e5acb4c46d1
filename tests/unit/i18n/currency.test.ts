import { describe, expect, it } from 'vitest';
import { currencySymbol, formatPrice, YUAN_SIGN } from '../../../src/i18n/currency';

describe('currency symbol', () => {
  it('a Chinese reader sees the yuan sign', () => {
    expect(currencySymbol('zh-CN')).toBe(YUAN_SIGN);
    expect(currencySymbol('zh-TW')).toBe(YUAN_SIGN);
  });

  it('an English reader sees no symbol, as do French and Spanish readers', () => {
    expect(currencySymbol('en')).toBe('');
    expect(currencySymbol('fr')).toBe('');
    expect(currencySymbol('es')).toBe('');
  });

  it("the shop's own symbol wins in every language", () => {
    for (const locale of ['en', 'zh-CN', 'zh-TW', 'fr', 'es'] as const) {
      expect(currencySymbol(locale, 'S$')).toBe('S$');
    }
  });

  it('marks only yuan amounts with the yuan sign', () => {
    expect(currencySymbol('zh-CN', null, 'CNY')).toBe(YUAN_SIGN);
    expect(currencySymbol('zh-CN', null, 'EUR')).toBe('');
    expect(currencySymbol('zh-TW', '€', 'EUR')).toBe('€');
    expect(formatPrice(1250, { locale: 'zh-CN', currency: 'SGD' })).toBe('12.50');
  });

  it('a blank shop symbol counts as not set', () => {
    expect(currencySymbol('zh-CN', '  ')).toBe(YUAN_SIGN);
    expect(currencySymbol('en', null)).toBe('');
  });
});

describe('price formatting', () => {
  it('formats minor units at the shop decimals with the symbol of the language', () => {
    expect(formatPrice(1250, { locale: 'zh-CN' })).toBe('¥12.50');
    expect(formatPrice(1250, { locale: 'en' })).toBe('12.50');
    expect(formatPrice(1250, { locale: 'en', shopSymbol: '$', currency: 'USD' })).toBe('$12.50');
  });

  it('respects numberDecimals other than two', () => {
    expect(formatPrice(1250, { locale: 'zh-CN', decimals: 0 })).toBe('¥1250');
    expect(formatPrice(5, { locale: 'en', decimals: 3 })).toBe('0.005');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatPrice(-300, { locale: 'zh-CN' })).toBe('-¥3.00');
  });

  it('refuses fractional minor units', () => {
    expect(() => formatPrice(12.5, { locale: 'en' })).toThrow();
  });
});
