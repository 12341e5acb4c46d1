// table/getTableInfo: the table a scanned code, a table id or a printed table number (entry `table_no`)
// names in the session's shop, or "table number not found". Contract: src/domain/api/table.ts; docs/api.md "Table".
// The open-table calls (table/order, userAddProducts, refreshOrder, userOrders, canPay): one shared tab per
// table, server/modules/open-table; contract src/domain/api/open-table.ts; docs/api.md "Open table".
import {
  tableAddProductsInput,
  tableConfirmInput,
  tableQuoteInput,
  tableOrderInput,
  tablePayPartInput,
  tableTabInput,
  type TableCanPayInfo,
  type TableConfirmInfo,
  type TableQuoteInfo,
  type TableTabInfo,
} from '../../src/domain/api/open-table';
import { getTableInfoInput, type TableInfo } from '../../src/domain/api/table';
import { actionRoutes, BusinessError, defineAction, type AnyAction } from '../http/action';
import { cancelTabPay, confirmTab, payTabPart, quoteTab } from '../modules/open-table/tab-bill';
import { addRound, canPayTab, openOrJoinTab, refreshTab, tabRounds } from '../modules/open-table/tabs';
import { myLiveTab } from '../modules/open-table/tab-access';
import { orderEnvOf } from '../modules/orders/order-env';
import { orderMessages } from '../modules/orders/orders-messages';
import { areaIds, resolveTable, resolveTableByNumber, toTableInfo } from '../modules/orders/tables';

const actions: AnyAction[] = [
  defineAction({
    area: 'table',
    action: 'getTableInfo',
    input: getTableInfoInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<TableInfo> => {
      // The id or code is unguessable and survives a table being renamed, so it wins over the number.
      const row =
        input.tableId !== undefined
          ? await resolveTable(app.db, ctx.session.shopId, input.tableId)
          : await resolveTableByNumber(app.db, ctx.session.shopId, input.tableNo!);
      if (!row) throw new BusinessError(orderMessages.tableNotFound, undefined, { reason: 'tableNotFound' });
      const [areas, myTabId] = await Promise.all([
        areaIds(app.db, ctx.session.shopId),
        myLiveTab(app.db, row.id, ctx.session.customerId),
      ]);
      return toTableInfo(row, areas, ctx.catalogueLocale, myTabId);
    },
  }),
  defineAction({
    area: 'table',
    action: 'order',
    input: tableOrderInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableTabInfo> => openOrJoinTab(envOf(app, ctx), input),
  }),
  defineAction({
    area: 'table',
    action: 'userAddProducts',
    input: tableAddProductsInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableTabInfo> => addRound(envOf(app, ctx), input),
  }),
  defineAction({
    area: 'table',
    action: 'refreshOrder',
    input: tableTabInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableTabInfo> => refreshTab(envOf(app, ctx), input.orderId),
  }),
  defineAction({
    area: 'table',
    action: 'userOrders',
    input: tableTabInput,
    auth: 'session',
    handler: ({ input, ctx, app }) => tabRounds(envOf(app, ctx), input.orderId),
  }),
  defineAction({
    area: 'table',
    action: 'canPay',
    input: tableTabInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableCanPayInfo> => canPayTab(envOf(app, ctx), input.orderId),
  }),
];

actions.push(
  defineAction({
    area: 'table',
    action: 'confirm',
    input: tableConfirmInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableConfirmInfo> =>
      confirmTab(envOf(app, ctx), input.orderId, input.split),
  }),
  defineAction({
    area: 'table',
    action: 'quote',
    input: tableQuoteInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableQuoteInfo> =>
      quoteTab(envOf(app, ctx), input.orderId, input.couponId),
  }),
  defineAction({
    area: 'table',
    action: 'payPart',
    input: tablePayPartInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableConfirmInfo> => payTabPart(envOf(app, ctx), input),
  }),
  defineAction({
    area: 'table',
    action: 'cancelPay',
    input: tableTabInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<TableTabInfo> => cancelTabPay(envOf(app, ctx), input.orderId),
  }),
);

const envOf = orderEnvOf;

export default actionRoutes(actions);
