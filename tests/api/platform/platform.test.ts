import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import {
  customers,
  members,
  products,
  serviceUsers,
  sessions,
  shops,
  smsCodes,
} from '../../../server/db/schema';
import { chains as demoChains, shops as demoShops } from '../../../server/seed/index';
import { actionRoutes, BusinessError, defineAction } from '../../../server/http/action';
import { seedDatabase } from '../../../server/seed/seeder';
import { apiPath, SHOP_NOT_FOUND } from '../../../src/domain/api/envelope';
import {
  isShopOpenForAnyMode,
  isShopOpenNow,
  isWithinRanges,
  isWithinScanHours,
} from '../../../src/domain/hours';
import { fixtureSeed, fixtureSettings, STOPPED_SHOP_ID } from '../helpers/fixture';
import {
  buildTestApp,
  createClock,
  openTestDatabase,
  testDatabases,
  useTestApp,
  type TestApp,
} from '../helpers';

const url = (action: string) => `/new/consumer/user/${action}`;

async function rowCounts(t: TestApp) {
  const [c] = await t.database.db.select({ n: count() }).from(customers);
  const [s] = await t.database.db.select({ n: count() }).from(sessions);
  const [m] = await t.database.db.select({ n: count() }).from(smsCodes);
  return { customers: c!.n, sessions: s!.n, smsCodes: m!.n };
}

describe.each(testDatabases)('the platform on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the health check', async () => {
    const response = await t.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown action with a localised 404 envelope', async () => {
    const en = await t.inject({ method: 'POST', url: url('nope'), headers: { language: 'en' }, payload: {} });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ result: false, info: null, message: 'This function does not exist.' });
    const zh = await t.inject({
      method: 'POST',
      url: url('nope'),
      headers: { language: 'zh-CN' },
      payload: {},
    });
    expect(zh.json().message).toBe('该功能不存在。');
  });

  it('says a shop id no shop has is not found, in words and in info, and opens no session', async () => {
    const reply = await t.inject({
      method: 'POST',
      url: apiPath('user', 'h5entry'),
      headers: { language: 'en' },
      payload: { id: 987654 },
    });
    expect(reply.json()).toEqual({
      result: false,
      info: SHOP_NOT_FOUND,
      message: 'This shop does not exist.',
    });
    const detail = await t.inject({
      method: 'POST',
      url: apiPath('store', 'detail'),
      headers: { language: 'zh-CN' },
      payload: { appId: 987654 },
    });
    expect(detail.json()).toMatchObject({ result: false, info: SHOP_NOT_FOUND });
  });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const before = await rowCounts(t);
    const response = await t.inject({
      method: 'POST',
      url: url('h5entry'),
      headers: { 'content-type': 'application/json', language: 'en' },
      payload: '{"id": 1,',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      result: false,
      info: null,
      message: 'The request body is not valid JSON.',
    });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.inject({
      method: 'POST',
      url: url('h5entry'),
      headers: { 'content-type': 'text/plain', language: 'es' },
      payload: 'id=1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().result).toBe(false);
    expect(response.json().message).toContain('JSON');
  });

  it('refuses a body over 256 KiB with 413 and writes nothing', async () => {
    const before = await rowCounts(t);
    const response = await t.inject({
      method: 'POST',
      url: url('h5entry'),
      headers: { 'content-type': 'application/json', language: 'en' },
      payload: JSON.stringify({ id: 1, openid: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      result: false,
      info: null,
      message: 'The request is too large (at most 256 KiB).',
    });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('reports wrong types and missing fields by field, in the request language, writing nothing', async () => {
    const before = await rowCounts(t);
    const wrongType = await t.call('user/h5entry', { id: 'one' }, { language: 'en' });
    expect(wrongType.status).toBe(200);
    expect(wrongType.body.result).toBe(false);
    expect(wrongType.body.message).toMatch(/^Please check your input: id: .*number/);

    const missing = await t.call('user/h5entry', {}, { language: 'zh-CN' });
    expect(missing.body.result).toBe(false);
    expect(missing.body.message).toMatch(/^请检查填写的内容：id: /);

    const notAnObject = await t.call('user/h5entry', [1, 2, 3], { language: 'fr' });
    expect(notAnObject.body.result).toBe(false);
    expect(notAnObject.body.message).toMatch(/^Veuillez vérifier votre saisie/);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('picks the language from the language header, then Abroad-Env, defaulting to Simplified Chinese', async () => {
    const message = async (headers: Record<string, string>) =>
      (await t.inject({ method: 'POST', url: url('nope'), headers, payload: {} })).json().message as string;
    expect(await message({})).toBe('该功能不存在。');
    expect(await message({ 'abroad-env': '1' })).toBe('This function does not exist.');
    expect(await message({ language: 'zh-TW' })).toBe('此功能不存在。');
    expect(await message({ language: 'zh-Hant-HK' })).toBe('此功能不存在。');
    expect(await message({ language: 'fr' })).toBe("Cette fonction n'existe pas.");
    expect(await message({ language: 'es-MX' })).toBe('Esta función no existe.');
    expect(await message({ language: 'de' })).toBe('This function does not exist.');
  });

  it('answers 401 for a missing, unknown or expired token on a call that needs one', async () => {
    const missing = await t.call('user/getSmsQuantity', {}, { language: 'en' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      result: false,
      info: null,
      message: 'Your login has expired. Please open the shop again.',
    });
    const unknown = await t.call('user/getSmsQuantity', {}, { token: 'not-a-token' });
    expect(unknown.status).toBe(401);

    const entry = await t.call<{ token: string; expiresAt: string }>('user/h5entry', { id: 1 });
    const token = entry.body.info.token;
    expect(new Date(entry.body.info.expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    t.clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await t.call('user/getSmsQuantity', {}, { token })).status).toBe(200);
    t.clock.advance(1);
    expect((await t.call('user/getSmsQuantity', {}, { token })).status).toBe(401);
  });

  it('answers 403 for a session in a shop that has stopped operating, but still lets it enter', async () => {
    const entry = await t.call<{ token: string }>('user/h5entry', { id: STOPPED_SHOP_ID });
    expect(entry.body.result).toBe(true);
    const quantity = await t.call(
      'user/getSmsQuantity',
      {},
      { token: entry.body.info.token, language: 'en' },
    );
    expect(quantity.status).toBe(403);
    expect(quantity.body.result).toBe(false);
    expect(quantity.body.message).toMatch(/stopped operating/);
  });
});

describe.each(testDatabases)('the action convention on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let token = '';
  const log: string[] = [];
  const clock = createClock();

  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    await seedDatabase(database.db, fixtureSeed);
    app = await buildApp({
      db: database.db,
      now: clock.now,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          log.push(String(chunk));
          done();
        },
      }),
    });
    await app.register(
      actionRoutes([
        defineAction({
          area: 'probe',
          action: 'member',
          input: z.object({}),
          auth: 'member',
          handler: async ({ ctx }) => ({ memberId: ctx.session.memberId }),
        }),
        defineAction({
          area: 'probe',
          action: 'context',
          input: z.object({ n: z.number().int() }),
          auth: 'none',
          handler: async ({ input, ctx }) => ({
            n: input.n,
            locale: ctx.locale,
            catalogue: ctx.catalogueLocale,
            abroad: ctx.abroad,
            userAgentType: ctx.userAgentType,
            shopId: ctx.session?.shopId ?? null,
          }),
        }),
        defineAction({
          area: 'probe',
          action: 'refuse',
          input: z.object({}),
          auth: 'none',
          handler: async () => {
            throw new BusinessError({ en: 'Not today.', 'zh-CN': '今天不行。' }, undefined, { retry: true });
          },
        }),
        defineAction({
          area: 'probe',
          action: 'crash',
          input: z.object({}),
          auth: 'none',
          handler: async () => {
            throw new Error('database password is hunter2');
          },
        }),
      ]),
    );
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
    const entry = await app.inject({ method: 'POST', url: '/new/consumer/user/h5entry', payload: { id: 1 } });
    token = entry.json().info.token;
  });
  afterAll(async () => close());

  const post = (action: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/new/consumer/probe/${action}`, payload: payload as object, headers });

  it('builds the request context from the headers and the token', async () => {
    const reply = await post(
      'context',
      { n: 7 },
      { token, language: 'zh-TW', 'abroad-env': 'true', useragenttype: '103' },
    );
    expect(reply.json()).toEqual({
      result: true,
      info: { n: 7, locale: 'zh-TW', catalogue: 'zh-CN', abroad: true, userAgentType: 103, shopId: 1 },
      message: '',
    });
    const anonymous = await post('context', { n: 1 }, { token: 'stale' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().info.shopId).toBeNull();
  });

  it('treats a missing body as an empty object', async () => {
    const reply = await app.inject({ method: 'POST', url: '/new/consumer/probe/refuse' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe('今天不行。');
  });

  it('sends a business failure as 200 result false with the caller text in the request language', async () => {
    const reply = await post('refuse', {}, { language: 'en' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ result: false, info: { retry: true }, message: 'Not today.' });
    expect((await post('refuse', {}, { language: 'fr' })).json().message).toBe('Not today.');
  });

  it('asks a customer without a member record to register on member-only calls', async () => {
    const reply = await post('member', {}, { token, language: 'en' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      result: false,
      info: null,
      message: 'Please register as a member first.',
    });
    expect((await post('member', {})).statusCode).toBe(401);
  });

  it('answers an unexpected failure with a 500 envelope that reveals nothing', async () => {
    const reply = await post('crash', {}, { language: 'en' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      result: false,
      info: null,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(reply.body).not.toContain('hunter2');
  });

  it('keeps tokens and SMS codes out of the log', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/new/consumer/user/sendSmsCode',
      headers: { token },
      payload: { phone: '13700000009' },
    });
    expect(sent.json().result).toBe(true);
    const text = log.join('');
    expect(text).toContain('/new/consumer/user/sendSmsCode');
    expect(text).not.toContain(token);
    expect(text).not.toContain('13700000009');
  });
});

describe('static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-static-'));
  const spaDir = join(root, 'dist');
  const imagesDir = join(root, 'images');
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(spaDir);
    mkdirSync(imagesDir);
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Storefront</title>');
    writeFileSync(join(imagesDir, 'noodles.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp('pglite', { spaDir, demoImagesDir: imagesDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the built app at / and the demo images under /assets/demo/, beside the API', async () => {
    const page = await t.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Storefront</title>');
    const image = await t.inject({ method: 'GET', url: '/assets/demo/noodles.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/image\/svg/);
    const missing = await t.inject({
      method: 'GET',
      url: '/assets/demo/none.png',
      headers: { language: 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ result: false, info: null, message: 'This function does not exist.' });
    expect((await t.call('user/h5entry', { id: 1 })).body.result).toBe(true);
  });

  it('still serves the API when there is no built app', async () => {
    const apiOnly = await buildTestApp('pglite', { spaDir: join(root, 'missing') });
    try {
      expect((await apiOnly.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      expect((await apiOnly.call('user/h5entry', { id: 1 })).body.result).toBe(true);
    } finally {
      await apiOnly.close();
    }
  });
});

describe('the demo data', () => {
  it('seeds in full, with pay passwords only as hashes', async () => {
    const database = await openTestDatabase('pglite');
    try {
      expect(await seedDatabase(database.db, { chains: demoChains, shops: demoShops })).toBe(true);
      const [shopCount] = await database.db.select({ n: count() }).from(shops);
      const [productCount] = await database.db.select({ n: count() }).from(products);
      const [staffCount] = await database.db.select({ n: count() }).from(serviceUsers);
      expect(shopCount!.n).toBe(demoShops.length);
      expect(productCount!.n).toBe(demoShops.reduce((n, shop) => n + shop.products.length, 0));
      expect(staffCount!.n).toBe(demoShops.reduce((n, shop) => n + (shop.serviceUsers?.length ?? 0), 0));
      const seededMembers = [...demoChains.flatMap((c) => c.members), ...demoShops.flatMap((s) => s.members)];
      const rows = await database.db.select().from(members);
      expect(rows).toHaveLength(seededMembers.length);
      for (const seeded of seededMembers.filter((m) => m.payPassword)) {
        const row = rows.find((r) => r.id === seeded.id)!;
        expect(row.payPasswordHash).toMatch(/^hmac-sha256\$demo\$[\w-]{43}$/);
        expect(row.payPasswordHash).not.toContain(seeded.payPassword!);
      }
      // A member created later must not collide with the seeded ids.
      const [created] = await database.db
        .insert(members)
        .values({ shopId: demoShops[0]!.id, phone: '+15550000000', cardNo: 'NEW' })
        .returning({ id: members.id });
      expect(rows.map((r) => r.id)).not.toContain(created!.id);
    } finally {
      await database.close();
    }
  });
});

describe('a PGlite data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is seeded on first open and reused, not seeded again, on the next', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await seedDatabase(first.db, fixtureSeed)).toBe(true);
    await first.db.insert(customers).values({ shopId: 1, openid: 'kept-across-restarts' });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await seedDatabase(second.db, fixtureSeed)).toBe(false);
    const [shopCount] = await second.db.select({ n: count() }).from(shops);
    expect(shopCount!.n).toBe(fixtureSeed.shops.length);
    const kept = await second.db.select().from(customers);
    expect(kept.map((c) => c.openid)).toEqual(['kept-across-restarts']);
    await second.close();
  });
});

// Only with TEST_DATABASE_URL: PGlite is one process by construction.
const postgresOnly = testDatabases.includes('postgres') ? describe : () => undefined;
postgresOnly('several processes starting on one PostgreSQL', () => {
  it('migrate and seed it once', async () => {
    const first = await openTestDatabase('postgres');
    try {
      const others = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: first.url!, poolSize: 2 })),
      );
      const results = await Promise.all(
        [first, ...others].map((database) => seedDatabase(database.db, fixtureSeed)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const [shopCount] = await first.db.select({ n: count() }).from(shops);
      expect(shopCount!.n).toBe(fixtureSeed.shops.length);
      await Promise.all(others.map((database) => database.close()));
    } finally {
      await first.close();
    }
  });
});

describe('opening hours', () => {
  const zone = 'Asia/Shanghai';
  // 2026-03-02 is a Monday; Shanghai is UTC+8 all year.
  const at = (local: string) => new Date(`2026-03-02T${local}:00+08:00`);

  it('reads ranges in the shop zone, start inclusive and end exclusive', () => {
    const ranges = [{ start: '09:00', end: '14:00' }];
    expect(isWithinRanges(ranges, at('09:00'), zone)).toBe(true);
    expect(isWithinRanges(ranges, at('13:59'), zone)).toBe(true);
    expect(isWithinRanges(ranges, at('14:00'), zone)).toBe(false);
    expect(isWithinRanges(ranges, at('08:59'), zone)).toBe(false);
    // The same instant is 02:00 in Paris: outside the Paris shop's hours.
    expect(isWithinRanges(ranges, at('09:00'), 'Europe/Paris')).toBe(false);
  });

  it('runs a range ending at or before its start past midnight, and treats no ranges as no limit', () => {
    const night = [{ start: '22:00', end: '02:00' }];
    expect(isWithinRanges(night, at('23:30'), zone)).toBe(true);
    expect(isWithinRanges(night, at('01:59'), zone)).toBe(true);
    expect(isWithinRanges(night, at('02:00'), zone)).toBe(false);
    expect(isWithinRanges(night, at('12:00'), zone)).toBe(false);
    expect(isWithinRanges([], at('03:00'), zone)).toBe(true);
  });

  it('uses the weekday hours in daily mode, including the previous night tail', () => {
    const hours = {
      businessMode: 'daily' as const,
      businessScanOrderHours: [],
      businessDailyHours: [
        { day: 0, isOpen: true, businessHours: [{ start: '20:00', end: '01:00' }] },
        { day: 1, isOpen: false, businessHours: [{ start: '10:00', end: '20:00' }] },
      ],
    };
    expect(isWithinScanHours(hours, at('00:30'), zone)).toBe(true); // Sunday night, after midnight
    expect(isWithinScanHours(hours, at('12:00'), zone)).toBe(false); // Monday closed
  });

  it('decides open per order type as spec §4 says', () => {
    const lunch = [{ start: '11:00', end: '14:00' }];
    const shop = {
      ...fixtureSettings,
      businessTimeRange: lunch,
      scanOrderBusinessHours: { ...fixtureSettings.scanOrderBusinessHours, businessScanOrderHours: lunch },
    };
    expect(isShopOpenNow(shop, 'takeaway', at('12:00'))).toBe(true);
    expect(isShopOpenNow(shop, 'takeaway', at('15:00'))).toBe(false);
    expect(isShopOpenNow(shop, 'openTable', at('15:00'))).toBe(true);
    expect(isShopOpenNow({ ...shop, openScanSwitch: false }, 'dine', at('12:00'))).toBe(false);
    expect(isShopOpenNow(shop, 'dine', at('12:00'))).toBe(true);
    expect(isShopOpenNow({ ...shop, openShop: false, selfCollection: false }, 'takeaway', at('12:00'))).toBe(
      false,
    );
    expect(isShopOpenNow({ ...shop, openShop: false, selfCollection: true }, 'selfPickup', at('12:00'))).toBe(
      true,
    );
    // An appointment is for a later time: booked while the shop is closed now (decision A12), unless the
    // shop takes no orders at all; a shop card's open badge still says closed.
    expect(isShopOpenNow(shop, 'appointment', at('15:00'))).toBe(true);
    expect(
      isShopOpenNow({ ...shop, openShop: false, selfCollection: false }, 'appointment', at('12:00')),
    ).toBe(false);
    expect(isShopOpenForAnyMode({ ...shop, orderTypes: ['appointment'] }, at('15:00'))).toBe(false);
    expect(isShopOpenForAnyMode({ ...shop, orderTypes: ['appointment'] }, at('12:00'))).toBe(true);
  });
});
