// The last menu read, kept for a phone that loses its connection (decision K26). The service worker keeps
// the app's code, but consumer calls are POSTs, which it does not cache; so the request layer keeps the
// last successful reply of the few calls that show a shop and its menu (http.ts REPLAYABLE_CALLS), by
// call, body and language, and answers with it when there is no connection (the browser says it is
// offline, or the request got no answer at all). Nothing that changes anything is ever kept or replayed:
// orders and payments need the server. While a kept reply is on screen the app shows its offline notice
// (replayState). This module loads on first use, so the first page's bundle does not carry it.

export interface ReplyStore {
  /** Keeps the reply's body as the server sent it (no second serialisation of a large menu). */
  keep(path: string, body: unknown, language: string, reply: string): Promise<void>;
  /** The kept envelope, or undefined when there is none (or it cannot be read). */
  recall(path: string, body: unknown, language: string): Promise<unknown>;
}

/** The key of a call: its path, body and language (the menu's text is in the customer's language). */
export const replyKey = (path: string, body: unknown, language: string) =>
  `${path.replace(/^\//, '')} ${language} ${JSON.stringify(body ?? {})}`;

export function memoryReplyStore(): ReplyStore {
  const kept = new Map<string, string>();
  return {
    keep: async (path, body, language, reply) => void kept.set(replyKey(path, body, language), reply),
    recall: async (path, body, language) => {
      const text = kept.get(replyKey(path, body, language));
      return text === undefined ? undefined : JSON.parse(text);
    },
  };
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 0);
}

/**
 * Cache Storage: large enough for a big menu (localStorage's few megabytes are shared with the session
 * and carts, and a full one would push those into memory), and asynchronous. Without it (an insecure
 * origin, an old browser) nothing is kept. A failure to keep or read is never the customer's concern.
 */
export function cacheStorageReplies(name = 'last-replies-v1'): ReplyStore {
  const open = () => (typeof caches === 'undefined' ? Promise.resolve(null) : caches.open(name));
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const url = (path: string, body: unknown, language: string) =>
    `${origin}/offline-replies/?${new URLSearchParams({ key: replyKey(path, body, language) })}`;
  const put = async (key: string, reply: string) => {
    try {
      const cache = await open();
      await cache?.put(key, new Response(reply, { headers: { 'content-type': 'application/json' } }));
    } catch {
      // Quota or a private mode: the next reload simply has nothing to fall back on.
    }
  };
  return {
    // Written when the page is idle: keeping a reply never delays the page that asked for it.
    keep: (path, body, language, reply) =>
      new Promise((resolve) => whenIdle(() => void put(url(path, body, language), reply).then(resolve))),
    recall: async (path, body, language) => {
      try {
        const cache = await open();
        const response = await cache?.match(url(path, body, language));
        return response ? await response.json() : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export const browserReplies = cacheStorageReplies();

type Listener = () => void;
const listeners = new Set<Listener>();
let replaying = false;

/** Whether what the customer sees came from kept replies since the last answer from the server. */
export const replayState = {
  get: () => replaying,
  set(next: boolean) {
    if (next === replaying) return;
    replaying = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
