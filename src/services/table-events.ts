// A tab's live stream: a ticket from order/eventsTicket opens `GET /new/consumer/table/events?ticket=…&tabId=…`
// as server-sent events (`event: tab`, `data: {"version": n}`: one at once, then one per change). The page
// re-reads the tab when the version moves. EventSource retries a dropped connection by itself; when it gives
// up (refused, or never connected) the caller hears `failed` and polls instead.
import { API_BASE } from '../domain/api/envelope';
import { orderLifeApi } from './api/order-life';
import type { EventSourceLike } from './order-events';

export interface TabStreamHandlers {
  /** The tab's version now (sent on connecting and after each change). */
  version(version: number): void;
  /** No stream: the caller polls. */
  failed(): void;
}

export interface TabStreamDeps {
  ticket(): Promise<string>;
  connect(url: string): EventSourceLike;
}

const CLOSED = 2;

export const tabStreamUrl = (ticket: string, tabId: number) =>
  `${API_BASE}/table/events?ticket=${encodeURIComponent(ticket)}&tabId=${tabId}`;

/** The version an event carries, or null when its data is not `{ "version": n }`. */
export function readTabVersion(data: string): number | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const version = (value as { version?: unknown }).version;
    return Number.isSafeInteger(version) ? (version as number) : null;
  } catch {
    return null;
  }
}

const defaultDeps: TabStreamDeps = {
  ticket: async () => (await orderLifeApi.eventsTicket({}, { toast: false })).ticket,
  connect: (url) => new EventSource(url) as EventSourceLike,
};

/** Opens the stream of one tab; the returned function closes it for good. */
export function openTabStream(
  tabId: number,
  handlers: TabStreamHandlers,
  deps: TabStreamDeps = defaultDeps,
): () => void {
  let source: EventSourceLike | null = null;
  let stopped = false;
  const fail = () => {
    if (stopped) return;
    stopped = true;
    source?.close();
    handlers.failed();
  };
  void deps.ticket().then(
    (ticket) => {
      if (stopped) return;
      const current = deps.connect(tabStreamUrl(ticket, tabId));
      source = current;
      current.addEventListener('tab', (event) => {
        if (stopped) return;
        const version = readTabVersion(event.data);
        if (version !== null) handlers.version(version);
      });
      // A 401/403 or a server without the stream closes the source: the browser will not retry it.
      current.addEventListener('error', () => {
        if (current.readyState === CLOSED) fail();
      });
    },
    () => fail(),
  );
  return () => {
    stopped = true;
    source?.close();
  };
}
