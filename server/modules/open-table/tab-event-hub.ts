// The tab streams' hub (decision T31): every change of a tab's version notifies the channel "table_tabs"
// with the tab's id when its transaction commits (migration 0024, a trigger); the hub
// (server/db/notify-hub.ts) wakes only that tab's streams. A sweep reads the version of every tab with an
// open stream and wakes the streams that have not sent it.
import { sql } from 'drizzle-orm';
import { tableTabs } from '../../db/schema';
import { NotifyHub, type NotifyHubKind, type NotifyHubOptions } from '../../db/notify-hub';

export const TABLE_TABS_CHANNEL = 'table_tabs';

/** What the hub needs of an open stream. */
export interface TabStreamWaker {
  tabId: number;
  /** The version the stream has sent last (0 before its first). */
  sent(): number;
  /** Read the tab's version and send it when it moved (one read at a time). */
  wake(): void;
}

export type TabEventHubOptions = NotifyHubOptions;

const tabEventsKind: NotifyHubKind<TabStreamWaker> = {
  channel: TABLE_TABS_CHANNEL,
  name: 'tab event',
  keyOf: (stream) => stream.tabId,
  async behind(db, streams) {
    const rows = await db
      .select({ id: tableTabs.id, version: tableTabs.version })
      .from(tableTabs)
      .where(sql`${tableTabs.id} = any(${sql.param([...streams.keys()])}::integer[])`);
    return rows.flatMap(({ id, version }) =>
      [...(streams.get(id) ?? [])].filter((s) => version !== s.sent()),
    );
  },
};

export class TabEventHub extends NotifyHub<TabStreamWaker> {
  constructor(options: TabEventHubOptions) {
    super(tabEventsKind, options);
  }
}
