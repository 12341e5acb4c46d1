// A server-sent events stream woken by a hub (server/db/notify-hub.ts): the headers, the reconnect delay,
// one read at a time (a wake during a read runs one more after it), a comment line every 15 s so proxies do
// not close an idle stream, and the end (client gone, app closing, a failed read). What a stream reads and
// writes is its owner's: the order stream (server/modules/orders/order-stream.ts), the tab stream
// (server/modules/open-table/tab-stream.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const STREAM_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting after the stream dropped. */
const RETRY_MS = 3_000;

/**
 * The open streams of one app: each one's "end now" function and its customer. Graceful shutdown ends them
 * all; the end-to-end tests' control ends one customer's (POST /test/streams/end).
 */
export type StreamRegistry = Map<() => void, number>;

export interface SseStreamArgs {
  customerId: number;
  request: IncomingMessage;
  response: ServerResponse;
  registry: StreamRegistry;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
  /** Reads what is new and writes it; stops early once `ended()` says the stream is gone. */
  read(write: (chunk: string) => void, ended: () => boolean): Promise<void>;
  /** Registers the stream's wake-up with the app's hub; returns the function that removes it. */
  join(wake: () => void): () => void;
}

/**
 * Streams until the client goes away or the app closes; resolves when the stream has ended. The first read
 * runs at once, after joining the hub, so no change slips between the start and the hub knowing of it.
 */
export function runSseStream(args: SseStreamArgs): Promise<void> {
  const { response } = args;
  let ended = false;
  let running: Promise<void> | null = null;
  let again = false;

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // The events name a customer's orders or a table's guests: no cache keeps them.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  const write = (chunk: string) => {
    if (!ended) response.write(chunk);
  };
  const flush = () => {
    if (ended) return;
    if (running) {
      again = true;
      return;
    }
    running = args
      .read(write, () => ended)
      .catch((error: unknown) => {
        args.onError?.(error);
        end();
      })
      .finally(() => {
        running = null;
        if (again && !ended) {
          again = false;
          flush();
        }
      });
  };

  const leaveHub = args.join(flush);
  const heartbeat = setInterval(() => write(': ping\n\n'), args.heartbeatMs ?? STREAM_HEARTBEAT_MS);

  let resolveEnded!: () => void;
  const done = new Promise<void>((resolve) => (resolveEnded = resolve));
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    leaveHub();
    args.registry.delete(end);
    if (!response.writableEnded) response.end();
    resolveEnded();
  }

  args.registry.set(end, args.customerId);
  args.request.once('close', end);
  response.once('close', end);
  flush();
  return done;
}
