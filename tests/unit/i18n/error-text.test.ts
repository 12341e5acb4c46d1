// A machine's failure text in the customer's words: each request-layer key has a message in every
// locale, and the server's own text is shown unchanged.
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/i18n/error-text';
import type { Locales } from '../../../src/i18n/i18n-types';
import { i18nObject } from '../../../src/i18n/i18n-util';
import { loadAllLocales } from '../../../src/i18n/i18n-util.sync';
import { errorMessage } from '../../../src/machines/shared/not-provided';
import { HttpCode, HttpError, type HttpToastKey } from '../../../src/services/http';

loadAllLocales();
const LL = (locale: Locales) => i18nObject(locale);

const KEYS: HttpToastKey[] = ['http.serverError', 'http.networkError', 'http.unauthorized', 'http.forbidden'];

describe('errorText', () => {
  it('puts each request-layer key in English', () => {
    const en = LL('en');
    expect(errorText(en, 'http.serverError')).toBe('Server error, please retry.');
    expect(errorText(en, 'http.networkError')).toBe('Network error, please check your connection.');
    expect(errorText(en, 'http.unauthorized')).toBe('Your login has expired. Please log in again.');
    expect(errorText(en, 'http.forbidden')).toBe('This shop has stopped operating.');
  });

  it('puts each request-layer key in Chinese', () => {
    const zh = LL('zh-CN');
    expect(errorText(zh, 'http.serverError')).toBe('服务器错误，请重试。');
    expect(errorText(zh, 'http.networkError')).toBe('网络错误，请检查网络连接。');
    expect(errorText(zh, 'http.unauthorized')).toBe('登录已过期，请重新登录。');
    expect(errorText(zh, 'http.forbidden')).toBe('该门店已停止营业。');
  });

  it.each<Locales>(['en', 'zh-CN', 'zh-TW', 'fr', 'es'])(
    'has a distinct message for each key in %s',
    (locale) => {
      const texts = KEYS.map((key) => errorText(LL(locale), key));
      for (const [i, text] of texts.entries()) {
        expect(text, KEYS[i]).not.toBe(KEYS[i]);
        expect(text.trim(), KEYS[i]).not.toBe('');
      }
      expect(new Set(texts).size).toBe(KEYS.length);
    },
  );

  it('shows the server text, and any other text, unchanged', () => {
    expect(errorText(LL('zh-CN'), '门店已打烊')).toBe('门店已打烊');
    expect(errorText(LL('en'), 'Sold out')).toBe('Sold out');
    expect(errorText(LL('en'), '')).toBe('');
    // Only a whole key is one.
    expect(errorText(LL('en'), 'http.serverError!')).toBe('http.serverError!');
  });

  it('never shows a 500 as its status line', () => {
    const text = errorText(
      LL('zh-CN'),
      errorMessage(new HttpError('server', HttpCode.http, 'status 500', 500)),
    );
    expect(text).toBe('服务器错误，请重试。');
    expect(text).not.toContain('500');
  });
});
