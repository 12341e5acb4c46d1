// Paying for an order: the payment machine with the real calls (store/paySetting, order/pay,
// order/updateTradeNo, order/detail, order/payErrorCallback), and what the app does with its news —
// the browser goes to the gateway's hosted page; a settled payment empties the shop's cart and refreshes
// the member's balance; an ended one re-prices the cart (spec §4 cart behaviour: the payment-final
// callback re-prices, and clears the cart on success).
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../../domain/api/order';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { selectMember } from '../../machines/entry/session.selectors';
import { orderApi } from '../../services/api/order';
import { paymentApi, payRejectionOf } from '../../services/api/payment';
import { storeApi } from '../../services/api/store';
import { storage } from '../../services/storage';
import { useAppState } from '../app-state';
import { useCart } from '../cart-state';
import { useFlow } from '../use-flow';

export const paymentFlow = paymentMachine.provide({
  actors: {
    loadPayOptions: fromPromise(
      async ({ input }) => (await storeApi.paySetting({ orderType: input.orderType })).payTypes,
    ),
    // Refusals are shown in the panel, so business toasts are off for the payment's own calls.
    payOrder: fromPromise(async ({ input }) => {
      try {
        return { paid: await paymentApi.pay(input, { toast: false }) };
      } catch (error) {
        const rejection = payRejectionOf(error);
        if (rejection) return { rejection };
        throw error;
      }
    }),
    confirmReturn: fromPromise(({ input }) => paymentApi.updateTradeNo(input, { toast: false })),
    loadOrder: fromPromise(({ input }) => orderApi.detail(input, { toast: false })),
    cancelAttempt: fromPromise(({ input }) =>
      paymentApi.payErrorCallback({ ...input, state: 'cancel' }, { toast: false }),
    ),
  },
});

export interface PaymentHandlers {
  /** The order went to the merchant (paid, or to pay at the counter or on delivery). */
  onPaid?: (order: OrderDetail) => void;
  /** The gateway attempt failed or was cancelled. */
  onEnded?: (order: OrderDetail, state: 'fail' | 'cancel') => void;
}

/** Starts the payment of `order` for the page's lifetime; `returned` when back from a gateway page. */
export function usePaymentFlow(
  order: OrderDetail,
  handlers: PaymentHandlers,
  returned: { tradeNo: string } | null = null,
) {
  const { session } = useAppState();
  const { cart } = useCart();
  // The cart actor arrives after the page (it loads with the shop); the latest one is the one to tell.
  const latest = useRef({ cart, handlers });
  useEffect(() => {
    latest.current = { cart, handlers };
  });

  const settleCart = (settled: OrderDetail, paid: boolean) => {
    const current = latest.current.cart;
    if (current && current.getSnapshot().context.parts.shop.id === settled.shopId) {
      current.send({ type: 'cart.paymentSettled', paid });
    } else if (paid) {
      storage.clearCart(settled.shopId);
    }
  };

  return useFlow(
    paymentFlow,
    () => ({
      input: { order, returned, hasMember: selectMember(session.getSnapshot()) !== null },
    }),
    (flow) => [
      flow.on('payment.redirect', (event) => window.location.assign(event.url)),
      flow.on('payment.settled', (event) => {
        settleCart(event.order, true);
        // The member card's balance changed: the session reads the member again.
        if (event.order.payment?.settlement === 'memberCard') session.send({ type: 'session.show' });
        latest.current.handlers.onPaid?.(event.order);
      }),
      flow.on('payment.ended', (event) => {
        settleCart(event.order, false);
        latest.current.handlers.onEnded?.(event.order, event.state);
      }),
    ],
  );
}
