// The open-table tab's flow with its calls (src/services/api/open-table.ts) and its live stream
// (src/services/table-events.ts). canPay is read with every tab so "Ask for the bill" says why not at once.
import { fromCallback, fromPromise } from 'xstate';
import type { TableTabInfo } from '../../domain/api/open-table';
import {
  openTableMachine,
  type OpenTableEvent,
  type TabRead,
} from '../../machines/open-table/open-table.machine';
import { openTableApi } from '../../services/api/open-table';
import { openTabStream } from '../../services/table-events';

const quiet = { toast: false } as const;

/** canPay of a tab just answered: only an ordering tab asks the server. */
async function withCanPay(tab: TableTabInfo): Promise<TabRead> {
  if (tab.status !== 'ordering') return { tab, canPay: { canPay: false, reason: 'notOrdering' } };
  return { tab, canPay: await openTableApi.canPay({ orderId: tab.id }, quiet) };
}

export const openTableFlow = openTableMachine.provide({
  actors: {
    openTab: fromPromise(async ({ input }) =>
      withCanPay(
        await openTableApi.order(
          {
            tableId: input.code,
            ...(input.person !== undefined ? { person: input.person } : {}),
            ...(input.nickName ? { nickName: input.nickName } : {}),
          },
          quiet,
        ),
      ),
    ),
    loadTab: fromPromise(async ({ input }) =>
      withCanPay(await openTableApi.refreshOrder({ orderId: input.tabId }, quiet)),
    ),
    tabStream: fromCallback<OpenTableEvent, { tabId: number }>(({ sendBack, input }) =>
      openTabStream(input.tabId, {
        version: (version) => sendBack({ type: 'live.version', version }),
        failed: () => sendBack({ type: 'live.failed' }),
      }),
    ),
    addRound: fromPromise(async ({ input }) =>
      withCanPay(
        await openTableApi.userAddProducts(
          {
            orderId: input.tabId,
            products: input.round.products,
            note: input.round.note,
            idempotencyKey: input.round.key,
          },
          quiet,
        ),
      ),
    ),
    confirmBill: fromPromise(({ input }) =>
      openTableApi.confirm({ orderId: input.tabId, split: input.split }, quiet),
    ),
    quoteBill: fromPromise(({ input }) =>
      openTableApi.quote({ orderId: input.tabId, couponId: input.couponId }, quiet),
    ),
    payPart: fromPromise(({ input }) =>
      openTableApi.payPart(
        {
          orderId: input.tabId,
          idempotencyKey: input.key,
          ...(input.part !== null ? { part: input.part } : { lineIds: input.lineIds }),
        },
        quiet,
      ),
    ),
    cancelPay: fromPromise(async ({ input }) =>
      withCanPay(await openTableApi.cancelPay({ orderId: input.tabId }, quiet)),
    ),
  },
});
