// The live stream of one tab (server-sent events, decision T31): `event: tab`, `data: {"version":n}` once
// at the start and again whenever the tab's version moves (a round, a kitchen move, a timer, a part taken or
// paid), so every phone at the table refreshes within a second. The TabEventHub wakes the stream when the
// database notifies a change of its tab, whichever process wrote it; an idle stream sends no query. A
// comment line every 15 s keeps proxies from closing an idle stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tableTabs } from '../../db/schema';
import { runSseStream, type StreamRegistry } from '../../http/sse-stream';
import type { TabEventHub } from './tab-event-hub';

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
export function streamTab(args: TabStreamArgs): Promise<void> {
  const { db, tabId } = args;
  let sent = 0;
  const read = async (write: (chunk: string) => void, ended: () => boolean) => {
    const [row] = await db
      .select({ version: tableTabs.version })
      .from(tableTabs)
      .where(eq(tableTabs.id, tabId));
    if (ended() || !row || row.version === sent) return;
    sent = row.version;
    write(`event: tab\ndata: ${JSON.stringify({ version: sent })}\n\n`);
  };
  // The first event: the version as it is now, read once the stream is with the hub.
  return runSseStream({ ...args, read, join: (wake) => args.hub.add({ tabId, sent: () => sent, wake }) });
}
