// The live status stream of one customer (server-sent events): every order_events row of the customer
// after the cursor becomes `id: <row id>`, `event: order`, `data: <orderChangeEvent>`. The cursor starts
// at the browser's Last-Event-ID (a reconnect misses nothing) or at the customer's newest row when the
// stream's ticket was issued (a change made while the page was connecting is sent at once). The app's OrderEventHub (./order-event-hub.ts) wakes the stream when the
// database notifies a change of its customer, whichever process wrote it; an idle stream sends no query.
// A comment line every 15 s keeps proxies from closing an idle stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { OrderChangeEvent } from '../../../src/domain/api/order-life';
import type { Executor } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { OrderEventHub } from './order-event-hub';

export const STREAM_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting after the stream dropped. */
const RETRY_MS = 3_000;
const BATCH = 100;

/**
 * Open streams of one customer in one process (decision S35). A page needs one, a few tabs a few more;
 * each costs a socket, a timer and a read on every change, so a customer (or a stolen ticket) cannot open
 * hundreds. Counted in the process because the sockets and timers it protects are the process's own.
 */
export const MAX_STREAMS_PER_CUSTOMER = 5;
/** What a refused stream is told to wait: long enough for a closed tab's stream to have ended. */
export const STREAM_CAP_RETRY_SECONDS = 30;

export const streamCapMessage = {
  en: 'Too many live order updates are open. Please close other tabs and try again.',
  'zh-CN': '打开的订单实时更新过多，请关闭其他页面后重试。',
  'zh-TW': '開啟的訂單即時更新過多，請關閉其他頁面後再試。',
  fr: 'Trop de suivis de commande en direct sont ouverts. Fermez les autres onglets et réessayez.',
  es: 'Hay demasiadas actualizaciones de pedidos en vivo abiertas. Cierra otras pestañas e inténtalo de nuevo.',
};

/** Counts the open streams of each customer; take() refuses past MAX_STREAMS_PER_CUSTOMER. */
export class StreamSlots {
  private readonly open = new Map<number, number>();

  constructor(private readonly max = MAX_STREAMS_PER_CUSTOMER) {}

  take(customerId: number): boolean {
    const count = this.open.get(customerId) ?? 0;
    if (count >= this.max) return false;
    this.open.set(customerId, count + 1);
    return true;
  }

  release(customerId: number): void {
    const count = (this.open.get(customerId) ?? 1) - 1;
    if (count > 0) this.open.set(customerId, count);
    else this.open.delete(customerId);
  }
}

/**
 * The open streams of one app: each one's "end now" function and its customer. Graceful shutdown ends them
 * all; the end-to-end tests' control ends one customer's (POST /test/streams/end).
 */
export type StreamRegistry = Map<() => void, number>;

export interface StreamArgs {
  db: Executor;
  customerId: number;
  /** Where the stream starts: a reconnect's Last-Event-ID, or the fresh stream's ticket cursor. */
  after: number;
  request: IncomingMessage;
  response: ServerResponse;
  registry: StreamRegistry;
  hub: OrderEventHub;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}

/** Parses a Last-Event-ID value: a positive whole number, else null (start fresh). */
export function parseLastEventId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : null;
}

/** Streams until the client goes away or the app closes; resolves when the stream has ended. */
export async function streamOrderEvents(args: StreamArgs): Promise<void> {
  const { db, customerId, response } = args;
  let cursor = args.after;
  let ended = false;
  let running: Promise<void> | null = null;
  let again = false;

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // The events name the customer's orders: no cache keeps them.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  const readNew = async () => {
    for (;;) {
      const rows = await db
        .select({
          id: orderEvents.id,
          orderId: orderEvents.orderId,
          orderNo: orders.orderNo,
          status: orderEvents.status,
          at: orderEvents.createdAt,
        })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(and(eq(orderEvents.customerId, customerId), gt(orderEvents.id, cursor)))
        .orderBy(asc(orderEvents.id))
        .limit(BATCH);
      for (const row of rows) {
        if (ended) return;
        const event: OrderChangeEvent = {
          orderId: row.orderId,
          orderNo: row.orderNo,
          status: row.status,
          at: row.at.toISOString(),
        };
        response.write(`id: ${row.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
        cursor = row.id;
      }
      if (rows.length < BATCH) return;
    }
  };

  // One read at a time; a wake-up during a read runs one more read after it.
  const flush = () => {
    if (ended) return;
    if (running) {
      again = true;
      return;
    }
    running = readNew()
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

  const leaveHub = args.hub.add({ customerId, cursor: () => cursor, wake: flush });
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

  args.registry.set(end, customerId);
  args.request.once('close', end);
  response.once('close', end);
  // A reconnect (Last-Event-ID) gets what it missed at once, and so does a fresh stream whose change
  // committed after its start was read but before the hub knew of it.
  flush();
  return done;
}
