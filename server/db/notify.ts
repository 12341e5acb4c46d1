// Database notifications (LISTEN/NOTIFY) for in-process fan-out (docs/decisions.md K30-K34). On
// PostgreSQL each subscription holds one connection of its own, outside the API's pool: a LISTEN belongs
// to a session, and a pooled connection is handed to other work between queries. That connection is
// re-opened with a growing delay whenever it is lost (a restart, a failover, pg_terminate_backend, a
// silent network found by a periodic ping), and its failures never reach the process as an uncaught
// 'error'. PGlite is one process with one session: its own listen() serves.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface NotificationHandlers {
  /** A notification on the channel, with its payload. */
  onNotify(payload: string): void;
  /**
   * LISTEN is in place: the first time and after every reconnect. Whatever was notified while it was
   * not is lost, so the subscriber catches up by reading.
   */
  onReady(): void;
  /** The connection is gone; notifications are missed until the next onReady. */
  onLost(error: Error): void;
}

export interface Subscription {
  /** Stops listening and closes the connection; never rejects and never waits long. */
  close(): Promise<void>;
}

/** Subscribes to a channel (a lower-case identifier); the handlers are told when it is ready. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Subscription;

export interface ListenSettings {
  /** Bounds opening the connection and each of its statements (LISTEN, the ping). */
  connectTimeoutMs: number;
  /** First delay before reconnecting; it doubles on every failed attempt up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
  /** How often the idle connection is asked `select 1`, so a network that dropped it silently is noticed. */
  pingMs: number;
}

export const LISTEN_DEFAULTS: ListenSettings = {
  connectTimeoutMs: 5_000,
  retryMs: 500,
  maxRetryMs: 30_000,
  pingMs: 30_000,
};

/** How the listening connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'storefront-listen';

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: "${channel}"`);
}

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, with ±20 % jitter. */
export function retryDelay(settings: ListenSettings, attempt: number): number {
  const base = Math.min(settings.maxRetryMs, settings.retryMs * 2 ** Math.min(attempt, 20));
  // Several processes that lost the server together do not all come back in the same millisecond.
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** LISTEN on a dedicated PostgreSQL connection that keeps coming back until closed. */
export function listenPostgres(url: string, settings: ListenSettings = LISTEN_DEFAULTS): Listen {
  return (channel, handlers) => {
    checkChannel(channel);
    return new PostgresSubscription(url, settings, channel, handlers);
  };
}

class PostgresSubscription implements Subscription {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly settings: ListenSettings,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.settings.connectTimeoutMs,
      query_timeout: this.settings.connectTimeoutMs,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    // A connection that dies between statements emits 'error' (and 'end'); either means reconnect.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('The listening connection ended')));
    client.on('notification', (message) => {
      if (this.client === client && message.channel === this.channel)
        this.handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.client !== client) return;
    this.attempt = 0;
    this.pingTimer = setInterval(() => this.ping(client), this.settings.pingMs);
    this.pingTimer.unref();
    this.handlers.onReady();
  }

  private ping(client: pg.Client): void {
    client.query('select 1').catch((error: unknown) => {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
    });
  }

  /** Drops `client` (once) and schedules the next attempt. */
  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    clearInterval(this.pingTimer);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.handlers.onLost(error);
    const delay = retryDelay(this.settings, this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    // A connection whose peer vanished may never confirm the goodbye: give it a moment, not forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.end().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 1_000);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}

/** LISTEN on PGlite: the embedded database delivers a notification once its transaction commits. */
export function listenPglite(client: PGlite): Listen {
  return (channel, handlers) => {
    checkChannel(channel);
    let closed = false;
    const stop = client
      .listen(channel, (payload) => {
        if (!closed) handlers.onNotify(payload);
      })
      .then(
        (unlisten) => {
          if (!closed) handlers.onReady();
          return unlisten;
        },
        (error: unknown) => {
          // Only a closed database refuses LISTEN; there is nothing to come back to.
          if (!closed) handlers.onLost(error instanceof Error ? error : new Error(String(error)));
          return null;
        },
      );
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        const unlisten = await stop;
        // The database may already be closed at shutdown; then there is nothing left to unlisten.
        await unlisten?.().catch(() => undefined);
      },
    };
  };
}

/** Wraps a Listen so the database's close() also ends the subscriptions still open. */
export function closingWithDatabase(listen: Listen): { listen: Listen; closeAll(): Promise<void> } {
  const open = new Set<Subscription>();
  return {
    listen: (channel, handlers) => {
      const subscription = listen(channel, handlers);
      const tracked: Subscription = {
        close: async () => {
          open.delete(tracked);
          await subscription.close();
        },
      };
      open.add(tracked);
      return tracked;
    },
    closeAll: async () => {
      await Promise.all([...open].map((subscription) => subscription.close()));
    },
  };
}
