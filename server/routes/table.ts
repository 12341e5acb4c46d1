// table/getTableInfo: the table a scanned code (or a table id) names in the session's shop, or
// "table number not found". Contract: src/domain/api/table.ts; docs/api.md "Table".
import { getTableInfoInput, type TableInfo } from '../../src/domain/api/table';
import { actionRoutes, BusinessError, defineAction, type AnyAction } from '../http/action';
import { orderMessages } from '../modules/orders-messages';
import { areaIds, resolveTable, toTableInfo } from '../modules/tables';

const actions: AnyAction[] = [
  defineAction({
    area: 'table',
    action: 'getTableInfo',
    input: getTableInfoInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<TableInfo> => {
      const row = await resolveTable(app.db, ctx.session.shopId, input.tableId);
      if (!row) throw new BusinessError(orderMessages.tableNotFound, undefined, { reason: 'tableNotFound' });
      return toTableInfo(row, await areaIds(app.db, ctx.session.shopId), ctx.catalogueLocale);
    },
  }),
];

export default actionRoutes(actions);
