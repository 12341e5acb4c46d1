// The live tab stream GET /new/consumer/table/events?ticket=…&tabId=… (server-sent events, decision T31):
// the ticket of order/eventsTicket names the customer, who must be one of the tab's guests. Contract and
// behaviour: docs/api.md "Open table".
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_BASE } from '../../src/domain/api/envelope';
import type { Listen } from '../db/notify';
import { tableGuests } from '../db/schema';
import { HttpError, refuseForbiddenText, sendFailure } from '../http/action';
import { openTableMessages } from '../modules/open-table/open-table-messages';
import { TabEventHub } from '../modules/open-table/tab-event-hub';
import { streamTab } from '../modules/open-table/tab-stream';
import { ticketHolder } from '../modules/orders/order-life';
import { orderLifeMessages } from '../modules/orders/order-life-messages';
import { serveStream, StreamSlots, type StreamRegistry } from '../modules/orders/order-stream';

export const TABLE_EVENTS_PATH = `${API_BASE}/table/events`;

const ticketQuery = z.object({ ticket: z.string().min(1).max(200) });
const tabQuery = z.object({
  tabId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((id) => id > 0 && id <= 2_147_483_647),
});

export interface TableEventsRouteOptions {
  listen?: Listen | null;
  streamSweepMs?: number;
  /** The app's open streams (shared with the order streams: POST /test/streams/end ends both). */
  registry?: StreamRegistry;
}

const tableEventsRoute: FastifyPluginAsync<TableEventsRouteOptions> = async (
  app: FastifyInstance,
  options,
) => {
  const registry: StreamRegistry = options.registry ?? new Map();
  // Counted apart from the order streams: a guest's table page holds one of each.
  const slots = new StreamSlots();
  // One listener for all of this app's tab streams.
  const hub = new TabEventHub({
    db: app.db,
    listen: options.listen ?? null,
    sweepMs: options.streamSweepMs,
    onError: (err, what) => app.log.warn({ err }, what),
  });
  app.addHook('preClose', async () => {
    for (const end of [...registry.keys()]) end();
  });
  app.addHook('onClose', async () => hub.close());

  app.get(TABLE_EVENTS_PATH, async (request, reply) => {
    refuseForbiddenText(request.query, 400);
    const ticket = ticketQuery.safeParse(request.query);
    const holder = ticket.success ? await ticketHolder(app.db, ticket.data.ticket, app.now()) : null;
    if (holder === null)
      return sendFailure(request, reply, new HttpError(401, orderLifeMessages.ticketInvalid));
    const { customerId } = holder;
    const tab = tabQuery.safeParse(request.query);
    // Anyone but a guest is told the tab is not found, as by the table calls (decision T24).
    const [guest] = tab.success
      ? await app.db
          .select({ tabId: tableGuests.tabId })
          .from(tableGuests)
          .where(and(eq(tableGuests.tabId, tab.data.tabId), eq(tableGuests.customerId, customerId)))
      : [];
    if (!guest) return sendFailure(request, reply, new HttpError(404, openTableMessages.tabNotFound));
    const { tabId } = guest;
    return serveStream(request, reply, slots, customerId, () =>
      streamTab({
        db: app.db,
        tabId,
        customerId,
        request: request.raw,
        response: reply.raw,
        registry,
        hub,
        onError: (err) => request.log.warn({ err }, 'tab stream ended by an error'),
      }),
    );
  });
};

export default tableEventsRoute;
