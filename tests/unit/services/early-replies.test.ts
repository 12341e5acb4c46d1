// The reads a cold start begins before the app has loaded (src/app/early.ts) and the request layer that
// takes them as the answers to its own calls (src/services/early-replies.ts, decision K50).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumerRequest, type Caller } from '../../../src/services/consumer-request';
import type * as EarlyModule from '../../../src/services/early-replies';
import type * as HttpModule from '../../../src/services/http';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';

// Early reads belong to one page's life: each scenario loads the request layer afresh.
type Early = typeof EarlyModule;
type Http = typeof HttpModule;
let beginEarlyRead: Early['beginEarlyRead'];
let planEarlyRead: Early['planEarlyRead'];
let takeEarlyReply: Early['takeEarlyReply'];
let EARLY_REPLY_TTL_MS: number;
let configureHttp: Http['configureHttp'];
let post: Http['post'];
let HttpError: Http['HttpError'];

beforeEach(async () => {
  vi.resetModules();
  ({ beginEarlyRead, planEarlyRead, takeEarlyReply, EARLY_REPLY_TTL_MS } =
    await import('../../../src/services/early-replies'));
  ({ configureHttp, post, HttpError } = await import('../../../src/services/http'));
});

const envelope = (info: unknown) =>
  new Response(JSON.stringify({ result: true, info, message: '' }), {
    headers: { 'content-type': 'application/json' },
  });

const caller: Caller = { language: 'en', clientTypeCode: 4, overseas: true, token: null };

/** The app's request layer with the same caller, counting what it sends itself. */
function app(respond: () => Response | Promise<Response> = () => envelope({ from: 'app' })) {
  const sent: string[] = [];
  const storage = createStorage({ backend: memoryKeyValue(), now: () => 1_000, newId: () => 'device-1' });
  configureHttp({
    getLanguage: () => caller.language,
    getClientTypeCode: () => caller.clientTypeCode,
    isOverseas: () => caller.overseas,
    baseUrl: 'http://shop.test',
    storage,
    replies: { keep: async () => undefined, recall: async () => undefined },
    fetch: async (input) => {
      sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return respond();
    },
  });
  return { sent, storage };
}

/** An early read sent through a fake network, counting what it sends. */
function early(action: string, body: unknown, reply: () => Promise<Response>, who: Caller = caller) {
  const send = vi.fn(reply);
  const read = beginEarlyRead(consumerRequest(action, body, who), send);
  return { send, read };
}

afterEach(() => {
  configureHttp({});
  vi.useRealTimers();
});

describe('early reads', () => {
  it('answer the app’s identical call once, and the next call goes to the server', async () => {
    const { sent } = app();
    const { send, read } = early('store/detail', { appId: 1 }, async () => envelope({ from: 'early' }));
    expect(await read.info).toEqual({ from: 'early' });
    expect(await post('store/detail', { appId: 1 })).toEqual({ from: 'early' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    expect(await post('store/detail', { appId: 1 })).toEqual({ from: 'app' });
    expect(sent).toEqual(['/new/consumer/store/detail']);
  });

  it('are left alone by a call that differs in body or headers', async () => {
    const { sent } = app();
    early('store/productTypes', { firstPages: 20 }, async () => envelope({ from: 'early' }), {
      ...caller,
      clientTypeCode: 54,
    });
    expect(await post('store/productTypes', { firstPages: 20 })).toEqual({ from: 'app' });
    early('store/detail', { appId: 1 }, async () => envelope({ from: 'early' }));
    expect(await post('store/detail', { appId: 2 })).toEqual({ from: 'app' });
    expect(sent).toHaveLength(2);
  });

  it('hand a refusal to the call as its own (the status decides, not the early read)', async () => {
    const { sent } = app();
    early('store/detail', { appId: 1 }, async () => new Response('{}', { status: 503 }));
    const error = await post('store/detail', { appId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as InstanceType<Http['HttpError']>).kind).toBe('server');
    expect(sent).toEqual([]);
  });

  it('hand a lost connection to the call as its own', async () => {
    app();
    early('store/detail', { appId: 1 }, async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await post('store/detail', { appId: 1 }).catch((e: unknown) => e)) as InstanceType<
      Http['HttpError']
    >;
    expect(error.kind).toBe('network');
  });

  it('make a call of a planned read wait for it, and take it', async () => {
    const { sent } = app();
    const send = vi.fn(async () => envelope({ from: 'early' }));
    const plan = planEarlyRead('store/detail', send);
    const call = post('store/detail', { appId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual([]);
    plan.begin(consumerRequest('store/detail', { appId: 1 }, caller));
    expect(await call).toEqual({ from: 'early' });
    expect(sent).toEqual([]);
  });

  it('let the call go out on its own when the planned read is given up', async () => {
    const { sent } = app();
    const plan = planEarlyRead('store/detail');
    const call = post('store/detail', { appId: 1 });
    plan.skip();
    expect(await call).toEqual({ from: 'app' });
    expect(sent).toEqual(['/new/consumer/store/detail']);
  });

  it('hold a call of a planned read no longer than their time to live', async () => {
    vi.useFakeTimers();
    const { sent } = app();
    planEarlyRead('store/detail');
    const call = post('store/detail', { appId: 1 });
    await vi.advanceTimersByTimeAsync(EARLY_REPLY_TTL_MS);
    expect(await call).toEqual({ from: 'app' });
    expect(sent).toEqual(['/new/consumer/store/detail']);
  });

  it('are not sent for a call the app has already made', async () => {
    app();
    await post('user/h5entry', { id: 1, openid: 'device-1' });
    const { send } = early('user/h5entry', { id: 1, openid: 'device-1' }, async () => envelope({}));
    expect(send).not.toHaveBeenCalled();
  });

  it('are dropped when the app has not asked for them soon after they arrived', async () => {
    vi.useFakeTimers();
    const request = consumerRequest('store/userInfo', {}, caller);
    beginEarlyRead(request, async () => envelope({ from: 'early' }));
    await vi.advanceTimersByTimeAsync(EARLY_REPLY_TTL_MS + 1);
    expect(await takeEarlyReply(request)).toBeNull();
  });
});
