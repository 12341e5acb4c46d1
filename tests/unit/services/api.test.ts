// The typed calls: the input goes out as the caller typed it (the browser carries the contract's types, not
// its schemas), and the consumer API is the validator: input it refuses comes back as a localised
// `result: false`, which the request layer turns into a business failure with the server's message.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressApi } from '../../../src/services/api/address';
import { deliveryApi } from '../../../src/services/api/delivery';
import { orderApi } from '../../../src/services/api/order';
import { storeApi } from '../../../src/services/api/store';
import { userApi } from '../../../src/services/api/user';
import { configureHttp, HttpError, type Toast } from '../../../src/services/http';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';
import { buildTestApp, type TestApp } from '../../api/helpers';

function serve(info: unknown) {
  const bodies: { url: string; body: unknown }[] = [];
  configureHttp({
    baseUrl: 'http://shop.test',
    storage: createStorage({ backend: memoryKeyValue() }),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      bodies.push({ url: request.url, body: await request.json() });
      return new Response(JSON.stringify({ result: true, info, message: '' }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return bodies;
}

describe('typed API calls', () => {
  afterEach(() => configureHttp({}));

  it('sends the input exactly as typed, leaving the contract defaults to the server', async () => {
    const sent = serve({
      version: 'v1',
      changed: false,
      list: [],
      page: 1,
      pageLimit: 20,
      total: 0,
      hasMore: false,
    });
    const info = await storeApi.productsChunk({ type: 'category', typeId: 3 });
    expect(info.hasMore).toBe(false);
    expect(sent).toEqual([
      { url: 'http://shop.test/new/consumer/store/productsChunk', body: { type: 'category', typeId: 3 } },
    ]);
  });

  it('rejects a success reply that carries no info', async () => {
    serve(undefined);
    const error = await storeApi.detail({ appId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('badReply');
  });

  it('posts store/userInfo for the user info', async () => {
    const sent = serve({ customer: { id: 1 }, member: null });
    await userApi.userInfo();
    expect(sent[0]!.url).toBe('http://shop.test/new/consumer/store/userInfo');
  });
});

describe('the consumer API validates what the browser sends', () => {
  let t: TestApp;
  const toasts: Toast[] = [];
  const sent: string[] = [];
  const storage = createStorage({ backend: memoryKeyValue() });

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
        sent.push(new URL(request.url).pathname);
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
    const session = await userApi.h5entry({ id: 1 });
    storage.setToken(session.token, session.shopId);
    const { code } = await userApi.sendSmsCode({ phone: '13812345678' });
    const login = await userApi.h5Login({ phone: '13812345678', code: code! });
    storage.setToken(login.token, login.shopId);
  }, 60_000);

  afterAll(async () => {
    configureHttp({});
    await t?.close();
  });

  /** The call reached the server and came back as its localised refusal, shown as a toast. */
  async function refused(call: Promise<unknown>, path: string) {
    toasts.length = 0;
    sent.length = 0;
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'business', code: -1, status: 200 });
    expect((error as HttpError).message).not.toBe('');
    expect(toasts).toEqual([{ text: (error as HttpError).message }]);
    expect(sent).toEqual([`/new/consumer/${path}`]);
  }

  it('refuses input the contract refuses, with its own message', async () => {
    await refused(storeApi.detail({ appId: -1 }), 'store/detail');
    await refused(storeApi.productSearch({ searchText: '   ' }), 'store/productSearch');
    await refused(userApi.verifyCode({ phone: '13800138000', code: '12ab56' }), 'user/verifyCode');
    await refused(
      deliveryApi.getDistance({ addressId: 31, gps: { lat: 1, lng: 2 } } as never),
      'delivery/getDistance',
    );
    await refused(
      addressApi.add({ contactName: ' ', phone: '13800138000', address: '8 Garden Road' }),
      'address/add',
    );
    await refused(
      orderApi.confirm({
        type: 'dine',
        payType: 'Cash',
        products: [{ id: 1, quantity: 1 }],
        idempotencyKey: 'short',
      }),
      'order/confirm',
    );
  });

  it('fills the contract defaults of input the browser leaves out', async () => {
    const types = await storeApi.productTypes({});
    const category = types.list.find((type) => type.productCount > 0)!;
    const chunk = await storeApi.productsChunk({ type: 'category', typeId: category.id });
    expect(chunk).toMatchObject({ page: 1, pageLimit: 20 });
  });
});
