import { describe, expect, it } from 'vitest';
import { checkWebViewUrl } from '../../../src/views/general/web-view-url';

describe('the web-view page address check', () => {
  it('opens http and https pages', () => {
    expect(checkWebViewUrl('https://example.com/menu?x=1')).toEqual({
      ok: true,
      url: 'https://example.com/menu?x=1',
    });
    expect(checkWebViewUrl(' http://example.com ')).toEqual({ ok: true, url: 'http://example.com/' });
  });

  it('refuses script, data and file addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'ftp://example.com',
    ]) {
      expect(checkWebViewUrl(url)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses text that is not an address, and says when none was given', () => {
    expect(checkWebViewUrl('example.com')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkWebViewUrl('')).toEqual({ ok: false, reason: 'missing' });
    expect(checkWebViewUrl(undefined)).toEqual({ ok: false, reason: 'missing' });
  });
});
