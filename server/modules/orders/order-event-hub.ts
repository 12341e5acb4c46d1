// The order streams' hub (docs/decisions.md K30-K34): every order_events row notifies the channel
// "order_events" with its customer id when its transaction commits (migration 0011, a trigger); the hub
// (server/db/notify-hub.ts) wakes only that customer's streams. A sweep reads the newest event id of every
// customer with an open stream and wakes the streams behind it.
import { and, gt, max, sql } from 'drizzle-orm';
import { orderEvents } from '../../db/schema';
import { NotifyHub, type NotifyHubKind, type NotifyHubOptions } from '../../db/notify-hub';

export { DEFAULT_STREAM_SWEEP_MS, STREAM_BACKSTOP_MS } from '../../db/notify-hub';

export const ORDER_EVENTS_CHANNEL = 'order_events';

/** What the hub needs of an open stream. */
export interface StreamWaker {
  customerId: number;
  /** The id of the last event the stream has sent (or started after). */
  cursor(): number;
  /** Read and send the rows after the cursor (one read at a time; a wake during a read queues one more). */
  wake(): void;
}

export type OrderEventHubOptions = NotifyHubOptions;

const orderEventsKind: NotifyHubKind<StreamWaker> = {
  channel: ORDER_EVENTS_CHANNEL,
  name: 'order event',
  keyOf: (stream) => stream.customerId,
  async behind(db, streams) {
    const customers = [...streams.keys()];
    let floor = Number.MAX_SAFE_INTEGER;
    for (const set of streams.values()) for (const s of set) floor = Math.min(floor, s.cursor());
    const rows = await db
      .select({ customerId: orderEvents.customerId, newest: max(orderEvents.id) })
      .from(orderEvents)
      .where(
        and(
          sql`${orderEvents.customerId} = any(${sql.param(customers)}::integer[])`,
          gt(orderEvents.id, floor),
        ),
      )
      .groupBy(orderEvents.customerId);
    return rows.flatMap(({ customerId, newest }) =>
      [...(streams.get(customerId) ?? [])].filter((s) => newest !== null && newest > s.cursor()),
    );
  },
};

export class OrderEventHub extends NotifyHub<StreamWaker> {
  constructor(options: OrderEventHubOptions) {
    super(orderEventsKind, options);
  }
}
