// /order/stripe-pay?trade=: the sandbox gateway's hosted card page (the built-in stand-in for a card
// provider's checkout). The sandbox checkout flow reads the session by trade number, sends the customer's
// choice to sandboxGateway/complete (the gateway then signs and delivers its callback to the shop's server)
// and follows the gateway's return address back into the app; this page only renders it.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { formatPrice } from '../../../i18n/currency';
import { formatClock } from '../../../i18n/date-time';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import {
  selectCardError,
  selectCardNumber,
  selectError,
  selectIsLoading,
  selectIsNotFound,
  selectSession,
  selectSubmitting,
} from '../../../machines/payment/sandbox-checkout.selectors';
import { usePaymentTexts, type PaymentTexts } from '../../../views/payment/payment-text';
import { SandboxPayView } from '../../../views/payment/sandbox-pay-view';
import { useSandboxCheckoutFlow } from '../../flows/sandbox-checkout';

const route = getRouteApi('/order/stripe-pay');

export default function OrderStripePayPage() {
  const { trade } = route.useSearch();
  return <SandboxGatewayPage tradeNo={trade ?? null} />;
}

export function SandboxGatewayPage({ tradeNo }: { tradeNo: string | null }) {
  const PL = usePaymentTexts();
  if (PL === 'failed' || PL === null) return null;
  return <Gateway key={tradeNo ?? ''} tradeNo={tradeNo} PL={PL} />;
}

function Gateway({ tradeNo, PL }: { tradeNo: string | null; PL: PaymentTexts }) {
  const { LL, locale } = useI18nContext();
  const actor = useSandboxCheckoutFlow(tradeNo);
  // Until the flow has started (after mount), a link with a trade number is loading and one without is not.
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : Boolean(tradeNo)));
  const notFound = useSelector(actor ?? undefined, (s) => (s ? selectIsNotFound(s) : !tradeNo));
  const session = useSelector(actor ?? undefined, (s) => (s ? selectSession(s) : null));
  const cardNumber = useSelector(actor ?? undefined, (s) => (s ? selectCardNumber(s) : ''));
  const cardError = useSelector(actor ?? undefined, (s) => (s ? selectCardError(s) : false));
  const submitting = useSelector(actor ?? undefined, (s) => (s ? selectSubmitting(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));

  const amount = session
    ? formatPrice(session.amount, {
        locale,
        shopSymbol: null,
        currency: session.currency,
        decimals: session.numberDecimals,
      })
    : '';
  const payBefore = session ? formatClock(session.expiresAt, locale) : '';
  return (
    <SandboxPayView
      PL={PL}
      session={session}
      loading={loading}
      notFound={notFound}
      amount={amount}
      payBefore={payBefore}
      cardNumber={cardNumber}
      onCardNumber={(value) => actor?.send({ type: 'gateway.cardNumber', value })}
      cardError={cardError}
      submitting={submitting}
      error={error ? errorText(LL, error) : null}
      onPay={() => actor?.send({ type: 'gateway.pay' })}
      onCancel={() => actor?.send({ type: 'gateway.cancel' })}
    />
  );
}
