import { describe, expect, it } from 'vitest';
import { chooseLocale, normaliseLocale } from '../../../src/i18n/locale';

describe('choosing the interface language', () => {
  it('a new visitor at home reads Simplified Chinese', () => {
    expect(chooseLocale({ saved: null, isOverseas: false })).toBe('zh-CN');
  });

  it('a new visitor overseas reads English', () => {
    expect(chooseLocale({ saved: null, isOverseas: true })).toBe('en');
  });

  it('the saved user-language wins over the environment', () => {
    expect(chooseLocale({ saved: 'fr', isOverseas: false })).toBe('fr');
    expect(chooseLocale({ saved: 'zh-CN', isOverseas: true })).toBe('zh-CN');
  });

  it('a saved value nobody supports falls back to English', () => {
    expect(chooseLocale({ saved: 'ja', isOverseas: false })).toBe('en');
  });
});

describe('normalising language tags', () => {
  it('maps regional and script variants to the nearest supported locale', () => {
    expect(normaliseLocale('zh_cn')).toBe('zh-CN');
    expect(normaliseLocale('zh-HK')).toBe('zh-TW');
    expect(normaliseLocale('zh-Hant')).toBe('zh-TW');
    expect(normaliseLocale('zh')).toBe('zh-CN');
    expect(normaliseLocale('fr-CA')).toBe('fr');
    expect(normaliseLocale('ES')).toBe('es');
  });

  it('returns null for empty or unknown tags', () => {
    expect(normaliseLocale('')).toBeNull();
    expect(normaliseLocale(undefined)).toBeNull();
    expect(normaliseLocale('de-DE')).toBeNull();
  });
});
