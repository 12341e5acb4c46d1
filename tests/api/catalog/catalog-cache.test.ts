// The catalogue cache of the store/* reads (docs/decisions.md K1-K6), on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL: every kind of catalogue change is served on the very next read, by this
// app and by a second app on the same database; ETag / If-None-Match and the `{version}` input answer
// "unchanged" without a list; a warm read costs one statement; large replies go out compressed while the
// live-status stream never is.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase, type OpenDatabase } from '../../../server/db/client';
import { products, productSpecs } from '../../../server/db/schema';
import { RATE_LIMIT_OFF } from '../../../server/http/rate-limit';
import type { EventsTicketInfo } from '../../../src/domain/api/order-life';
import { apiPath } from '../../../src/domain/api/envelope';
import { productsInfo, productsUnchangedInfo, productTypesInfo } from '../../../src/domain/api/store';
import type { Product } from '../../../src/domain/catalog';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { countStatements } from '../helpers/statements';
import { enter, NOON, orderSeed, P, pickupOrder, SHOP, SPEC } from '../orders/order-fixture';

const byId = (list: Product[]) => new Map(list.map((p) => [p.id, p]));
const menuPart = (version: string) => version.split('.')[0];

describe.each(testDatabases)('the catalogue cache on %s', (kind) => {
  const clock = createClock(NOON);
  // Sessions stay cached, so a warm menu read's statements are the catalogue's own.
  const h = useTestApp(kind, { seed: orderSeed, clock, sessionCacheMs: 60_000 });
  let token: string;
  let other: FastifyInstance;
  let otherDatabase: OpenDatabase | null = null;

  beforeAll(async () => {
    token = await enter(h, SHOP);
    // A second API process on the same database: its own pool on PostgreSQL, its own caches either way.
    otherDatabase = h.database.url ? await openDatabase({ kind: 'postgres', url: h.database.url }) : null;
    other = await buildApp({
      db: otherDatabase?.db ?? h.database.db,
      now: clock.now,
      rateLimit: RATE_LIMIT_OFF,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  const post = (
    app: FastifyInstance,
    action: string,
    body: unknown = {},
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: apiPath('store', action),
      headers: { 'content-type': 'application/json', token, language: 'en', ...headers },
      payload: JSON.stringify(body),
    });

  async function menu(app: FastifyInstance = h.app, headers: Record<string, string> = {}) {
    const r = await post(app, 'products', {}, headers);
    expect(r.statusCode).toBe(200);
    return productsInfo.parse(r.json().info);
  }

  const setProduct = (id: number, values: Partial<typeof products.$inferInsert>) =>
    h.database.db.update(products).set(values).where(eq(products.id, id));

  it('shows a price change on the next read, as a new menu', async () => {
    const before = await menu();
    expect(byId(before.list).get(P.bread)!.price).toBe(1000);
    await setProduct(P.bread, { price: 1100 });
    const after = await menu();
    expect(byId(after.list).get(P.bread)!.price).toBe(1100);
    expect(menuPart(after.version)).not.toBe(menuPart(before.version));
    const types = productTypesInfo.parse(
      (await post(h.app, 'productTypes', { version: before.version })).json().info,
    );
    expect(types.changed).toBe(true);
  });

  it('shows the stock an order took on the next read, without calling the menu changed', async () => {
    const before = await menu();
    expect(byId(before.list).get(P.noodles)!.stock).toBe(5);
    const placed = await h.call(
      'order/confirm',
      pickupOrder({ products: [{ id: P.noodles, quantity: 2, tastes: [], mealset: [] }] }),
      { token, language: 'en' },
    );
    expect(placed.body.result, placed.body.message).toBe(true);
    const after = await menu();
    expect(byId(after.list).get(P.noodles)!.stock).toBe(3);
    expect(after.version).not.toBe(before.version);
    expect(menuPart(after.version)).toBe(menuPart(before.version));
    const chunk = await post(h.app, 'productsChunk', {
      type: 'category',
      typeId: SHOP * 1000 + 1,
      version: before.version,
    });
    expect(chunk.json().info.changed).toBe(false);
    const detail = await post(h.app, 'productDetail', { id: P.noodles });
    expect(detail.json().info.stock).toBe(3);
  });

  it('shows a sold-out product and a sold-out spec on the next read', async () => {
    await menu();
    await setProduct(P.salad, { state: 1 });
    await h.database.db.update(productSpecs).set({ soldOut: true }).where(eq(productSpecs.id, SPEC.large));
    const after = byId((await menu()).list);
    expect(after.get(P.salad)!.state).toBe(1);
    expect(after.get(P.tea)!.specs.find((s) => s.id === SPEC.large)!.state).toBe(1);
    const stock = await post(h.app, 'checkStock', { products: [{ id: P.salad, quantity: 1 }] });
    expect(stock.json().info.reason).toBe('soldOut');
  });

  it('shows a sale-time change on the next read and follows the clock across its edge', async () => {
    await menu();
    await setProduct(P.water, { saleTimes: [{ start: '11:00', end: '12:30' }] });
    expect(byId((await menu()).list).get(P.water)!.state).toBe(0);
    clock.set('2026-03-02T04:30:00Z'); // 12:30 in Shanghai: the range has just ended
    try {
      expect(byId((await menu()).list).get(P.water)!.state).toBe(101);
    } finally {
      clock.set(NOON);
    }
    expect(byId((await menu()).list).get(P.water)!.state).toBe(0);
  });

  it('answers 304 to the current ETag and the new reply to a stale one', async () => {
    const first = await post(h.app, 'products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"en\./);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const again = await post(h.app, 'products', {}, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another entity.
    const zh = await post(h.app, 'products', {}, { 'if-none-match': etag, language: 'zh-CN' });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers.etag).not.toBe(etag);

    await setProduct(P.bread, { price: 1200 });
    const stale = await post(h.app, 'products', {}, { 'if-none-match': etag });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(etag);
    expect(byId(productsInfo.parse(stale.json().info).list).get(P.bread)!.price).toBe(1200);
  });

  it('answers the current {version} as unchanged without a list, and a stock move with the list', async () => {
    const current = await menu();
    const same = await post(h.app, 'products', { version: current.version });
    expect(productsUnchangedInfo.parse(same.json().info)).toEqual({
      version: current.version,
      changed: false,
      unchanged: true,
    });
    expect(same.body.length).toBeLessThan(200);
    await setProduct(P.flash, { stock: 7 });
    const moved = productsInfo.parse(
      (await post(h.app, 'products', { version: current.version })).json().info,
    );
    expect(moved.changed).toBe(false);
    expect(byId(moved.list).get(P.flash)!.stock).toBe(7);
    const older = productsInfo.parse((await post(h.app, 'products', { version: 'older.0.0' })).json().info);
    expect(older).toMatchObject({ version: moved.version, changed: true });
  });

  it('reads one row at most, and nothing else, for a warm menu read with a valid session', async () => {
    await menu();
    const counter = countStatements(h.database.db);
    try {
      await menu();
      await post(h.app, 'productTypes');
      // PostgreSQL: at most the shop's counters, once per read (each read of them is trusted for 500 ms).
      // PGlite: nothing, as no write came in between.
      expect(counter.texts.length).toBeLessThanOrEqual(kind === 'postgres' ? 2 : 0);
      expect(counter.texts.every((text) => /from "catalog_versions"/.test(text))).toBe(true);
    } finally {
      counter.restore();
    }
  });

  it('keeps trusting its counters after an order that takes no tracked stock', async () => {
    await menu();
    const r = await h.call('order/confirm', pickupOrder(), { token, language: 'en' });
    expect(r.body.result, r.body.message).toBe(true);
    const counter = countStatements(h.database.db);
    try {
      await menu();
      // An order, its lines and its request row are no catalogue write: PGlite reads nothing again, and
      // PostgreSQL reads the counters only when its 500 ms trust in them ran out meanwhile.
      expect(counter.texts.length).toBeLessThanOrEqual(kind === 'postgres' ? 1 : 0);
    } finally {
      counter.restore();
    }
  });

  it('sends a large reply as br or gzip, precompressed, that decodes to the same JSON', async () => {
    const plain = await post(h.app, 'products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await post(h.app, 'products', {}, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await post(h.app, 'products', {}, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // Replies made per request are compressed by the plugin.
    const chunk = await post(
      h.app,
      'productsChunk',
      { type: 'category', typeId: SHOP * 1000 + 1, pageLimit: 50 },
      { 'accept-encoding': 'br' },
    );
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(chunk.rawPayload).toString()).result).toBe(true);
  });

  /** Seconds until `seen` holds, reading as often as it can for up to 3 s. */
  async function secondsUntil(seen: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await seen()) && performance.now() - started < 3_000)
      await new Promise((r) => setTimeout(r, 20));
    return (performance.now() - started) / 1000;
  }

  it('serves a price, stock, sold-out or sale-time change made through another app on the same database within a second', async () => {
    const seen = byId((await menu(other)).list);
    expect(seen.get(P.flash)!.stock).toBe(7);
    const placed = await h.call(
      'order/confirm',
      pickupOrder({ products: [{ id: P.flash, quantity: 1, tastes: [], mealset: [] }] }),
      { token, language: 'en' },
    );
    expect(placed.body.result, placed.body.message).toBe(true);
    expect(
      await secondsUntil(async () => byId((await menu(other)).list).get(P.flash)!.stock === 6),
    ).toBeLessThan(1);
    await setProduct(P.fries, { price: 950 });
    expect(
      await secondsUntil(async () => byId((await menu(other)).list).get(P.fries)!.price === 950),
    ).toBeLessThan(1);
    expect(byId((await menu(other)).list).get(P.bread)!.state).toBe(0);
    await setProduct(P.bread, { state: 1 });
    expect(
      await secondsUntil(async () => byId((await menu(other)).list).get(P.bread)!.state === 1),
    ).toBeLessThan(1);
    // Noon is outside 13:00-14:00: the tea is off sale (101) from the next read.
    expect(byId((await menu(other)).list).get(P.tea)!.state).toBe(0);
    await setProduct(P.tea, { saleTimes: [{ start: '13:00', end: '14:00' }] });
    expect(
      await secondsUntil(async () => byId((await menu(other)).list).get(P.tea)!.state === 101),
    ).toBeLessThan(1);
  });

  it('neither compresses nor holds back the live status stream', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const r = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token, language: 'en' });
    expect(r.body.result, r.body.message).toBe(true);
    const controller = new AbortController();
    try {
      const response = await fetch(
        `http://127.0.0.1:${port}/new/consumer/order/events?ticket=${encodeURIComponent(r.body.info.ticket)}`,
        { headers: { 'accept-encoding': 'br, gzip' }, signal: controller.signal },
      );
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body!.getReader();
      const first = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
      ]);
      expect(first?.value?.length ?? 0).toBeGreaterThan(0);
    } finally {
      controller.abort();
    }
  });
});
