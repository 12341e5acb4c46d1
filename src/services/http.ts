// The request layer of spec §7 "Handling of answers" and §8 "Error catalogue": every consumer call is a
// POST with a JSON body under /new/consumer, answered by the { result, info, message } envelope. Views and
// i18n live above this layer, so toasts leave as message keys (or server text) through configureHttp.
// ky does the sending; a read the cold start already sent (K50) reaches it as its fetch. ky comes in its
// own chunk, asked for as this module loads (decision K54): the first page paints without it, and the first
// call waits for it only while it is still on its way.
import type { ApiReply } from '../domain/api/envelope';
import { DEFAULTS } from '../domain/enums';
import { consumerRequest, type ConsumerRequest } from './consumer-request';
import { takeEarlyReply } from './early-replies';
import type * as KyModule from 'ky';
import type * as OfflineReplies from './offline-replies';
import type { ReplyStore } from './offline-replies';
import { storage as defaultStorage, type Storage } from './storage';

/** Message keys the UI translates; anything else a toast carries is server text, shown as is. */
export type HttpToastKey = 'http.unauthorized' | 'http.forbidden' | 'http.serverError' | 'http.networkError';
export type Toast = { key: HttpToastKey } | { text: string };

/** Request-layer codes of spec §8. */
export const HttpCode = {
  /** Time-out and network error (message "timeout"). */
  timeout: 5,
  /** The caller aborted the request. */
  aborted: 600_003,
  /** result: false; the reply's message says why. */
  business: -1,
  /** A non-2xx HTTP status. */
  http: 1,
  /** The reply is not an envelope, or its info fails the check the caller passed. */
  badReply: 2,
  /** The call's input breaks its contract; nothing was sent (kept for callers that check input). */
  badRequest: 3,
} as const;

export type HttpErrorKind =
  | 'business'
  | 'unauthorized'
  | 'forbidden'
  | 'server'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'badReply'
  | 'badRequest';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly kind: HttpErrorKind,
    readonly code: number,
    message: string,
    /** HTTP status when a response arrived. */
    readonly status: number | null = null,
    /** The reply's info on a business failure (some calls put details there). */
    readonly info: unknown = null,
  ) {
    super(message);
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

export interface HttpConfig {
  toast(toast: Toast): void;
  /** Go to the entry page (after a 401). */
  goToEntry(): void;
  getLanguage(): string;
  getClientTypeCode(): number;
  isOverseas(): boolean;
  /** Absolute origin the /new/consumer paths resolve against; the page's own origin in the browser. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  storage: Storage;
  /** Where the last replies of the menu reads are kept for a lost connection (./offline-replies). */
  replies: ReplyStore;
}

/**
 * Reads a kept reply may answer (./offline-replies): the session move of a reload (user/token, for the
 * token the browser already holds), the shop, its categories and its menu pages. Never an order or a pay.
 */
export const REPLAYABLE_CALLS = /^\/?(user\/token|store\/(detail|productTypes|productsChunk))$/;

/** ./offline-replies, once something needed it; until then nothing was replayed. */
let offline: typeof OfflineReplies | null = null;
const loadOffline = () => import('./offline-replies').then((module) => (offline = module));

type Ky = typeof KyModule;
let kyModule: Ky | undefined;
let kyLoading: Promise<Ky> | null = null;
/** ky, loaded once; a failed load (a lost connection) is tried again by the next call. */
function loadKy(): Promise<Ky> {
  kyLoading ??= import('ky').then(
    (module) => (kyModule = module),
    (error: unknown) => {
      kyLoading = null;
      throw error;
    },
  );
  return kyLoading;
}
void loadKy().catch(() => undefined);
/** ky's own errors; before ky has loaded no error can be one of them. */
const isHTTPError = (error: unknown) => kyModule?.isHTTPError(error) === true;
const isTimeoutError = (error: unknown) => kyModule?.isTimeoutError(error) === true;

const defaultReplies: ReplyStore = {
  keep: (...args) =>
    loadOffline().then(
      (m) => m.browserReplies.keep(...args),
      () => undefined,
    ),
  recall: (...args) =>
    loadOffline().then(
      (m) => m.browserReplies.recall(...args),
      () => undefined,
    ),
};

const defaults = (): HttpConfig => ({
  toast: () => undefined,
  goToEntry: () => undefined,
  getLanguage: () => 'zh-CN',
  getClientTypeCode: () => 0,
  isOverseas: () => false,
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  timeoutMs: DEFAULTS.requestTimeoutMs,
  storage: defaultStorage,
  replies: defaultReplies,
});

let config: HttpConfig = defaults();

/** Called once by the app at start (and by tests); unspecified parts keep their defaults. */
export function configureHttp(next: Partial<HttpConfig>): void {
  config = { ...defaults(), ...next };
}

/**
 * A check of a reply's info a caller may pass to post(): any schema with `safeParse` (zod or zod/mini).
 * The consumer calls pass none: the server validates every payload against the shared contract, which
 * the calls take their types from (src/services/api/call.ts).
 */
export interface ReplyCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface CallOptions {
  /** false: a business failure rejects without a toast (the caller shows its own message). */
  toast?: boolean;
  signal?: AbortSignal;
}

/** POST `area/action` with `body`; resolves with the reply's info, checked with `schema` when given. */
export async function post<T>(
  path: string,
  body: unknown,
  options: CallOptions = {},
  schema?: ReplyCheck<T>,
): Promise<T> {
  const request = consumerRequest(path, body, {
    language: config.getLanguage(),
    clientTypeCode: config.getClientTypeCode(),
    overseas: config.isOverseas(),
    token: config.storage.getToken()?.value ?? null,
  });

  const reply = await answer(request, body, options);

  const envelope = reply as Partial<ApiReply<unknown>> | null;
  if (!envelope || typeof envelope !== 'object' || typeof envelope.result !== 'boolean') {
    config.toast({ key: 'http.serverError' });
    throw new HttpError('badReply', HttpCode.badReply, 'bad reply', 200);
  }
  if (!envelope.result) {
    const message = typeof envelope.message === 'string' ? envelope.message : '';
    if (options.toast !== false && message) config.toast({ text: message });
    throw new HttpError('business', HttpCode.business, message, 200, envelope.info ?? null);
  }
  // A success always carries its info (null when there is none); a reply without it is not an answer.
  if (!('info' in envelope)) {
    config.toast({ key: 'http.serverError' });
    throw new HttpError('badReply', HttpCode.badReply, `bad reply for ${path}`, 200);
  }
  if (!schema) return envelope.info as T;
  const parsed = schema.safeParse(envelope.info);
  if (!parsed.success) {
    config.toast({ key: 'http.serverError' });
    throw new HttpError('badReply', HttpCode.badReply, `bad reply for ${path}`, 200);
  }
  return parsed.data;
}

/**
 * The server's reply, or for a menu read that got no answer the last one kept (./offline-replies). An
 * offline browser refuses the request at once, so the kept reply shows without waiting. A reply from the
 * server ends the offline notice.
 */
async function answer(request: ConsumerRequest, body: unknown, options: CallOptions) {
  const path = request.action;
  const replayable = REPLAYABLE_CALLS.test(path);
  const language = config.getLanguage();
  // A read the cold start already sent (./early-replies) answers this call as if it had just been fetched.
  const early = await takeEarlyReply(request);
  try {
    const text = await send(request, options.signal, early ? adopt(early.reply) : config.fetch);
    // An empty body is no envelope (caught by the caller's check).
    const reply: unknown = text === '' ? '' : JSON.parse(text);
    offline?.replayState.set(false);
    if (replayable && (reply as { result?: unknown } | null)?.result === true)
      void config.replies.keep(path, body, language, text);
    return reply;
  } catch (error) {
    const kept =
      replayable && noAnswer(error, options.signal)
        ? await config.replies.recall(path, body, language)
        : undefined;
    if (kept === undefined) throw failure(error, options.signal);
    (offline ?? (await loadOffline())).replayState.set(true);
    return kept;
  }
}

/**
 * Sends the request with ky (time-out, status check, the caller's abort) and reads the reply's text; a
 * status outside 200-299 rejects with ky's HTTPError, a lost connection with fetch's TypeError.
 */
async function send(
  request: ConsumerRequest,
  signal: AbortSignal | undefined,
  fetcher: typeof fetch | undefined,
) {
  const { default: ky } = await loadKy();
  return ky
    .post(new URL(request.url, config.baseUrl), {
      headers: request.headers,
      body: request.body,
      credentials: 'same-origin',
      timeout: config.timeoutMs,
      retry: 0,
      signal,
      // ky calls its `fetch` option as a method: the window's own fetch stays ky's default, unbound.
      ...(fetcher ? { fetch: fetcher } : {}),
    })
    .text();
}

/** A fetch that answers with the early reply, or with the abort of the call that adopted it. */
const adopt =
  (reply: Promise<Response>): typeof fetch =>
  (input, init) => {
    // ky hands fetch a Request that carries the call's signal (its time-out and the caller's abort).
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (!signal) return reply;
    return new Promise<Response>((resolve, reject) => {
      const stop = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
      reply.then(resolve, reject);
    });
  };

/** The request got no reply at all (no network, no server, time-out), and the caller did not abort it. */
const noAnswer = (error: unknown, signal: AbortSignal | undefined) =>
  !signal?.aborted &&
  !(error instanceof Error && error.name === 'AbortError') &&
  !isHTTPError(error) &&
  !(error instanceof SyntaxError);

/** Maps a transport failure onto spec §8: toast (and on 401 sign out), then the typed error. */
function failure(error: unknown, signal: AbortSignal | undefined): HttpError {
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return new HttpError('aborted', HttpCode.aborted, 'abort');
  }
  if (isHTTPError(error)) {
    const status = (error as { response: Response }).response.status;
    if (status === 401) {
      config.toast({ key: 'http.unauthorized' });
      config.storage.clearOpenidAndToken();
      config.goToEntry();
      return new HttpError('unauthorized', HttpCode.http, 'unauthorized', status);
    }
    if (status === 403) {
      config.toast({ key: 'http.forbidden' });
      return new HttpError('forbidden', HttpCode.http, 'forbidden', status);
    }
    if (status > 302) {
      config.toast({ key: 'http.serverError' });
      return new HttpError('server', HttpCode.http, `status ${status}`, status);
    }
    config.toast({ key: 'http.networkError' });
    return new HttpError('network', HttpCode.http, `status ${status}`, status);
  }
  if (error instanceof SyntaxError) {
    config.toast({ key: 'http.serverError' });
    return new HttpError('badReply', HttpCode.badReply, 'bad reply', 200);
  }
  // No status at all: spec §8 files it under the server-error toast; the caller sees code 5.
  config.toast({ key: 'http.serverError' });
  if (isTimeoutError(error)) return new HttpError('timeout', HttpCode.timeout, 'timeout');
  return new HttpError('network', HttpCode.timeout, 'timeout');
}
