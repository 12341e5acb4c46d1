// The live status stream (spec §4 statuses, seen as they change): a ticket from order/eventsTicket opens
// `GET /new/consumer/order/events?ticket=…` as server-sent events. EventSource reconnects by itself
// after a dropped connection and sends Last-Event-ID, so no change is missed; when it gives up (the
// server refused the old ticket, or the connection could not be made at all) one fresh ticket is tried,
// naming the last event seen, before the caller hears that the stream failed and falls back to polling.
import type { OrderChangeEvent } from '../domain/api/order-life';
import { ORDER_STATUSES } from '../domain/enums';
import { API_BASE } from '../domain/api/envelope';
import { orderLifeApi } from './api/order-life';

export interface OrderStreamHandlers {
  /** Connected (again): changes arrive as they happen. */
  open(): void;
  change(event: OrderChangeEvent): void;
  /** The connection dropped; the browser is retrying with the last event id. */
  lost(): void;
  /** No stream any more: retrying is the caller's decision. */
  failed(error: Error): void;
}

/** The part of EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface OrderStreamDeps {
  ticket(): Promise<string>;
  connect(url: string): EventSourceLike;
}

const CLOSED = 2;
const STATUSES: readonly string[] = ORDER_STATUSES;

/** A connection on a fresh ticket names the last event seen (EventSource only resends it on its own retries). */
export const streamUrl = (ticket: string, lastEventId: string | null = null) =>
  `${API_BASE}/order/events?ticket=${encodeURIComponent(ticket)}` +
  (lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '');

/** The event's data when it has the contract's shape (orderChangeEvent), else null. */
export function readOrderChange(data: string): OrderChangeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!Number.isSafeInteger(v.orderId) || typeof v.orderNo !== 'string' || typeof v.at !== 'string')
    return null;
  if (typeof v.status !== 'string' || !STATUSES.includes(v.status)) return null;
  return {
    orderId: v.orderId as number,
    orderNo: v.orderNo,
    status: v.status as OrderChangeEvent['status'],
    at: v.at,
  };
}

const defaultDeps: OrderStreamDeps = {
  ticket: async () => (await orderLifeApi.eventsTicket({}, { toast: false })).ticket,
  connect: (url) => new EventSource(url) as EventSourceLike,
};

/** Opens the stream; the returned function closes it for good. */
export function openOrderStream(
  handlers: OrderStreamHandlers,
  deps: OrderStreamDeps = defaultDeps,
): () => void {
  let source: EventSourceLike | null = null;
  let stopped = false;
  /** A fresh ticket is tried once per failure; an open connection earns another try. */
  let freshTicketTried = false;
  let lastEventId: string | null = null;

  const start = async () => {
    let ticket: string;
    try {
      ticket = await deps.ticket();
    } catch (error) {
      if (!stopped) handlers.failed(error instanceof Error ? error : new Error('no ticket'));
      return;
    }
    if (stopped) return;
    const current = deps.connect(streamUrl(ticket, lastEventId));
    source = current;
    current.addEventListener('open', () => {
      if (stopped || source !== current) return;
      freshTicketTried = false;
      handlers.open();
    });
    current.addEventListener('order', (event) => {
      if (stopped || source !== current) return;
      if (event.lastEventId) lastEventId = event.lastEventId;
      const change = readOrderChange(event.data);
      if (change) handlers.change(change);
    });
    current.addEventListener('error', () => {
      if (stopped || source !== current) return;
      if (current.readyState !== CLOSED) {
        handlers.lost();
        return;
      }
      current.close();
      source = null;
      if (freshTicketTried) {
        handlers.failed(new Error('stream closed'));
        return;
      }
      freshTicketTried = true;
      handlers.lost();
      void start();
    });
  };

  void start();
  return () => {
    stopped = true;
    source?.close();
    source = null;
  };
}
