import { fromCallback } from 'xstate';
import { orderWatchMachine, type StreamEvent } from '../../machines/order/order-watch.machine';
import { openOrderStream } from '../../services/order-events';

/** Live order status over server-sent events (src/services/order-events.ts). */
export const orderWatchFlow = orderWatchMachine.provide({
  actors: {
    stream: fromCallback<StreamEvent>(({ sendBack }) =>
      openOrderStream({
        open: () => sendBack({ type: 'stream.open' }),
        change: (change) => sendBack({ type: 'stream.change', change }),
        lost: () => sendBack({ type: 'stream.lost' }),
        failed: () => sendBack({ type: 'stream.failed' }),
      }),
    ),
  },
});
