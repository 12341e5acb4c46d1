import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureHttp, HttpCode, HttpError, post, type Toast } from '../../../src/services/http';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(respond: (request: Request) => Promise<Response> | Response, timeoutMs = 60_000) {
  const toasts: Toast[] = [];
  const requests: Request[] = [];
  const goToEntry = vi.fn();
  const storage = createStorage({ backend: memoryKeyValue(), now: () => 1_000, newId: () => 'device-1' });
  configureHttp({
    toast: (t) => toasts.push(t),
    goToEntry,
    getLanguage: () => 'en',
    getClientTypeCode: () => 103,
    isOverseas: () => true,
    baseUrl: 'http://shop.test',
    timeoutMs,
    storage,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      return respond(request);
    },
  });
  return { toasts, requests, goToEntry, storage };
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected the call to reject');
}

/** A server that never answers; the request ends only by its signal. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => {
    const stop = () => reject(new DOMException('aborted', 'AbortError'));
    if (request.signal.aborted) stop();
    request.signal.addEventListener('abort', stop);
  });

afterEach(() => configureHttp({}));

describe('the request layer', () => {
  it('posts JSON under /new/consumer with the token, language, client type and overseas headers', async () => {
    const { requests, storage } = setup(() => json({ result: true, info: { id: 7 }, message: '' }));
    storage.setToken('tok-1', 3);
    const info = await post('store/detail', { appId: 3 });
    expect(info).toEqual({ id: 7 });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('http://shop.test/new/consumer/store/detail');
    expect(request!.headers.get('token')).toBe('tok-1');
    expect(request!.headers.get('language')).toBe('en');
    expect(request!.headers.get('userAgentType')).toBe('103');
    expect(request!.headers.get('Abroad-Env')).toBe('1');
    expect(await request!.json()).toEqual({ appId: 3 });
  });

  it('sends no token header when no token is stored', async () => {
    const { requests } = setup(() => json({ result: true, info: null, message: '' }));
    await post('store/list', {});
    expect(requests[0]!.headers.has('token')).toBe(false);
  });

  it('parses the info with the given schema and rejects a reply of the wrong shape', async () => {
    const { toasts } = setup(() => json({ result: true, info: { id: 'x' }, message: '' }));
    const error = await rejection(post('store/detail', {}, {}, z.object({ id: z.number() })));
    expect(error.kind).toBe('badReply');
    expect(error.code).toBe(HttpCode.badReply);
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });

  it('toasts the message of a business failure and rejects with it', async () => {
    const { toasts } = setup(() => json({ result: false, info: { field: 'phone' }, message: 'Wrong code' }));
    const error = await rejection(post('user/verifyCode', {}));
    expect(error.kind).toBe('business');
    expect(error.message).toBe('Wrong code');
    expect(error.info).toEqual({ field: 'phone' });
    expect(toasts).toEqual([{ text: 'Wrong code' }]);
  });

  it('keeps quiet about a business failure when the call turns toasts off', async () => {
    const { toasts } = setup(() => json({ result: false, info: null, message: 'Wrong code' }));
    const error = await rejection(post('user/verifyCode', {}, { toast: false }));
    expect(error.kind).toBe('business');
    expect(toasts).toEqual([]);
  });

  it('on 401 toasts unauthorised, clears the token and goes to the entry page', async () => {
    const { toasts, storage, goToEntry } = setup(() => json({}, 401));
    storage.setToken('tok-1', 3);
    const error = await rejection(post('store/userInfo', {}, { toast: false }));
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(toasts).toEqual([{ key: 'http.unauthorized' }]);
    expect(storage.getToken()).toBeNull();
    expect(goToEntry).toHaveBeenCalledTimes(1);
  });

  it('on 403 toasts that the shop has stopped operating', async () => {
    const { toasts, goToEntry } = setup(() => json({}, 403));
    const error = await rejection(post('store/products', {}));
    expect(error.kind).toBe('forbidden');
    expect(toasts).toEqual([{ key: 'http.forbidden' }]);
    expect(goToEntry).not.toHaveBeenCalled();
  });

  it.each([404, 500, 503])('on status %i toasts a server error', async (status) => {
    const { toasts } = setup(() => json({}, status));
    const error = await rejection(post('store/products', {}));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(status);
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });

  it('on a status of 302 or below that is not a success toasts a network error', async () => {
    const { toasts } = setup(() => new Response(null, { status: 302, headers: { location: '/elsewhere' } }));
    const error = await rejection(post('store/products', {}));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(302);
    expect(toasts).toEqual([{ key: 'http.networkError' }]);
  });

  it('rejects a failed connection with code 5 (timeout) after a server-error toast', async () => {
    const { toasts } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await rejection(post('store/products', {}));
    expect(error.code).toBe(HttpCode.timeout);
    expect(error.message).toBe('timeout');
    expect(error.status).toBeNull();
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });

  it('rejects a request that outlives the time-out with code 5', async () => {
    setup((request) => hang(request), 20);
    const error = await rejection(post('store/products', {}));
    expect(error.kind).toBe('timeout');
    expect(error.code).toBe(5);
  });

  it('rejects an aborted request with 600003 and no toast', async () => {
    const { toasts } = setup((request) => hang(request));
    const controller = new AbortController();
    const call = post('store/products', {}, { signal: controller.signal });
    controller.abort();
    const error = await rejection(call);
    expect(error.kind).toBe('aborted');
    expect(error.code).toBe(600_003);
    expect(toasts).toEqual([]);
  });

  it('rejects a reply that is not an envelope', async () => {
    const { toasts } = setup(() => json({ hello: 'world' }));
    const error = await rejection(post('store/products', {}));
    expect(error.kind).toBe('badReply');
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });
});
