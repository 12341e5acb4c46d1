// delivery/getDistance: distance from the session's shop to a saved address or a point, whether it is in
// the delivery area, and the fee tier. Contract: src/domain/api/delivery.ts; docs/api.md "Delivery".
import { getDistanceInput, type GetDistanceInfo } from '../../src/domain/api/delivery';
import { actionRoutes, BusinessError, defineAction, type AnyAction } from '../http/action';
import { findAddress, ownerPhone } from '../modules/identity/addresses';
import { loadShop } from '../modules/catalog/catalog-shop';
import { measureDelivery, outOfRangeError } from '../modules/orders/delivery';
import { orderMessages } from '../modules/orders/orders-messages';

const actions: AnyAction[] = [
  defineAction({
    area: 'delivery',
    action: 'getDistance',
    input: getDistanceInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<GetDistanceInfo> => {
      const shop = await loadShop(app.db, ctx.session.shopId);
      if (!shop) throw new BusinessError('shop.notFound');
      let point = 'gps' in input ? input.gps : null;
      if ('addressId' in input) {
        const row = await findAddress(app.db, await ownerPhone(app.db, ctx.session), input.addressId);
        if (row.lat === null || row.lng === null)
          throw new BusinessError(orderMessages.addressNoGps, undefined, { reason: 'addressNoGps' });
        point = { lat: row.lat, lng: row.lng };
      }
      const info = measureDelivery(shop.row.id, shop.row.settings, point!);
      if (!info.withinRange) throw outOfRangeError(info);
      return info;
    },
  }),
];

export default actionRoutes(actions);
