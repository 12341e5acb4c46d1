// What the views read from the cart actor (the cart bar, the cart sheet, the product list's badges).
import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine';
import { payOptionsFor, shopRefusal, shortfallOf } from './cart.rules';

type S = SnapshotFrom<typeof cartMachine>;

export const selectLines = (s: S) => s.context.lines;
/** Units in the cart (the cart bar's badge). */
export const selectCount = (s: S) => s.context.lines.reduce((n, l) => n + l.quantity, 0);
export const selectIsEmpty = (s: S) => s.context.lines.length === 0;
export { selectProductCount, selectTypeCount } from './cart-counts.selectors';
/** The pricing engine's result for the lines (null when the cart is empty). */
export const selectPricing = (s: S) => s.context.pricing;
export const selectTotal = (s: S) => s.context.pricing?.totals.total ?? 0;
/** Spec §5 "¥x more to start": minor units still short of the starting price, 0 when reached. */
export const selectShortfall = (s: S) => shortfallOf(s.context.pricing);
export const selectPayType = (s: S) => s.context.parts.payType;
export const selectPayOptions = (s: S) =>
  payOptionsFor(s.context.payOptions, s.context.parts.orderType, s.context.parts.member !== null);
export const selectOrderType = (s: S) => s.context.parts.orderType;
export const selectIsPickerPack = (s: S) => s.context.parts.isPickerPack;
/** The last refusal (text key `cart.refused.<reason>` with productName and limit), until dismissed. */
export const selectNotice = (s: S) => s.context.notice;
/** The closed-shop notice that would refuse an add right now, or null. */
export const selectShopRefusal = (s: S) =>
  shopRefusal(s.context.parts.shop, s.context.parts.orderType, s.context.clock());
/** The cart bar's confirm button: lines, the starting price reached, the shop taking orders. */
export const selectCanConfirm = (s: S) =>
  s.context.lines.length > 0 && shortfallOf(s.context.pricing) === 0 && selectShopRefusal(s) === null;
export const selectIsSaving = (s: S) => s.matches('saving');
