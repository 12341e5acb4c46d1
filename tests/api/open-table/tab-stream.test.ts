// The live tab stream (decision T31) on PGlite and PostgreSQL: only the tab's guests open it (a bad ticket
// 401, anyone else 404, in their language); it sends the tab's version at once, and a merchant's move, a
// guest's round or a move made through a second app on the same database reaches every open stream of the
// tab within 1 s; idle streams send no statement; a customer holds at most five.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase, type OpenDatabase } from '../../../server/db/client';
import { RATE_LIMIT_OFF } from '../../../server/http/rate-limit';
import { chains, shops } from '../../../server/seed/index';
import type { EventsTicketInfo } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, type TestApp } from '../helpers';
import { SseReader } from '../helpers/sse';
import { countStatements } from '../helpers/statements';
import { LUNCH, RICE, TABLE, tableHelpers } from './table-fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('live tab stream on %s', (kind) => {
  const clock = createClock(LUNCH);
  let h: TestApp;
  const aborts: AbortController[] = [];
  const extra: { app?: FastifyInstance; database?: OpenDatabase } = {};

  beforeAll(async () => {
    h = await buildTestApp(kind, { seed: { chains, shops }, clock, demoMode: true, testClockControl: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const controller of aborts) controller.abort();
    await extra.app?.close();
    await extra.database?.close();
    await h?.close();
  });

  const t = () => tableHelpers(h);
  const base = () => {
    const address = h.app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const ticketOf = async (token: string) => {
    const r = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token });
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.ticket;
  };
  const connect = async (token: string, tabId: number | string, language = 'en') => {
    const controller = new AbortController();
    aborts.push(controller);
    const ticket = await ticketOf(token);
    const url = `${base()}/new/consumer/table/events?ticket=${encodeURIComponent(ticket)}&tabId=${tabId}`;
    return fetch(url, { signal: controller.signal, headers: { language } });
  };
  const open = async (token: string, tabId: number) => {
    const response = await connect(token, tabId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return new SseReader(response);
  };
  const versions = (stream: SseReader) =>
    stream.events
      .filter((e) => e.event === 'tab')
      .map((e) => (JSON.parse(e.data) as { version: number }).version);
  /** Waits for an event carrying `version` and answers how long it took from `since`. */
  const reached = async (stream: SseReader, version: number, since: number) => {
    await stream.waitFor(() => versions(stream).includes(version), 2_000);
    return Date.now() - since;
  };

  it('refuses a bad ticket and anyone who is not a guest of the tab', async () => {
    const ann = await t().guest();
    const stranger = await t().guest();
    const tab = await t().open(ann, TABLE.t1, 2);
    const bad = await fetch(`${base()}/new/consumer/table/events?ticket=nope&tabId=${tab.id}`);
    expect(bad.status).toBe(401);
    const notGuest = await connect(stranger, tab.id, 'zh-CN');
    expect(notGuest.status).toBe(404);
    expect(((await notGuest.json()) as { message: string }).message).toBe(
      '没有找到该桌的订单，请重新扫描桌上的二维码。',
    );
    for (const tabId of ['abc', '0', '99999999999']) expect((await connect(ann, tabId)).status).toBe(404);
  });

  it("sends the version at once, then every change of the tab to each guest's stream within 1 s", async () => {
    const ann = await t().guest();
    const ben = await t().guest();
    const tab = await t().open(ann, TABLE.t2, 2);
    const joined = await t().open(ben, TABLE.t2, 2);
    const streams = [await open(ann, tab.id), await open(ben, tab.id)];
    for (const s of streams) await s.waitFor(() => versions(s).includes(joined.version));

    const sent = await t().round(ben, tab.id, [[RICE, 1]]);
    const roundAt = Date.now();
    for (const s of streams) expect(await reached(s, sent.body.info.version, roundAt)).toBeLessThan(1000);

    // A merchant's move, which the guests did not make.
    const moveAt = Date.now();
    expect((await t().kitchen('acceptRound', sent.body.info.rounds[0]!.id)).body.result).toBe(true);
    const moved = (await t().refresh(ann, tab.id)).version;
    expect(moved).toBeGreaterThan(sent.body.info.version);
    for (const s of streams) expect(await reached(s, moved, moveAt)).toBeLessThan(1000);

    // Idle streams cost no statement.
    const counter = countStatements(h.database.db);
    try {
      await sleep(1_500);
      expect(counter.count, counter.texts.join('\n')).toBe(0);
    } finally {
      counter.restore();
    }

    // A move through another app on the same database (another process) reaches the streams too.
    const database = h.database.url
      ? await openDatabase({ kind: 'postgres', url: h.database.url, poolSize: 3 })
      : null;
    extra.database = database ?? undefined;
    extra.app = await buildApp({
      db: database?.db ?? h.database.db,
      listen: database?.listen ?? h.database.listen,
      rateLimit: RATE_LIMIT_OFF,
      demoMode: true,
      now: clock.now,
    });
    await extra.app.ready();
    {
      const otherAt = Date.now();
      const r = await extra.app.inject({
        method: 'POST',
        url: '/merchant/api/table/cookLine',
        headers: { 'content-type': 'application/json', authorization: 'Bearer demo-merchant-2' },
        payload: JSON.stringify({ id: sent.body.info.rounds[0]!.lines[0]!.id }),
      });
      expect(r.statusCode, r.body).toBe(200);
      const cooked = (await t().refresh(ann, tab.id)).version;
      for (const s of streams) expect(await reached(s, cooked, otherAt)).toBeLessThan(1000);
    }
  });

  it("ends a customer's tab streams with the end-to-end tests' control, as a dropped connection would", async () => {
    const ann = await t().guest();
    const tab = await t().open(ann, TABLE.t4, 2);
    const stream = await open(ann, tab.id);
    await stream.waitFor(() => versions(stream).length > 0);
    const r = await h.inject({ method: 'POST', url: '/test/streams/end', headers: { token: ann } });
    expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { ended: 1 } }));
    expect(await stream.endsWithin(1_000)).toBe(true);
  });

  it('holds at most five streams of one customer', async () => {
    const ann = await t().guest();
    const tab = await t().open(ann, TABLE.t3, 2);
    for (let i = 0; i < 5; i++) await open(ann, tab.id);
    const sixth = await connect(ann, tab.id);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('30');
  });
});
