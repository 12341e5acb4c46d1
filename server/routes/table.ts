// table/getTableInfo: the table a scanned code, a table id or a printed table number (entry `table_no`)
// names in the session's shop, or "table number not found". Contract: src/domain/api/table.ts; docs/api.md "Table".
import { getTableInfoInput, type TableInfo } from '../../src/domain/api/table';
import { actionRoutes, BusinessError, defineAction, type AnyAction } from '../http/action';
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
      return toTableInfo(row, await areaIds(app.db, ctx.session.shopId), ctx.catalogueLocale);
    },
  }),
];

export default actionRoutes(actions);
