// One listener per app fans tab changes out to the open live tab streams (decision T31). Every change of a
// tab's version notifies the channel "table_tabs" with the tab's id when its transaction commits (migration
// 0024, a trigger, so every writer in every process is covered); the hub wakes only that tab's streams, and
// each woken stream reads the tab's version with one query. An idle stream costs no query at all.
//
// While the listening connection is down notifications are lost, so the hub sweeps: one query reads the
// version of every tab with an open stream, and the streams behind it read. It sweeps every `sweepMs`
// while the listener is down, once each time it is back, and every `backstopMs` while it is up.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Listen, Subscription } from '../../db/notify';
import { tableTabs } from '../../db/schema';
import { DEFAULT_STREAM_SWEEP_MS, STREAM_BACKSTOP_MS } from '../orders/order-event-hub';

export const TABLE_TABS_CHANNEL = 'table_tabs';

/** What the hub needs of an open stream. */
export interface TabStreamWaker {
  tabId: number;
  /** The version the stream has sent last (0 before its first). */
  sent(): number;
  /** Read the tab's version and send it when it moved (one read at a time). */
  wake(): void;
}

export interface TabEventHubOptions {
  db: Executor;
  listen: Listen | null;
  sweepMs?: number;
  backstopMs?: number;
  onError?: (error: unknown, what: string) => void;
}

export class TabEventHub {
  private readonly streams = new Map<number, Set<TabStreamWaker>>();
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | undefined;
  private ready = false;
  private owed = true;
  private lastSweep = 0;
  private sweeping = false;
  private closed = false;
  private readonly sweepMs: number;
  private readonly backstopMs: number;

  constructor(private readonly options: TabEventHubOptions) {
    this.sweepMs = options.sweepMs ?? DEFAULT_STREAM_SWEEP_MS;
    this.backstopMs = options.backstopMs ?? STREAM_BACKSTOP_MS;
  }

  /** Registers an open stream; the listener starts with the first. Returns the function that removes it. */
  add(stream: TabStreamWaker): () => void {
    if (this.closed) return () => undefined;
    this.start();
    let set = this.streams.get(stream.tabId);
    if (!set) this.streams.set(stream.tabId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(stream.tabId) === set) this.streams.delete(stream.tabId);
    };
  }

  /** Open streams (all tabs). */
  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** Wakes the open streams of this tab. */
  wake(tabId: number): void {
    for (const stream of this.streams.get(tabId) ?? []) stream.wake();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.sweepMs);
    this.timer.unref();
    const { listen } = this.options;
    if (!listen) return;
    try {
      this.subscription = listen(TABLE_TABS_CHANNEL, {
        onNotify: (payload) => {
          // The trigger sends a tab id; anything else on the channel is not ours.
          if (/^\d{1,10}$/.test(payload)) this.wake(Number(payload));
        },
        onReady: () => {
          this.ready = true;
          this.owed = true;
          void this.sweep();
        },
        onLost: (error) => {
          this.ready = false;
          this.owed = true;
          this.options.onError?.(error, 'tab event listener lost; sweeping until it is back');
        },
      });
    } catch (error) {
      this.options.onError?.(error, 'tab event listener could not start; sweeping instead');
    }
  }

  private tick(): void {
    if (this.streams.size === 0) return;
    if (!this.ready || this.owed || Date.now() - this.lastSweep >= this.backstopMs) void this.sweep();
  }

  /** One query: the version of each tab with an open stream; wakes the streams behind it. */
  private async sweep(): Promise<void> {
    if (this.closed || this.streams.size === 0 || this.sweeping) return;
    this.sweeping = true;
    const wasReady = this.ready;
    this.lastSweep = Date.now();
    try {
      const ids = [...this.streams.keys()];
      const rows = await this.options.db
        .select({ id: tableTabs.id, version: tableTabs.version })
        .from(tableTabs)
        .where(sql`${tableTabs.id} = any(${sql.param(ids)}::integer[])`);
      for (const { id, version } of rows)
        for (const stream of this.streams.get(id) ?? []) if (version !== stream.sent()) stream.wake();
      if (wasReady && this.ready) this.owed = false;
    } catch (error) {
      this.options.onError?.(error, 'tab event sweep failed');
    } finally {
      this.sweeping = false;
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
