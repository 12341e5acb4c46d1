// One listener per app fans order changes out to its open live-status streams (docs/decisions.md
// K30-K34). Every order_events row notifies the channel "order_events" with its customer id when its
// transaction commits (migration 0011, a trigger, so every writer in every process is covered); the hub
// wakes only that customer's streams, and each woken stream reads its new rows with one query. An idle
// stream costs no query at all.
//
// While the listening connection is down, notifications are lost, so the hub sweeps: one query reads the
// newest event id of every customer with an open stream, and the streams behind it read. It sweeps every
// `sweepMs` while the listener is down, once each time it is back, and every `backstopMs` while it is up.
import { and, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Listen, Subscription } from '../../db/notify';
import { orderEvents } from '../../db/schema';

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Sweep cadence while the listener is down (STREAM_SWEEP_MS). */
export const DEFAULT_STREAM_SWEEP_MS = 2_000;
/** Sweep cadence while it is up: only a backstop, for a notification lost in a way nobody noticed. */
export const STREAM_BACKSTOP_MS = 30_000;

/** What the hub needs of an open stream. */
export interface StreamWaker {
  customerId: number;
  /** The id of the last event the stream has sent (or started after). */
  cursor(): number;
  /** Read and send the rows after the cursor (one read at a time; a wake during a read queues one more). */
  wake(): void;
}

export interface OrderEventHubOptions {
  db: Executor;
  /** The database's LISTEN; null sweeps every `sweepMs` instead (an app built without one). */
  listen: Listen | null;
  sweepMs?: number;
  backstopMs?: number;
  onError?: (error: unknown, what: string) => void;
}

export class OrderEventHub {
  private readonly streams = new Map<number, Set<StreamWaker>>();
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ready = false;
  /** A sweep that started after the listener became ready has not yet succeeded. */
  private owed = true;
  private generation = 0;
  private lastSweep = 0;
  private sweeping = false;
  private sweepAgain = false;
  private closed = false;
  private readonly sweepMs: number;
  private readonly backstopMs: number;

  constructor(private readonly options: OrderEventHubOptions) {
    this.sweepMs = options.sweepMs ?? DEFAULT_STREAM_SWEEP_MS;
    this.backstopMs = options.backstopMs ?? STREAM_BACKSTOP_MS;
  }

  /** Registers an open stream; the listener starts with the first. Returns the function that removes it. */
  add(stream: StreamWaker): () => void {
    if (this.closed) return () => undefined;
    this.start();
    let set = this.streams.get(stream.customerId);
    if (!set) this.streams.set(stream.customerId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(stream.customerId) === set)
        this.streams.delete(stream.customerId);
    };
  }

  /** Open streams (all customers). */
  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** Whether the listener is up (notifications arrive). */
  get listening(): boolean {
    return this.ready;
  }

  /** Wakes the open streams of these customers (a notification, or a caller that knows of a change). */
  wake(customerIds: Iterable<number>): void {
    for (const id of new Set(customerIds)) for (const stream of this.streams.get(id) ?? []) stream.wake();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.sweepMs);
    this.timer.unref();
    const { listen } = this.options;
    if (!listen) return;
    try {
      this.subscription = listen(ORDER_EVENTS_CHANNEL, {
        onNotify: (payload) => {
          // The trigger sends a customer id; anything else on the channel is not ours.
          if (/^\d{1,15}$/.test(payload)) this.wake([Number(payload)]);
        },
        onReady: () => {
          this.ready = true;
          this.generation += 1;
          this.owed = true;
          void this.sweep();
        },
        onLost: (error) => {
          this.ready = false;
          this.generation += 1;
          this.owed = true;
          this.options.onError?.(error, 'order event listener lost; sweeping until it is back');
        },
      });
    } catch (error) {
      this.options.onError?.(error, 'order event listener could not start; sweeping instead');
    }
  }

  private tick(): void {
    if (this.streams.size === 0) return;
    if (!this.ready || this.owed || Date.now() - this.lastSweep >= this.backstopMs) void this.sweep();
  }

  /** One query: the newest event id of each customer with an open stream; wakes the streams behind it. */
  private async sweep(): Promise<void> {
    if (this.closed || this.streams.size === 0) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = true;
    const generation = this.generation;
    const wasReady = this.ready;
    this.lastSweep = Date.now();
    try {
      const customers = [...this.streams.keys()];
      let floor = Number.MAX_SAFE_INTEGER;
      for (const set of this.streams.values()) for (const s of set) floor = Math.min(floor, s.cursor());
      const rows = await this.options.db
        .select({ customerId: orderEvents.customerId, newest: max(orderEvents.id) })
        .from(orderEvents)
        .where(
          and(
            sql`${orderEvents.customerId} = any(${sql.param(customers)}::integer[])`,
            gt(orderEvents.id, floor),
          ),
        )
        .groupBy(orderEvents.customerId);
      for (const { customerId, newest } of rows)
        for (const stream of this.streams.get(customerId) ?? [])
          if (newest !== null && newest > stream.cursor()) stream.wake();
      if (wasReady && generation === this.generation) this.owed = false;
    } catch (error) {
      this.options.onError?.(error, 'order event sweep failed');
    } finally {
      this.sweeping = false;
      if (this.sweepAgain) {
        this.sweepAgain = false;
        void this.sweep();
      }
    }
  }

  /** Stops the listener and the sweeps; the streams themselves are ended by their owner. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.ready = false;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }
}
