// Slow and greedy clients on a real listening server (decisions S34, S35): a slowloris client dribbling its
// headers or its body one byte at a time is disconnected within the configured timeout instead of holding
// a socket for minutes, and one customer may hold at most five live-status streams at once; the next is
// refused with 429 until one of them closes.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_TIMEOUTS, serverTimeoutsFromEnv } from '../../../server/http/timeouts';
import { MAX_STREAMS_PER_CUSTOMER } from '../../../server/modules/orders/order-stream';
import type { EventsTicketInfo } from '../../../src/domain/api/order-life';
import type { SessionInfo } from '../../../src/domain/api/user';
import { buildTestApp, testDatabases, type TestApp } from '../helpers';

const HEADERS_MS = 500;
const REQUEST_MS = 1_000;

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Opens a raw connection, writes `head` at once and then `dribble` one byte every 100 ms; resolves with the
 * milliseconds until the server closed the connection and what it wrote, or rejects after `giveUpMs`.
 */
function slowClient(port: number, head: string, dribble: string, giveUpMs: number) {
  return new Promise<{ closedAfterMs: number; reply: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < dribble.length && !socket.destroyed) socket.write(dribble[sent++]!);
    }, 100);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still connected after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, reply });
    });
  });
}

describe('server timeout settings', () => {
  it('default to bounds a slow client cannot outwait, and refuse impossible values', () => {
    expect(serverTimeoutsFromEnv({})).toEqual(DEFAULT_SERVER_TIMEOUTS);
    expect(DEFAULT_SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(
      serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ headersMs: 2_000, requestMs: 5_000 });
    expect(() => serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    expect(() =>
      serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: '9000', HTTP_REQUEST_TIMEOUT_MS: '3000' }),
    ).toThrow(/cannot exceed/);
  });
});

describe.each(testDatabases)('slow clients on %s', (kind) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS } });
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it('drops a client that sends its headers one byte at a time', async () => {
    const dribble = 'X-Slow: '.padEnd(200, 'a');
    const { closedAfterMs, reply } = await slowClient(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\n',
      dribble,
      5_000,
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + 1_000);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops a client that sends its body one byte at a time', async () => {
    const body = JSON.stringify({ id: 1, openid: 'slow-body-client' }).padEnd(100, ' ');
    const { closedAfterMs } = await slowClient(
      port,
      'POST /new/consumer/user/h5entry HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
      5_000,
    );
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + 1_000);
  });

  it('still answers a client that sends its request at once', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe.each(testDatabases)('live-status streams per customer on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    base = `http://127.0.0.1:${await listen(t)}`;
  });
  afterAll(async () => {
    for (const controller of streams) controller.abort();
    await t?.close();
  });

  async function ticketOf(openid: string): Promise<string> {
    const entered = await t.call<SessionInfo>('user/h5entry', { id: 1, openid });
    const r = await t.call<EventsTicketInfo>('order/eventsTicket', {}, { token: entered.body.info.token });
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.ticket;
  }

  async function open(ticket: string, language = 'en') {
    const controller = new AbortController();
    streams.push(controller);
    const response = await fetch(`${base}/new/consumer/order/events?ticket=${encodeURIComponent(ticket)}`, {
      headers: { language },
      signal: controller.signal,
    });
    return { response, controller };
  }

  it('opens five streams for a customer, refuses the sixth with 429, and frees a slot when one closes', async () => {
    const ticket = await ticketOf('stream-cap-customer');
    const open5 = [];
    for (let i = 0; i < MAX_STREAMS_PER_CUSTOMER; i += 1) {
      const stream = await open(ticket);
      expect(stream.response.status).toBe(200);
      open5.push(stream);
    }
    const refused = await open(ticket, 'es');
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('30');
    expect(await refused.response.json()).toEqual({
      result: false,
      info: null,
      message:
        'Hay demasiadas actualizaciones de pedidos en vivo abiertas. Cierra otras pestañas e inténtalo de nuevo.',
    });

    // Another customer is not held back by this one.
    const other = await open(await ticketOf('stream-cap-other'));
    expect(other.response.status).toBe(200);

    // Closing a stream gives its slot back once the server has seen the connection go.
    open5[0]!.controller.abort();
    const deadline = Date.now() + 3_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await open(ticket);
      status = again.response.status;
      if (status === 429) await again.response.body?.cancel();
    }
    expect(status).toBe(200);
    expect((await open(ticket)).response.status).toBe(429);
  });
});
