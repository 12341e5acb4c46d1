// The cart in words and rows, for the pages that show it (menu, product page, confirm page) without
// pulling in the cart bar and its confirm flow.
import { useSelector } from '@xstate/react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CartNotice } from '../../../machines/cart/cart.rules';
import type { OrderConfirmNotice } from '../../../machines/checkout/order-confirm.machine';
import type { CartSheetLine } from '../../../views/order/cart-sheet';
import type { CartRef } from '../../cart-state';

/** The refusal of an add or a quantity change in words (text keys cart.refused.<reason>). */
export function refusalText(LL: TranslationFunctions, notice: CartNotice, hours: string): string {
  const name = notice.productName ?? '';
  const limit = notice.limit ?? 0;
  switch (notice.reason) {
    case 'shopClosed':
      return LL.cart.refused.shopClosed();
    case 'outsideHours':
      return LL.cart.refused.outsideHours({ hours });
    case 'soldOut':
      return LL.cart.refused.soldOut({ name });
    case 'outOfSaleTime':
      return LL.cart.refused.outOfSaleTime({ name });
    case 'aboveMaxBuy':
      return LL.cart.refused.aboveMaxBuy({ name, limit });
    case 'stockInsufficient':
      return LL.cart.refused.stockInsufficient({ name, limit });
  }
}

export function noticeText(LL: TranslationFunctions, notice: OrderConfirmNotice, hours: string): string {
  switch (notice) {
    case 'expired':
      return LL.shopStatus.expired();
    case 'stopped':
      return LL.shopStatus.stopped();
    case 'closed':
      return LL.shopStatus.closed();
    case 'outsideHours':
      return LL.shopStatus.outsideHours({ hours });
  }
}

/** The cart's lines as the sheet lists them, each with its amount from the pricing result. */
export function useSheetLines(cart: CartRef): CartSheetLine[] {
  // Read from the snapshot itself: the cart's selectors import its rules, and with them the pricing
  // engine, which the confirm page leaves to the cart's own code.
  const lines = useSelector(cart, (s) => s.context.lines);
  const pricing = useSelector(cart, (s) => s.context.pricing);
  const products = useSelector(cart, (s) => s.context.products);
  return lines.map((line) => {
    const priced = pricing?.lines.find((p) => p.flag === line.flag);
    const facts = products.find((p) => p.id === line.id);
    const units = lines.filter((l) => l.id === line.id).reduce((n, l) => n + l.quantity, 0);
    const cap = Math.min(facts?.maxBuy ?? Infinity, facts?.stock ?? Infinity);
    const detail = [
      line.specName,
      ...(line.tastes ?? []).map((t) => t.name),
      ...(line.mealset ?? []).map((m) => (m.quantity > 1 ? `${m.name} × ${m.quantity}` : m.name)),
    ]
      .filter(Boolean)
      .join(' / ');
    return {
      flag: line.flag,
      name: line.name,
      detail,
      quantity: line.quantity,
      amount: priced?.amount ?? line.price * line.quantity,
      canIncrease: units < cap,
    };
  });
}
