import { afterEach, describe, expect, it } from 'vitest';
import { storeApi } from '../../../src/services/api/store';
import { userApi } from '../../../src/services/api/user';
import { configureHttp, HttpError } from '../../../src/services/http';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';

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

afterEach(() => configureHttp({}));

describe('typed API calls', () => {
  it('sends a category chunk request with the contract defaults filled in', async () => {
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
      {
        url: 'http://shop.test/new/consumer/store/productsChunk',
        body: { type: 'category', typeId: 3, page: 1, pageLimit: 20 },
      },
    ]);
  });

  it('refuses input the contract refuses, without sending anything', async () => {
    const sent = serve(null);
    await expect(storeApi.detail({ appId: -1 })).rejects.toMatchObject({ kind: 'badRequest', code: 3 });
    await expect(storeApi.productSearch({ searchText: '   ' })).rejects.toMatchObject({
      kind: 'badRequest',
      code: 3,
    });
    await expect(userApi.verifyCode({ phone: '13800138000', code: '12ab56' })).rejects.toMatchObject({
      kind: 'badRequest',
      code: 3,
    });
    expect(sent).toEqual([]);
  });

  it('rejects a reply whose info breaks the contract', async () => {
    serve({ id: 'not a number' });
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
