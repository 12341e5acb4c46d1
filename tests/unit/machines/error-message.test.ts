// A failed actor's reason as machines keep it: a refusal keeps the server's own words, a transport
// failure becomes the request layer's message key, so no "status 500" or "timeout" reaches a customer.
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/machines/shared/not-provided';
import {
  configureHttp,
  HttpCode,
  HttpError,
  post,
  type HttpErrorKind,
  type HttpToastKey,
  type Toast,
} from '../../../src/services/http';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The toasts the request layer showed during the last failureOf. */
let toasts: Toast[] = [];

/** What a real call rejects with when the server answers `respond`. */
async function failureOf(respond: () => Response | Promise<Response>, timeoutMs = 60_000): Promise<unknown> {
  toasts = [];
  configureHttp({
    toast: (toast) => toasts.push(toast),
    baseUrl: 'http://shop.test',
    timeoutMs,
    storage: createStorage({ backend: memoryKeyValue(), now: () => 1_000, newId: () => 'device-1' }),
    fetch: async () => respond(),
  });
  try {
    await post('store/paySetting', {});
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

afterEach(() => configureHttp({}));

describe('errorMessage', () => {
  it('keeps the server text of a business refusal', async () => {
    const error = await failureOf(() => json({ result: false, info: null, message: '门店已打烊' }));
    expect(errorMessage(error)).toBe('门店已打烊');
  });

  it.each<[string, () => Response | Promise<Response>, HttpToastKey]>([
    ['a 500', () => new Response('oops', { status: 500 }), 'http.serverError'],
    ['a 502', () => new Response('', { status: 502 }), 'http.serverError'],
    ['a reply that is no JSON', () => new Response('<html>', { status: 200 }), 'http.serverError'],
    ['a reply that is no envelope', () => json({ hello: 1 }), 'http.serverError'],
    ['a success without info', () => json({ result: true, message: '' }), 'http.serverError'],
    ['a 401', () => new Response('', { status: 401 }), 'http.unauthorized'],
    ['a 403', () => new Response('', { status: 403 }), 'http.forbidden'],
    ['a connection that fails', () => Promise.reject(new TypeError('Failed to fetch')), 'http.serverError'],
  ])('turns %s into the key %s, the one its toast showed', async (_, respond, key) => {
    const error = await failureOf(respond);
    expect(error).toBeInstanceOf(HttpError);
    expect(errorMessage(error)).toBe(key);
    // The page and the toast say the same thing.
    expect(toasts).toEqual([{ key }]);
  });

  it('turns a time-out into the server-error key, as its toast (spec §8: no status at all)', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const error = await failureOf(never, 20);
    expect((error as HttpError).kind).toBe('timeout');
    expect(errorMessage(error)).toBe('http.serverError');
    expect(toasts).toEqual([{ key: 'http.serverError' }]);
  });

  it('gives a request-layer key for every kind but business', () => {
    const keys: Record<Exclude<HttpErrorKind, 'business'>, HttpToastKey> = {
      unauthorized: 'http.unauthorized',
      forbidden: 'http.forbidden',
      server: 'http.serverError',
      badReply: 'http.serverError',
      badRequest: 'http.serverError',
      network: 'http.networkError',
      timeout: 'http.serverError',
      aborted: 'http.networkError',
    };
    for (const [kind, key] of Object.entries(keys)) {
      // A status, as a network failure with an answer has (a redirect the request layer does not follow).
      const error = new HttpError(kind as HttpErrorKind, HttpCode.http, `raw ${kind}`, 302);
      expect(errorMessage(error), kind).toBe(key);
    }
    // No answer at all: spec §8 files it under the server error.
    expect(errorMessage(new HttpError('network', HttpCode.timeout, 'timeout'))).toBe('http.serverError');
    expect(errorMessage(new HttpError('business', HttpCode.business, 'Sold out', 200))).toBe('Sold out');
  });

  it('leaves other errors as they are', () => {
    expect(errorMessage(new Error('timeout'))).toBe('timeout');
    // Another service's error may share a kind name with the request layer's; only an HttpError is one.
    expect(errorMessage(Object.assign(new Error('geo timeout'), { kind: 'timeout' }))).toBe('geo timeout');
    expect(errorMessage('offline')).toBe('offline');
    expect(errorMessage({ reason: 'x' })).toBe('error');
  });
});
