// The live status stream over a real listening server, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: a merchant action reaches an open stream as an `order` event at once, a change written
// straight to the database (as another process would) arrives through its notification within 1 s,
// Last-Event-ID resumes after a reconnect, an unknown or expired ticket is 401, and closing the app ends
// open streams instead of waiting for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStatus } from '../../../server/modules/orders/order-status';
import type { OrderChangeEvent, EventsTicketInfo } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, type TestApp } from '../helpers';
import { SseReader, type SseEvent } from '../helpers/sse';
import { enter, NOON, pickupOrder, SHOP } from './order-fixture';
import { PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

const orderEvent = (e: SseEvent) => JSON.parse(e.data) as OrderChangeEvent;

describe.each(testDatabases)('the live status stream on %s', (kind) => {
  const clock = createClock(NOON);
  let h: TestApp;
  let base: string;
  let token: string;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    h = await buildTestApp(kind, { seed: paymentSeed, clock, demoMode: true, testClockControl: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    token = await enter(h, SHOP);
  });
  afterAll(async () => {
    for (const s of streams) s.abort();
    await h?.close();
  });

  async function ticket(tok = token): Promise<string> {
    const r = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token: tok, language: 'en' });
    expect(r.body.result, r.body.message).toBe(true);
    expect(Date.parse(r.body.info.expiresAt) - clock.now().getTime()).toBe(120_000);
    return r.body.info.ticket;
  }

  async function open(t: string, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    streams.push(controller);
    const response = await fetch(`${base}/new/consumer/order/events?ticket=${encodeURIComponent(t)}`, {
      headers,
      signal: controller.signal,
    });
    return { response, controller };
  }

  const merchant = (action: string, orderNo: string) =>
    h.inject({
      method: 'POST',
      url: `/merchant/api/${action}`,
      headers: { authorization: `Bearer demo-merchant-${SHOP}`, 'content-type': 'application/json' },
      payload: { orderNo },
    });

  it('sends an order event when the merchant accepts, and resumes after Last-Event-ID', async () => {
    const order = await place(h, token, pickupOrder());
    const paid = await h.call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash }, { token });
    expect(paid.body.result, paid.body.message).toBe(true);

    const { response, controller } = await open(await ticket());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = new SseReader(response);
    // A fresh stream starts after the newest change: the page has just read the current statuses.
    await stream.waitFor(() => stream.comments > 0);
    expect(stream.events).toEqual([]);

    const started = Date.now();
    expect((await merchant('accept', order.orderNo)).statusCode).toBe(200);
    const [accepted] = await stream.waitFor((events) => events.length >= 1, 1500);
    // Woken by the database's notification of the commit.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(accepted!.event).toBe('order');
    expect(Number(accepted!.id)).toBeGreaterThan(0);
    expect(orderEvent(accepted!)).toEqual({
      orderId: order.id,
      orderNo: order.orderNo,
      status: 'confirmed',
      at: clock.now().toISOString(),
    });

    expect((await merchant('complete', order.orderNo)).statusCode).toBe(200);
    await stream.waitFor((events) => events.length >= 2);
    controller.abort();

    // The browser reconnects with the id of the last event it saw: it gets what came after.
    const again = await open(await ticket(), { 'last-event-id': accepted!.id! });
    const resumed = new SseReader(again.response);
    const [first] = await resumed.waitFor((events) => events.length >= 1);
    expect(orderEvent(first!).status).toBe('successed');
    expect(Number(first!.id)).toBeGreaterThan(Number(accepted!.id));
    again.controller.abort();
  });

  it('sends at once a change made between the ticket and the connection, and nothing older', async () => {
    const order = await place(h, token, pickupOrder());
    const paid = await h.call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash }, { token });
    expect(paid.body.result, paid.body.message).toBe(true);

    // The page has read the order and asked for its ticket; the merchant accepts before the stream opens.
    const issued = await ticket();
    expect((await merchant('accept', order.orderNo)).statusCode).toBe(200);
    const { response, controller } = await open(issued);
    const stream = new SseReader(response);
    const [first] = await stream.waitFor((events) => events.length >= 1, 1500);
    expect(orderEvent(first!)).toMatchObject({ orderId: order.id, status: 'confirmed' });
    await stream.waitFor(() => stream.comments > 0);
    // The payment before the ticket is not sent again.
    expect(stream.events.map((e) => orderEvent(e).status)).toEqual(['confirmed']);
    controller.abort();
  });

  it('finds a change written straight to the database within 1 s, through its notification', async () => {
    const order = await place(h, token, pickupOrder());
    const { response } = await open(await ticket());
    const stream = new SseReader(response);
    await stream.waitFor(() => stream.comments > 0);
    // As another process would: a change committed on a connection this app's streams know nothing of.
    await h.database.db.transaction((tx) =>
      changeStatus(tx, {
        orderId: order.id,
        from: ['nopay'],
        to: 'pending',
        actor: 'customer',
        action: 'settle',
        now: clock.now(),
        set: { settlement: 'counter' },
      }),
    );
    const [event] = await stream.waitFor((events) => events.length >= 1, 1000);
    expect(orderEvent(event!)).toEqual(expect.objectContaining({ orderId: order.id, status: 'pending' }));
  });

  it("never shows another customer's orders", async () => {
    const mine = await open(await ticket());
    const stream = new SseReader(mine.response);
    await stream.waitFor(() => stream.comments > 0);
    const stranger = await enter(h, SHOP);
    const theirs = await place(h, stranger, pickupOrder());
    await h.call('order/pay', { id: theirs.id, payTypeId: PAY_TYPE.Cash }, { token: stranger });
    await merchant('accept', theirs.orderNo);
    await expect(stream.waitFor((events) => events.length >= 1, 2500)).rejects.toThrow('no such event');
  });

  it("the tests' control ends one customer's streams and no one else's", async () => {
    const me = await enter(h, SHOP);
    const mine = new SseReader((await open(await ticket(me))).response);
    const stranger = await enter(h, SHOP);
    const theirs = new SseReader((await open(await ticket(stranger))).response);
    await mine.waitFor(() => mine.comments > 0);
    await theirs.waitFor(() => theirs.comments > 0);

    const end = (headers: Record<string, string>) =>
      h.inject({ method: 'POST', url: '/test/streams/end', headers });
    expect((await end({})).statusCode).toBe(401);
    expect((await end({ token: 'not-a-token' })).statusCode).toBe(401);
    const ended = await end({ token: me });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ result: true, info: { ended: 1 }, message: '' });
    expect(await mine.endsWithin(1000)).toBe(true);
    expect(await theirs.endsWithin(300)).toBe(false);
  });

  it('refuses an unknown or expired ticket with 401', async () => {
    const unknown = await open('not-a-ticket');
    expect(unknown.response.status).toBe(401);
    expect(await unknown.response.json()).toEqual(expect.objectContaining({ result: false }));
    const missing = await fetch(`${base}/new/consumer/order/events`);
    expect(missing.status).toBe(401);

    const t = await ticket();
    clock.advance(120_000);
    const expired = await open(t, { language: 'en' });
    expect(expired.response.status).toBe(401);
    const body = (await expired.response.json()) as { message: string };
    expect(body.message).toMatch(/expired/i);
  });

  it('ends open streams when the app closes instead of waiting for them', async () => {
    const { response } = await open(await ticket());
    const stream = new SseReader(response);
    await stream.waitFor(() => stream.comments > 0);
    const started = Date.now();
    await h.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stream.endsWithin(1000)).toBe(true);
    h = undefined as unknown as TestApp;
  });
});
