// One listener per app fans database notifications out to the app's open streams (docs/decisions.md
// K30-K34, T31). A trigger notifies a channel with a key (a customer, a tab) when its transaction commits, so
// every writer in every process is covered; the hub wakes only the streams of that key, and each woken stream
// reads what is new with one query. An idle stream costs no query at all.
//
// While the listening connection is down notifications are lost, so the hub sweeps: one query (`behind`)
// finds the open streams that missed something, and those read. It sweeps every `sweepMs` while the listener
// is down, once each time it is back, and every `backstopMs` while it is up.
import type { Executor } from './client';
import type { Listen, Subscription } from './notify';

/** Sweep cadence while the listener is down (STREAM_SWEEP_MS). */
export const DEFAULT_STREAM_SWEEP_MS = 2_000;
/** Sweep cadence while it is up: only a backstop, for a notification lost in a way nobody noticed. */
export const STREAM_BACKSTOP_MS = 30_000;

/** What a hub needs of an open stream. */
export interface WakeableStream {
  /** Read and send what is new (one read at a time; a wake during a read queues one more). */
  wake(): void;
}

export interface NotifyHubOptions {
  db: Executor;
  /** The database's LISTEN; null sweeps every `sweepMs` instead (an app built without one). */
  listen: Listen | null;
  sweepMs?: number;
  backstopMs?: number;
  onError?: (error: unknown, what: string) => void;
}

/** What a kind of stream adds to the hub: its channel, its key, and how a sweep finds the streams behind. */
export interface NotifyHubKind<S extends WakeableStream> {
  channel: string;
  /** Names the hub in its error reports ("order event", "tab event"). */
  name: string;
  keyOf(stream: S): number;
  /** One query over the open streams by key: the streams that missed a change. */
  behind(db: Executor, streams: ReadonlyMap<number, ReadonlySet<S>>): Promise<Iterable<S>>;
}

export class NotifyHub<S extends WakeableStream> {
  private readonly streams = new Map<number, Set<S>>();
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

  constructor(
    private readonly kind: NotifyHubKind<S>,
    private readonly options: NotifyHubOptions,
  ) {
    this.sweepMs = options.sweepMs ?? DEFAULT_STREAM_SWEEP_MS;
    this.backstopMs = options.backstopMs ?? STREAM_BACKSTOP_MS;
  }

  /** Registers an open stream; the listener starts with the first. Returns the function that removes it. */
  add(stream: S): () => void {
    if (this.closed) return () => undefined;
    this.start();
    const key = this.kind.keyOf(stream);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(key) === set) this.streams.delete(key);
    };
  }

  /** Open streams (all keys). */
  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** Whether the listener is up (notifications arrive). */
  get listening(): boolean {
    return this.ready;
  }

  /** Wakes the open streams of these keys (a notification, or a caller that knows of a change). */
  wake(keys: Iterable<number>): void {
    for (const key of new Set(keys)) for (const stream of this.streams.get(key) ?? []) stream.wake();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.sweepMs);
    this.timer.unref();
    const { listen } = this.options;
    if (!listen) return;
    const { name } = this.kind;
    try {
      this.subscription = listen(this.kind.channel, {
        onNotify: (payload) => {
          // The trigger sends a key; anything else on the channel is not ours.
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
          this.options.onError?.(error, `${name} listener lost; sweeping until it is back`);
        },
      });
    } catch (error) {
      this.options.onError?.(error, `${name} listener could not start; sweeping instead`);
    }
  }

  private tick(): void {
    if (this.streams.size === 0) return;
    if (!this.ready || this.owed || Date.now() - this.lastSweep >= this.backstopMs) void this.sweep();
  }

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
      for (const stream of await this.kind.behind(this.options.db, this.streams)) stream.wake();
      if (wasReady && generation === this.generation) this.owed = false;
    } catch (error) {
      this.options.onError?.(error, `${this.kind.name} sweep failed`);
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
