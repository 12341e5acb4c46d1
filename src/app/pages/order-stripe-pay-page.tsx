// /order/stripe-pay?trade=: the sandbox gateway's hosted card page (the built-in stand-in for a card
// provider's checkout). It reads the session by trade number, sends the customer's choice to
// sandboxGateway/complete (the gateway then signs and delivers its callback to the shop's server) and
// follows the gateway's return address back into the app. Test cards decide the outcome on the gateway.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SandboxOutcome, SandboxSession } from '../../domain/api/order-life';
import { formatPrice } from '../../i18n/currency';
import { useI18nContext } from '../../i18n/i18n-context';
import { resourceMachine } from '../../machines/resource.machine';
import { selectData, selectFailed, selectIsLoading } from '../../machines/resource.selectors';
import { sandboxGatewayApi } from '../../services/api/payment';
import { errorMessage } from '../../machines/not-provided';
import { usePaymentTexts, type PaymentTexts } from '../../views/payment/payment-text';
import { SandboxPayView } from '../../views/payment/sandbox-pay-view';
import { useFlow } from '../use-flow';

const route = getRouteApi('/order/stripe-pay');

const gatewaySession = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) =>
      sandboxGatewayApi.session(input as { tradeNo: string }, { toast: false }),
    ),
  },
});

/** 12 to 19 digits, spaces allowed between groups. */
const CARD_NUMBER = /^\d{12,19}$/;

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
  const { locale } = useI18nContext();
  const actor = useFlow(gatewaySession, () => ({
    input: tradeNo ? { params: { tradeNo } } : undefined,
  }));
  const session = useSelector(actor ?? undefined, (s) => (s ? selectData<SandboxSession>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const [cardNumber, setCardNumber] = useState('');
  const [cardError, setCardError] = useState(false);
  const [submitting, setSubmitting] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const complete = async (outcome: SandboxOutcome) => {
    if (!session) return;
    const digits = cardNumber.replace(/\s+/g, '');
    if (outcome !== 'cancel' && session.style === 'card' && !CARD_NUMBER.test(digits)) {
      setCardError(true);
      return;
    }
    setCardError(false);
    setError(null);
    setSubmitting(outcome === 'cancel' ? 'cancel' : 'pay');
    try {
      const done = await sandboxGatewayApi.complete(
        {
          tradeNo: session.tradeNo,
          outcome,
          ...(outcome !== 'cancel' && session.style === 'card' ? { cardNumber: digits } : {}),
        },
        { toast: false },
      );
      window.location.assign(done.returnUrl);
    } catch (failure) {
      setError(errorMessage(failure));
      setSubmitting(null);
    }
  };

  const amount = session
    ? formatPrice(session.amount, {
        locale,
        shopSymbol: null,
        currency: session.currency,
        decimals: session.numberDecimals,
      })
    : '';
  const payBefore = session
    ? new Date(session.expiresAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : '';
  return (
    <SandboxPayView
      PL={PL}
      session={session}
      loading={Boolean(tradeNo) && loading && !failed}
      notFound={!tradeNo || failed}
      amount={amount}
      payBefore={payBefore}
      cardNumber={cardNumber}
      onCardNumber={(value) => {
        setCardNumber(value.replace(/[^\d ]/g, '').slice(0, 23));
        setCardError(false);
      }}
      cardError={cardError}
      submitting={submitting}
      error={error}
      onPay={() => void complete('succeed')}
      onCancel={() => void complete('cancel')}
    />
  );
}
