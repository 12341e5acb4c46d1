// delivery/getDistance: how far a point is from the shop, whether the shop delivers there, and the fee
// tier src/pricing would charge for it. The order confirm uses the same function, so both always agree.
import { distanceMetres } from '../../../src/domain/api/delivery';
import type { GetDistanceInfo } from '../../../src/domain/api/delivery';
import { pricingShop, type PricingShop } from '../../../src/domain/pricing';
import type { GpsPoint } from '../../../src/domain/shop';
import { deliveryFee } from '../../../src/pricing';
import type { ShopSettings } from '../../db/schema';
import { BusinessError } from '../../http/action';
import { orderMessages } from './orders-messages';

/** A shop at 0,0 (or outside the globe) has no real address configured. */
export const hasValidGps = (gps: GpsPoint | null | undefined): gps is GpsPoint =>
  !!gps &&
  Number.isFinite(gps.lat) &&
  Number.isFinite(gps.lng) &&
  Math.abs(gps.lat) <= 90 &&
  Math.abs(gps.lng) <= 180 &&
  !(gps.lat === 0 && gps.lng === 0);

/** The shop fields src/pricing reads, from a shop row. */
export const pricingShopOf = (id: number, settings: ShopSettings): PricingShop =>
  pricingShop.parse({ ...settings, id });

export function measureDelivery(shopId: number, settings: ShopSettings, point: GpsPoint): GetDistanceInfo {
  if (!hasValidGps(settings.gpsAddress)) {
    throw new BusinessError(orderMessages.shopAddressInvalid, undefined, { reason: 'shopAddressInvalid' });
  }
  const distance = distanceMetres(settings.gpsAddress, point);
  const fee = deliveryFee(pricingShopOf(shopId, settings), distance);
  return {
    distance,
    maxDistance: settings.deliveryDistance,
    withinRange: !fee.outOfRange,
    fee: fee.outOfRange ? null : fee.amount,
    freeDeliveryMinAmount: settings.isFreeDeliveryFee ? settings.freeDeliveryMinAmount : null,
  };
}

/** The localised out-of-scope failure of spec §8, with the figures the browser shows. */
export const outOfRangeError = (info: GetDistanceInfo) =>
  new BusinessError(
    orderMessages.outOfRange,
    { distance: info.distance, max: info.maxDistance },
    { reason: 'outOfRange', distance: info.distance, maxDistance: info.maxDistance },
  );
