// A beauty shop that takes appointments books on tab 1 instead of ordering from a menu (spec §2 tab 1 "may
// show cart list or appointment", entry rule 4): its pages speak of services and appointments, never a cart.
import { Industry } from '../domain/enums';
import type { ShopInfo } from '../domain/shop';

export const booksAppointments = (shop: Pick<ShopInfo, 'industry' | 'orderTypes'> | null): boolean =>
  shop !== null && shop.industry === Industry.beauty && shop.orderTypes.includes('appointment');
