import { fromPromise } from 'xstate';
import { orderListMachine } from '../../machines/order/order-list.machine';
import { orderApi } from '../../services/api/order';

/** The orders tab: order/list pages of every shop the customer ordered from. */
export const orderListFlow = orderListMachine.provide({
  actors: { loadPage: fromPromise(({ input }) => orderApi.list(input)) },
});
