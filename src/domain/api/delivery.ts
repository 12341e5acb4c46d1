// Contract of delivery/getDistance (spec §7) and the great-circle distance both sides use. The server
// measures from the session shop's gpsAddress to a saved address or to a point, and answers whether it is
// within shop.deliveryDistance and the delivery fee tier the pricing engine would charge.
import { z } from 'zod';
import { gpsPoint, type GpsPoint } from '../shop';
import { entityId } from './store';

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine great-circle distance in whole metres (rounded up, so a boundary address is never under-counted). */
export function distanceMetres(a: GpsPoint, b: GpsPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  const metres = 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.max(0, Math.ceil(metres - 1e-6));
}

/** Exactly one of addressId (a saved address of the customer) or gps. */
export const getDistanceInput = z.union([
  z.object({ addressId: entityId }).strict(),
  z.object({ gps: gpsPoint }).strict(),
]);
export type GetDistanceInput = z.input<typeof getDistanceInput>;

export const getDistanceInfo = z.object({
  /** Metres from the shop. */
  distance: z.number().int().nonnegative(),
  /** shop.deliveryDistance in metres (0 = no limit). */
  maxDistance: z.number().int().nonnegative(),
  withinRange: z.boolean(),
  /** Delivery fee by distance before any free-delivery waiver, minor units; null when out of range. */
  fee: z.number().int().nonnegative().nullable(),
  /** Free delivery from this goods amount (null when the shop does not waive the fee). */
  freeDeliveryMinAmount: z.number().int().nonnegative().nullable(),
});
export type GetDistanceInfo = z.infer<typeof getDistanceInfo>;

export const deliveryContract = {
  getDistance: { input: getDistanceInput, info: getDistanceInfo },
} as const;
