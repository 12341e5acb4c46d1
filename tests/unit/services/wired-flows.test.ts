// The wired flows against the real consumer API (built in-process on PGlite with the API tests' fixture):
// the contract the services are typed by is the one the server speaks, and the flows reach the pages they
// should.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { machines } from '../../../src/app/wiring';
import type { EntryEmitted } from '../../../src/machines/entry/entry.machine';
import * as catalog from '../../../src/machines/catalog/catalog.selectors';
import * as choice from '../../../src/machines/catalog/product-choice.selectors';
import * as session from '../../../src/machines/entry/session.selectors';
import * as shopStatus from '../../../src/machines/entry/shop-status.selectors';
import * as sms from '../../../src/machines/entry/sms-login.selectors';
import { configureHttp, type Toast } from '../../../src/services/http';
import { storage } from '../../../src/services/storage';
import { buildTestApp, type TestApp } from '../../api/helpers';
import { STOPPED_SHOP_ID } from '../../api/helpers/fixture';

let t: TestApp;
const toasts: Toast[] = [];

beforeAll(async () => {
  t = await buildTestApp('pglite', { demoMode: true });
  configureHttp({
    baseUrl: 'http://shop.test',
    storage,
    toast: (toast) => toasts.push(toast),
    getLanguage: () => 'en',
    getClientTypeCode: () => 4,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const reply = await t.app.inject({
        method: 'POST',
        url: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        payload: await request.text(),
      });
      return new Response(reply.body, {
        status: reply.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}, 60_000);

afterAll(async () => {
  configureHttp({});
  await t?.close();
});

const settled = (actor: AnyActorRef) =>
  waitFor(actor, (s) => s.status === 'done' || s.hasTag('error'), { timeout: 10_000 });

function enter(query: Record<string, string>) {
  const emitted: EntryEmitted[] = [];
  const token = storage.getToken();
  const actor = createActor(machines.entry, {
    input: {
      query,
      isKiosk: false,
      storedSession: token ? { token: token.value, shopId: token.shopId } : null,
      openid: storage.getOpenid(),
      viewedExpandRedBagIds: [],
    },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
}

describe('wired flows against the consumer API', () => {
  it('enters a shop from its link: a session is opened and kept, and the selection tab opens', async () => {
    const { actor, emitted } = enter({ shop_id: '1' });
    await settled(actor);
    const ready = emitted.find((e) => e.type === 'entry.ready');
    expect(ready?.type === 'entry.ready' && ready.shop.name).toBe('Test shop 1');
    expect(emitted.at(-1)).toEqual({
      type: 'navigate',
      to: { route: '/pages/user/index-tab-1', query: {} },
      replace: true,
    });
    expect(storage.getToken()?.shopId).toBe(1);
  });

  it('reuses the stored token for the same shop and moves it to another shop', async () => {
    const first = storage.getToken()!.value;
    const again = enter({ id: '1' });
    await settled(again.actor);
    expect(storage.getToken()!.value).toBe(first);

    const other = enter({ shop_id: '2', isDine: '1', table: '271' });
    await settled(other.actor);
    expect(storage.getToken()!.shopId).toBe(2);
    expect(storage.getToken()!.value).not.toBe(first);
    expect(other.emitted.at(-1)).toMatchObject({ to: { route: '/product/index', query: { table: 271 } } });
  });

  it('loads the menu categories and the first page of products', async () => {
    const actor = createActor(machines.catalog, { input: {} }).start();
    await waitFor(actor, (s) => catalog.selectChunkStatus(201)(s) === 'done', { timeout: 10_000 });
    const s = actor.getSnapshot();
    expect(catalog.selectTypes(s).map((type) => type.name)).toEqual(['Mains']);
    expect(
      catalog
        .selectProductsOf(201)(s)
        .map((p) => p.name),
    ).toEqual(['Noodles']);
    expect(catalog.selectMenuUpdated(s)).toBe(false);
  });

  it('opens a product on its first spec with its price', async () => {
    const actor = createActor(machines.productChoice, {
      input: { productId: 211, currency: 'CNY', numberDecimals: 2 },
    }).start();
    await waitFor(actor, (s) => s.matches('choosing') || s.matches('failed'), { timeout: 10_000 });
    const s = actor.getSnapshot();
    expect(choice.selectSelectedSpec(s)?.id).toBe(251);
    expect(choice.selectUnitPrice(s)).toBe(2200);
    expect(choice.selectCanAdd(s)).toBe(true);
  });

  it('logs in by SMS with the demo code, then the session shows the customer', async () => {
    const login = createActor(machines.smsLogin, { input: {} }).start();
    login.send({ type: 'sms.setPhone', phone: '13812345678' });
    login.send({ type: 'sms.send' });
    await waitFor(login, (s) => sms.selectIsCodeStep(s) || s.context.error !== null, { timeout: 10_000 });
    const code = sms.selectDemoCode(login.getSnapshot());
    expect(code).toMatch(/^\d{6}$/);
    login.send({ type: 'sms.setCode', code: code! });
    login.send({ type: 'sms.verify' });
    await settled(login);
    expect(sms.selectIsLoggedIn(login.getSnapshot())).toBe(true);

    const app = createActor(machines.session, {
      input: { platform: 'browserWeb', isKiosk: false, isOverseas: true, language: 'en' },
    }).start();
    await waitFor(app, (s) => session.selectIsReady(s), { timeout: 10_000 });
    expect(session.selectUser(app.getSnapshot())?.customer.phone).toBe('13812345678');
  });

  it('enters a stopped shop, whose status says so and whose menu calls are forbidden', async () => {
    toasts.length = 0;
    const { actor, emitted } = enter({ shop_id: String(STOPPED_SHOP_ID) });
    await settled(actor);
    const ready = emitted.find((e) => e.type === 'entry.ready');
    if (ready?.type !== 'entry.ready') throw new Error('the entry did not finish');
    const status = createActor(machines.shopStatus, {
      input: {
        shop: ready.shop,
        orderType: ready.orderType,
        isOverseas: false,
        fromOld: false,
        now: Date.now(),
      },
    }).start();
    expect(shopStatus.selectDialog(status.getSnapshot())).toBe('stopped');

    const menu = createActor(machines.catalog, { input: {} }).start();
    await settled(menu);
    expect(catalog.selectLoadFailed(menu.getSnapshot())).toBe(true);
    expect(toasts).toContainEqual({ key: 'http.forbidden' });
  });
});
