// The last menu read kept for a lost connection (src/services/offline-replies.ts, decision K26): only the
// reads that show a shop and its menu are kept and replayed, only when no answer came, and never a call
// that orders or pays.
import { afterEach, describe, expect, it } from 'vitest';
import { configureHttp, HttpError, post, type Toast } from '../../../src/services/http';
import { memoryReplyStore, replayState, type ReplyStore } from '../../../src/services/offline-replies';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Kept replies are written when the page is idle (a timer where there is no requestIdleCallback). */
const idle = () => new Promise((resolve) => setTimeout(resolve, 5));
const MENU = { result: true, info: { list: [{ id: 1, name: 'Burger' }] }, message: '' };
const CHUNK = { type: 'category', typeId: 3, page: 1, pageLimit: 20 };

/** The server answers with `respond` while `online`, and the network fails (no answer) otherwise. */
function setup(respond: () => Response) {
  const toasts: Toast[] = [];
  const replies: ReplyStore = memoryReplyStore();
  const state = { online: true, requests: 0 };
  configureHttp({
    toast: (t) => toasts.push(t),
    getLanguage: () => 'en',
    baseUrl: 'http://shop.test',
    storage: createStorage({ backend: memoryKeyValue(), now: () => 1_000, newId: () => 'device-1' }),
    replies,
    fetch: async () => {
      state.requests++;
      if (!state.online) throw new TypeError('Failed to fetch');
      return respond();
    },
  });
  return { toasts, replies, state };
}

afterEach(() => {
  configureHttp({});
  replayState.set(false);
});

describe('replies kept for a lost connection', () => {
  it('answers a menu read that gets no answer with the last reply, without a toast, until the server answers again', async () => {
    const { toasts, state } = setup(() => json(MENU));
    expect(await post('store/productsChunk', CHUNK)).toEqual(MENU.info);
    await idle();
    state.online = false;
    expect(await post('store/productsChunk', CHUNK)).toEqual(MENU.info);
    expect(toasts).toEqual([]);
    expect(replayState.get()).toBe(true);

    state.online = true;
    await post('store/productsChunk', CHUNK);
    expect(replayState.get()).toBe(false);
  });

  it('keeps a reply per body and language: another page of the menu is not answered with this one', async () => {
    const { toasts, state } = setup(() => json(MENU));
    await post('store/productsChunk', CHUNK);
    state.online = false;
    const error = await post('store/productsChunk', { ...CHUNK, page: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('network');
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });

  it('never keeps or replays a call that orders or pays', async () => {
    const { replies, state } = setup(() => json({ result: true, info: { orderId: 9 }, message: '' }));
    const order = { shopId: 1, lines: [] };
    await post('order/confirm', order);
    await post('order/pay', { orderId: 9 });
    await idle();
    expect(await replies.recall('order/confirm', order, 'en')).toBeUndefined();
    expect(await replies.recall('order/pay', { orderId: 9 }, 'en')).toBeUndefined();
    // Even with a reply kept under its key, an order is never answered from it.
    await replies.keep(
      'order/confirm',
      order,
      'en',
      JSON.stringify({ result: true, info: { orderId: 1 }, message: '' }),
    );
    state.online = false;
    await expect(post('order/confirm', order)).rejects.toBeInstanceOf(HttpError);
  });

  it('keeps no refusal, and replays nothing when the server did answer (a 500 stays an error)', async () => {
    let status = 200;
    let body: unknown = { result: false, info: null, message: 'Closed' };
    const { replies } = setup(() => json(body, status));
    await post('store/detail', { appId: 1 }, { toast: false }).catch(() => undefined);
    await idle();
    expect(await replies.recall('store/detail', { appId: 1 }, 'en')).toBeUndefined();

    body = { result: true, info: { id: 1 }, message: '' };
    await post('store/detail', { appId: 1 });
    await idle();
    status = 500;
    const error = await post('store/detail', { appId: 1 }).catch((e: unknown) => e);
    expect((error as HttpError).kind).toBe('server');
    expect(replayState.get()).toBe(false);
  });
});
