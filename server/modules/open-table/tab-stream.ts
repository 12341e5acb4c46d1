// The live stream of one tab (server-sent events, decision T31): `event: tab`, `data: {"version":n}` once
// at the start and again whenever the tab's version moves (a round, a kitchen move, a timer, a part taken or
// paid), so every phone at the table refreshes within a second. The TabEventHub wakes the stream when the
// database notifies a change of its tab, whichever process wrote it; an idle stream sends no query. A
// comment line every 15 s keeps proxies from closing an idle stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tableTabs } from '../../db/schema';
import { STREAM_HEARTBEAT_MS, type StreamRegistry } from '../orders/order-stream';
import type { TabEventHub } from './tab-event-hub';

const RETRY_MS = 3_000;

export interface TabStreamArgs {
  db: Executor;
  tabId: number;
  customerId: number;
  request: IncomingMessage;
  response: ServerResponse;
  registry: StreamRegistry;
  hub: TabEventHub;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}

/** Streams until the client goes away or the app closes; resolves when the stream has ended. */
export async function streamTab(args: TabStreamArgs): Promise<void> {
  const { db, tabId, response } = args;
  let sent = 0;
  let ended = false;
  let running: Promise<void> | null = null;
  let again = false;

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // The tab names its guests and their rounds: no cache keeps it.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  const read = async () => {
    const [row] = await db
      .select({ version: tableTabs.version })
      .from(tableTabs)
      .where(eq(tableTabs.id, tabId));
    if (ended || !row || row.version === sent) return;
    sent = row.version;
    response.write(`event: tab\ndata: ${JSON.stringify({ version: sent })}\n\n`);
  };

  // One read at a time; a wake-up during a read runs one more read after it.
  const flush = () => {
    if (ended) return;
    if (running) {
      again = true;
      return;
    }
    running = read()
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

  const leaveHub = args.hub.add({ tabId, sent: () => sent, wake: flush });
  const heartbeat = setInterval(() => {
    if (!ended) response.write(': ping\n\n');
  }, args.heartbeatMs ?? STREAM_HEARTBEAT_MS);

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
  // The first event: the version as it is now, registered with the hub first so no change slips between.
  flush();
  return done;
}
