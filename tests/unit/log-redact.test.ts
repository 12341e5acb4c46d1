// The request logger's URL: secrets in the query string are replaced, everything else is kept as sent,
// and the SMS log sender prints the message with its code masked.
import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogSerializer } from '../../server/http/log';
import { createLogSmsSender } from '../../server/providers/sms';

describe('redactUrl', () => {
  it('replaces the values of sensitive query parameters only', () => {
    expect(redactUrl('/new/consumer/order/events?ticket=abc_DEF-123&lastEventId=42')).toBe(
      '/new/consumer/order/events?ticket=[redacted]&lastEventId=42',
    );
    expect(redactUrl('/x?Token=t1&code=123456&a=1&payPassword=246810&sig=s&key')).toBe(
      '/x?Token=[redacted]&code=[redacted]&a=1&payPassword=[redacted]&sig=[redacted]&key=[redacted]',
    );
    expect(redactUrl('/x?tick%65t=abc&t%69cket=def')).toBe('/x?tick%65t=[redacted]&t%69cket=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=secret-value')).toBe('/x?%E0%A4%A=[redacted]');
  });

  it('leaves a URL without a query, or without secrets in it, as it is', () => {
    for (const url of ['/healthz', '/assets/a.js?v=3', '/x?', '/x?a=1&&b=2', '/search?q=ticket'])
      expect(redactUrl(url)).toBe(url);
  });

  it("keeps Fastify's request fields", () => {
    expect(
      requestLogSerializer({
        method: 'GET',
        url: '/e?ticket=t',
        headers: { 'accept-version': '1', token: 'secret' },
        host: 'shop.example',
        ip: '10.0.0.1',
        socket: { remotePort: 5000 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/e?ticket=[redacted]',
      version: '1',
      host: 'shop.example',
      remoteAddress: '10.0.0.1',
      remotePort: 5000,
    });
  });
});

describe('the log SMS sender', () => {
  it('writes the message with the phone and the code masked', async () => {
    const lines: string[] = [];
    await createLogSmsSender((line) => lines.push(line)).send({
      phone: '13800008881',
      shopId: 80,
      code: '604217',
      locale: 'en',
      text: 'Your code is 604217, valid for 10 minutes.',
    });
    expect(lines).toEqual(['SMS to 138****8881 (shop 80): Your code is ******, valid for 10 minutes.']);
  });
});
