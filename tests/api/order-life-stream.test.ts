// The live status stream over a real listening server, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: a merchant action reaches an open stream as an `order` event at once, a change written
// without this process's wake-up arrives by the poll, Last-Event-ID resumes after a reconnect, an unknown
// or expired ticket is 401, and closing the app ends open streams instead of waiting for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStatus } from '../../server/modules/order-status';
import type { OrderChangeEvent, EventsTicketInfo } from '../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, type TestApp } from './helpers';
import { enter, NOON, pickupOrder, SHOP } from './order-fixture';
import { PAY_TYPE, paymentSeed, place } from './payment-fixture';

interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/** Reads server-sent events from a fetch response. */
class SseReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly events: SseEvent[] = [];
  comments = 0;
  ended = false;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
  }

  private parse(block: string) {
    const event: SseEvent = { id: null, event: null, data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const [field, value] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)];
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') event.data += value;
      else continue;
      isEvent = true;
    }
    if (isEvent) this.events.push(event);
  }

  /** Reads until `until` holds for the events seen, or the time runs out (then throws). */
  async waitFor(until: (events: SseEvent[]) => boolean, timeoutMs = 4000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (!until(this.events)) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`no such event; saw ${JSON.stringify(this.events)}`);
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (chunk === null) continue;
      if (chunk.done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
        this.parse(this.buffer.slice(0, cut));
        this.buffer = this.buffer.slice(cut + 2);
      }
    }
    return this.events;
  }

  /** Resolves true when the server ends the stream within the time. */
  async endsWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (chunk?.done) return true;
    }
    return false;
  }
}

const orderEvent = (e: SseEvent) => JSON.parse(e.data) as OrderChangeEvent;

describe.each(testDatabases)('the live status stream on %s', (kind) => {
  const clock = createClock(NOON);
  let h: TestApp;
  let base: string;
  let token: string;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    h = await buildTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
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
    // Woken in-process, not by the 2 s poll.
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

  it("finds changes written without this process's wake-up by polling", async () => {
    const order = await place(h, token, pickupOrder());
    const { response } = await open(await ticket());
    const stream = new SseReader(response);
    await stream.waitFor(() => stream.comments > 0);
    // As another process would: a change committed here, announced only there.
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
    const [event] = await stream.waitFor((events) => events.length >= 1, 3500);
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
