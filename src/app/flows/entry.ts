// The entry flow with its calls: the entry page and the shop restore of in-shop pages start it.
import { fromPromise } from 'xstate';
import type { GetTableInfoInput } from '../../domain/api/table';
import { entryMachine, type TableRouting } from '../../machines/entry/entry.machine';
import { storeApi } from '../../services/api/store';
import { tableApi } from '../../services/api/table';
import { userApi } from '../../services/api/user';
import { moveSessionBody, openSessionBody, shopBody } from './first-reads';
import { keepSession } from './keep-session';

/**
 * Open-table routing reads the table's status and the reader's own tab on it (`myTabId`, null when they
 * are not one of its guests, or from a server that does not name it: they then join from the table page).
 */
async function loadTable(lookup: GetTableInfoInput): Promise<TableRouting> {
  const table = await tableApi.getTableInfo(lookup);
  const status = table.nStatus === 1 || table.nStatus === 2 ? table.nStatus : 0;
  return { status, myTabId: status === 0 ? null : (table.myTabId ?? null) };
}

export const entryFlow = entryMachine.provide({
  actors: {
    openSession: fromPromise(async ({ input }) => {
      const session = await userApi.h5entry(openSessionBody(input));
      keepSession(session);
      return session;
    }),
    moveSession: fromPromise(async ({ input }) => {
      // A refused old token is not the customer's concern: the flow opens a fresh session instead.
      const session = await userApi.token(moveSessionBody(input), { toast: false });
      keepSession(session);
      return session;
    }),
    loadShop: fromPromise(({ input }) => storeApi.detail(shopBody(input))),
    loadTable: fromPromise(({ input }) => loadTable(input)),
  },
});
