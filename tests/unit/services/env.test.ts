import { describe, expect, it } from 'vitest';
import {
  searchMovedIntoHash,
  detectKiosk,
  detectOverseas,
  detectPlatform,
  readQuery,
  resolveLanguage,
} from '../../../src/services/env';
import { wantsInspector } from '../../../src/services/inspect';

const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

describe('where the app runs', () => {
  it.each([
    [CHROME, 'browserWeb'],
    [`${CHROME} MicroMessenger/8.0.47`, 'wechatWeb'],
    [`${CHROME} MicroMessenger/8.0.47 miniProgram`, 'wechatMini'],
    [`${CHROME} AlipayClient/10.5`, 'aliWeb'],
    [`${CHROME} AlipayClient/10.5 MiniProgram`, 'aliMini'],
    [`${CHROME} StorefrontApp/1.0.0`, 'app'],
  ])('reads the client kind from %s', (ua, platform) => {
    expect(detectPlatform(ua)).toBe(platform);
  });

  it('flags kiosk clients by user agent or entry parameter', () => {
    expect(detectKiosk(`${CHROME} Kiosk/2.1`)).toBe(true);
    expect(detectKiosk(CHROME)).toBe(false);
    expect(detectKiosk(CHROME, { kiosk: '1' })).toBe(true);
    expect(detectKiosk(`${CHROME} Kiosk/2.1`, { kiosk: '0' })).toBe(false);
  });

  it('counts time zones outside mainland China, Hong Kong, Macau and Taiwan as overseas', () => {
    expect(detectOverseas({ timeZone: 'Asia/Shanghai' })).toBe(false);
    expect(detectOverseas({ timeZone: 'Asia/Hong_Kong' })).toBe(false);
    expect(detectOverseas({ timeZone: 'Asia/Taipei' })).toBe(false);
    expect(detectOverseas({ timeZone: 'Europe/Paris' })).toBe(true);
    expect(detectOverseas({ timeZone: 'Australia/Sydney' })).toBe(true);
  });

  it('counts an offset no home zone has as overseas without the zone, and reads the zone at +8 and +6', () => {
    expect(detectOverseas({ utcOffsetMinutes: 60 })).toBe(true);
    expect(detectOverseas({ utcOffsetMinutes: 0, timeZone: undefined })).toBe(true);
    expect(detectOverseas({ utcOffsetMinutes: 600, timeZone: 'Australia/Sydney' })).toBe(true);
    expect(detectOverseas({ utcOffsetMinutes: 480, timeZone: 'Asia/Shanghai' })).toBe(false);
    expect(detectOverseas({ utcOffsetMinutes: 360, timeZone: 'Asia/Urumqi' })).toBe(false);
    // Singapore and Perth share Beijing's offset: their names tell them apart.
    expect(detectOverseas({ utcOffsetMinutes: 480, timeZone: 'Asia/Singapore' })).toBe(true);
    expect(detectOverseas({ utcOffsetMinutes: 480, timeZone: 'Australia/Perth' })).toBe(true);
    // The flags still win over the offset.
    expect(detectOverseas({ queryFlag: '0', utcOffsetMinutes: 60 })).toBe(false);
  });

  it('lets the abroad parameter win over the build flag, and the build flag over the time zone', () => {
    expect(detectOverseas({ queryFlag: '1', buildFlag: '0', timeZone: 'Asia/Shanghai' })).toBe(true);
    expect(detectOverseas({ queryFlag: '0', buildFlag: '1', timeZone: 'Europe/Paris' })).toBe(false);
    expect(detectOverseas({ buildFlag: '1', timeZone: 'Asia/Shanghai' })).toBe(true);
    expect(detectOverseas({ buildFlag: '0', timeZone: 'Europe/Paris' })).toBe(false);
  });

  it('starts in the saved language, else English overseas and Simplified Chinese at home', () => {
    expect(resolveLanguage('fr', false)).toBe('fr');
    expect(resolveLanguage(null, true)).toBe('en');
    expect(resolveLanguage(null, false)).toBe('zh-CN');
    expect(resolveLanguage('klingon', false)).toBe('en');
  });

  it('reads query parameters from the search and the hash', () => {
    expect(readQuery('http://x/?shop_id=3#/pages/index/index?table=12')).toEqual({
      shop_id: '3',
      table: '12',
    });
    expect(wantsInspector('http://x/#/?inspect')).toBe(true);
    expect(wantsInspector('http://x/?inspect=1')).toBe(true);
    expect(wantsInspector('http://x/#/product/index')).toBe(false);
  });
});

describe('a link with parameters before the hash', () => {
  it('carries them in the hash query, where the hash keeps its own values', () => {
    expect(searchMovedIntoHash('https://shop.test/?from=share#/?id=1')).toBe('/#/?from=share&id=1');
    expect(searchMovedIntoHash('https://shop.test/?id=2&inspect#/?id=1')).toBe('/#/?inspect=&id=1');
    expect(searchMovedIntoHash('https://shop.test/?id=1&table=A%201')).toBe('/#/?id=1&table=A+1');
    expect(searchMovedIntoHash('https://shop.test/app/?a=1#/pages/store/list')).toBe(
      '/app/#/pages/store/list?a=1',
    );
  });

  it('leaves an address without them alone', () => {
    expect(searchMovedIntoHash('https://shop.test/#/?id=1')).toBeNull();
    expect(searchMovedIntoHash('https://shop.test/')).toBeNull();
  });

  it('keeps what the entry reads: the shop id parses from the moved address', () => {
    const moved = searchMovedIntoHash('https://shop.test/?from=singlemessage#/?id=1')!;
    expect(readQuery(`https://shop.test${moved}`)).toEqual({ from: 'singlemessage', id: '1' });
  });
});
