// The live status stream of one customer (server-sent events): every order_events row of the customer
// after the cursor becomes `id: <row id>`, `event: order`, `data: <orderChangeEvent>`. The cursor starts
// at the browser's Last-Event-ID (a reconnect misses nothing) or at the customer's newest row when the
// stream's ticket was issued (a change made while the page was connecting is sent at once). The app's OrderEventHub (./order-event-hub.ts) wakes the stream when the
// database notifies a change of its customer, whichever process wrote it; an idle stream sends no query.
// A comment line every 15 s keeps proxies from closing an idle stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendFailure } from '../../http/action';
import { runSseStream, type StreamRegistry } from '../../http/sse-stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { OrderChangeEvent } from '../../../src/domain/api/order-life';
import type { Executor } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { OrderEventHub } from './order-event-hub';

export { STREAM_HEARTBEAT_MS, type StreamRegistry } from '../../http/sse-stream';

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

/**
 * Serves one stream: takes one of the customer's slots (429 with a retry-after past the cap), hands the raw
 * reply to `stream` with the headers set so far (a hijacked reply skips Fastify's header sending, so the
 * security headers go out with the stream's own), and gives the slot back when the stream ends.
 */
export async function serveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  slots: StreamSlots,
  customerId: number,
  stream: () => Promise<void>,
): Promise<unknown> {
  if (!slots.take(customerId)) {
    reply.header('retry-after', String(STREAM_CAP_RETRY_SECONDS));
    return sendFailure(request, reply, new HttpError(429, streamCapMessage));
  }
  try {
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await stream();
  } finally {
    slots.release(customerId);
  }
}

/** Parses a Last-Event-ID value: a positive whole number, else null (start fresh). */
export function parseLastEventId(value: unknown): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : null;
}

/** Streams until the client goes away or the app closes; resolves when the stream has ended. */
export function streamOrderEvents(args: StreamArgs): Promise<void> {
  const { db, customerId } = args;
  let cursor = args.after;
  const readNew = async (write: (chunk: string) => void, ended: () => boolean) => {
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
        if (ended()) return;
        const event: OrderChangeEvent = {
          orderId: row.orderId,
          orderNo: row.orderNo,
          status: row.status,
          at: row.at.toISOString(),
        };
        write(`id: ${row.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
        cursor = row.id;
      }
      if (rows.length < BATCH) return;
    }
  };

  // A reconnect (Last-Event-ID) gets what it missed at once, and so does a fresh stream whose change
  // committed after its start was read but before the hub knew of it.
  return runSseStream({
    ...args,
    read: readNew,
    join: (wake) => args.hub.add({ customerId, cursor: () => cursor, wake }),
  });
}
