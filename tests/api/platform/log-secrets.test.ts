// No secret reaches the log, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a customer asks for an SMS
// code, logs in, pays by member card with the pay password and opens the live status stream with its
// ticket while the server logs at `trace` and the log SMS sender writes into the same log; then neither
// the code, the tokens, the ticket nor the pay password appears in any line.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogSmsSender } from '../../../server/providers/sms';
import type { EventsTicketInfo, OrderPayInfo } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, type TestApp } from '../helpers';
import { NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

/** Whole-number occurrences only, so a 6-digit secret is not "found" inside a timestamp or a duration. */
const standalone = (text: string, digits: string) => new RegExp(`(?<![0-9])${digits}(?![0-9])`).test(text);

describe.each(testDatabases)('what the server logs on %s', (kind) => {
  const lines: string[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let h: TestApp;
  let base = '';

  beforeAll(async () => {
    h = await buildTestApp(kind, {
      seed: paymentSeed,
      clock: createClock(NOON),
      demoMode: true,
      logLevel: 'trace',
      logStream: log,
      sms: createLogSmsSender((line) => lines.push(`${line}\n`)),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => h?.close());

  it('holds no SMS code, token, stream ticket or pay password', async () => {
    const phone = MEMBERS.rich.phone;
    const entry = await h.call<{ token: string }>('user/h5entry', { id: SHOP });
    const anonymous = entry.body.info.token;
    const sent = await h.call<{ code: string }>('user/sendSmsCode', { phone }, { token: anonymous });
    expect(sent.body.result, sent.body.message).toBe(true);
    const code = sent.body.info.code;
    const wrongCode = code === '000000' ? '111111' : '000000';
    await h.call('user/h5Login', { phone, code: wrongCode }, { token: anonymous });
    const login = await h.call<{ token: string }>('user/h5Login', { phone, code }, { token: anonymous });
    expect(login.body.result, login.body.message).toBe(true);
    const token = login.body.info.token;

    const order = await place(h, token, pickupOrder());
    const wrongPassword = '975318';
    await h.call(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: wrongPassword },
      { token },
    );
    const paid = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      { token, authorization: `Bearer ${token}`, cookie: `token=${token}` },
    );
    expect(paid.body.result, paid.body.message).toBe(true);

    const issued = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token });
    const ticket = issued.body.info.ticket;
    const controller = new AbortController();
    const stream = await fetch(
      `${base}/new/consumer/order/events?ticket=${encodeURIComponent(ticket)}&lastEventId=0&token=${token}`,
      { signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    await stream.body!.getReader().read();
    controller.abort();
    await h.app.close();

    const text = lines.join('');
    // The log did record these requests, so the checks below are not passing on an empty log.
    expect(text).toMatch(
      /"url":"\/new\/consumer\/order\/events\?ticket=\[redacted\]&lastEventId=0&token=\[redacted\]"/,
    );
    expect(text).toContain('"url":"/new/consumer/order/pay"');
    expect(text).toMatch(/SMS to 138\*+8881 \(shop 80\): .*\*{6}/);
    for (const secret of [anonymous, token, ticket, encodeURIComponent(ticket)])
      expect(text.includes(secret), secret).toBe(false);
    for (const digits of [code, wrongCode, PASSWORD, wrongPassword])
      expect(standalone(text, digits), digits).toBe(false);
  });
});
