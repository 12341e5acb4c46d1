// Replies to the reads a cold start begins before the app's code has arrived (src/app/early.ts, decision
// K50). The request layer (./http.ts) takes one as the answer to its own call when it sends the very same
// request (./consumer-request.ts), and takes it once; what the app does not ask for soon after it arrived
// is dropped, so a later call never gets an old answer. Nothing here reads a reply for the app: the request
// layer handles an early reply exactly as one it fetched itself (statuses, time-out, a lost connection).
import { requestKey, type ConsumerRequest } from './consumer-request';

/** How long an early reply waits for the app's call after it arrived. */
export const EARLY_REPLY_TTL_MS = 10_000;

/** Replies by request key. */
const replies = new Map<string, Promise<Response>>();
/** Actions an early read is planned for, settled once it is sent or given up. */
const planned = new Map<string, Promise<void>>();
/** Actions the app has called: an early read of one of them would only repeat it. */
const called = new Set<string>();

export interface EarlyRead {
  /** The envelope's info of a successful reply, for the next early read; null for anything else. */
  info: Promise<unknown>;
}

export interface PlannedRead {
  /** Sends the planned read now (the same request the app will send). */
  begin(request: ConsumerRequest): EarlyRead;
  /** Gives the read up: the app's call goes out on its own. */
  skip(): void;
}

/**
 * Announces an early read of `action` whose request is not known yet (it needs an earlier reply): until it
 * is begun or skipped, the app's call of that action waits for it rather than racing it, for at most
 * EARLY_REPLY_TTL_MS (an earlier reply that never comes must not hold the app's call).
 */
export function planEarlyRead(action: string, send: typeof fetch = fetch): PlannedRead {
  let settle = () => {};
  const decided = new Promise<void>((resolve) => (settle = resolve));
  planned.set(action, decided);
  const done = () => {
    clearTimeout(timer);
    if (planned.get(action) === decided) planned.delete(action);
    settle();
  };
  const timer = setTimeout(done, EARLY_REPLY_TTL_MS);
  return {
    begin(request) {
      const read = called.has(action) ? { info: Promise.resolve(null) } : beginEarlyRead(request, send);
      done();
      return read;
    },
    skip: done,
  };
}

/** Sends `request` now and keeps its reply for the app's identical call. */
export function beginEarlyRead(request: ConsumerRequest, send: typeof fetch = fetch): EarlyRead {
  if (called.has(request.action)) return { info: Promise.resolve(null) };
  const key = requestKey(request);
  const reply = send(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    credentials: 'same-origin',
  });
  // Read from a copy, taken before anyone else can read the body: the app reads the reply itself.
  const info = reply
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((envelope: { result?: unknown; info?: unknown } | null) =>
      envelope?.result === true ? envelope.info : null,
    )
    .catch(() => null);
  replies.set(key, reply);
  const expire = () =>
    setTimeout(() => {
      if (replies.get(key) === reply) replies.delete(key);
    }, EARLY_REPLY_TTL_MS);
  reply.then(expire, expire);
  return { info };
}

/**
 * The early reply to exactly this request, handed out once; null when there is none. A planned read of the
 * same action is waited for first.
 */
export async function takeEarlyReply(request: ConsumerRequest): Promise<{ reply: Promise<Response> } | null> {
  const plan = planned.get(request.action);
  if (plan) await plan;
  called.add(request.action);
  const key = requestKey(request);
  const reply = replies.get(key);
  replies.delete(key);
  return reply ? { reply } : null;
}
