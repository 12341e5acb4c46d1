// The pay panel (spec §3 payment methods, §8 payment messages): the amount due, the pay types the shop
// offers for the order (card brands named on kiosks, spec §6; the member card with its balance), the
// 6-digit pay password, and what happened to the attempt — processing, success, fail or cancel — with
// retry and another pay type. It renders the payment actor's snapshot and sends its events, nothing more.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OrderPayRejectionInfo } from '../../domain/api/order-life';
import type { PayOption } from '../../domain/api/store';
import type { paymentMachine } from '../../machines/payment/payment.machine';
import {
  selectCanGiveUp,
  selectChosenOption,
  selectError,
  selectIsLocked,
  selectOptions,
  selectOrder,
  selectPayType,
  selectPayment,
  selectRefusal,
  selectStep,
} from '../../machines/payment/payment.selectors';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { usePaymentTexts, type PaymentTexts } from '../payment/payment-text';
import { Button } from '../ui/button';
import { usePriceFormatter } from '../ui/shop-display';
import { ErrorView } from '../ui/state-views';
import { PayPasswordInput } from './pay-password-input';
import { PayPanelSkeleton } from './pay-panel-skeleton';
import styles from './pay-panel.module.css';

export type PaymentRef = ActorRefFrom<typeof paymentMachine>;

export interface PayPanelProps {
  actor: PaymentRef;
  /** The customer's member card in this shop, for its balance; null for a guest. */
  member: { amount: number; giftAmount: number } | null;
  /** Kiosk terminals name the card brands under the card option (spec §6). */
  isKiosk: boolean;
}

export function PayPanel(props: PayPanelProps) {
  const PL = usePaymentTexts();
  if (PL === 'failed') return <ErrorView />;
  if (!PL) return <PayPanelSkeleton />;
  return <Panel {...props} PL={PL} />;
}

function refusalText(
  PL: PaymentTexts,
  refusal: OrderPayRejectionInfo,
  format: (n: number) => string,
  balance: number | null,
): string {
  switch (refusal.reason) {
    case 'payPasswordWrong':
      return PL.refusal.payPasswordWrong({ attemptsLeft: refusal.attemptsLeft ?? 0 });
    case 'payPasswordLocked':
      return PL.refusal.payPasswordLocked({
        minutes: Math.max(1, Math.ceil((refusal.retryAfter ?? 60) / 60)),
      });
    case 'balanceShort':
      return PL.refusal.balanceShort({ short: format(refusal.short ?? 0), balance: format(balance ?? 0) });
    default:
      return PL.refusal[refusal.reason]();
  }
}

function Panel({ actor, member, isKiosk, PL }: PayPanelProps & { PL: PaymentTexts }) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const step = useSelector(actor, selectStep);
  const order = useSelector(actor, selectOrder);
  const payment = useSelector(actor, selectPayment);
  const options = useSelector(actor, selectOptions);
  const payType = useSelector(actor, selectPayType);
  const chosen = useSelector(actor, selectChosenOption);
  const refusal = useSelector(actor, selectRefusal);
  const error = useSelector(actor, selectError);
  const locked = useSelector(actor, selectIsLocked);
  const canGiveUp = useSelector(actor, selectCanGiveUp);
  const balance = member ? member.amount + member.giftAmount : null;
  const amount = format(order.amounts.total);

  const head = (
    <div className={styles.due}>
      <span className={styles.dueLabel}>{PL.amountDue()}</span>
      <strong className={styles.dueAmount} data-testid="pay-amount">
        {amount}
      </strong>
      <span className={styles.muted}>{PL.orderNo({ orderNo: order.orderNo })}</span>
    </div>
  );
  const alert = refusal ? (
    <p className={styles.alert} role="alert" data-testid="pay-refusal">
      {refusalText(PL, refusal, format, balance)}
    </p>
  ) : error && step !== 'loadFailed' ? (
    <p className={styles.alert} role="alert">
      {errorText(LL, error)}
    </p>
  ) : null;

  let body;
  switch (step) {
    case 'loading':
      return <PayPanelSkeleton />;
    case 'loadFailed':
      body = <ErrorView message={error ?? undefined} onRetry={() => actor.send({ type: 'pay.retry' })} />;
      break;
    case 'choosing':
      body = (
        <>
          <fieldset className={styles.options}>
            <legend className={styles.legend}>{PL.method()}</legend>
            {options.map((option) => (
              <label key={option.payType} className={styles.option}>
                <input
                  type="radio"
                  name="pay-type"
                  value={option.payType}
                  checked={payType === option.payType}
                  disabled={locked && option.payType !== 'VIP'}
                  onChange={() => actor.send({ type: 'pay.choose', payType: option.payType })}
                />
                <span className={styles.optionText}>
                  <span className={styles.optionName}>{option.name}</span>
                  <OptionDetail option={option} member={member} isKiosk={isKiosk} PL={PL} />
                </span>
              </label>
            ))}
          </fieldset>
          <Button block size="large" onClick={() => actor.send({ type: 'pay.submit' })} disabled={!chosen}>
            {submitLabel(PL, chosen, amount)}
          </Button>
        </>
      );
      break;
    case 'password':
      body = (
        <form
          className={styles.password}
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('payPassword');
            actor.send({ type: 'pay.password', password: typeof value === 'string' ? value : '' });
          }}
        >
          <h3 className={styles.stepTitle}>{PL.password.title()}</h3>
          <p className={styles.muted}>{PL.password.hint({ amount })}</p>
          {balance !== null && (
            <p className={styles.muted} data-testid="member-balance">
              {PL.balance({ amount: format(balance) })}
            </p>
          )}
          <PayPasswordInput
            name="payPassword"
            label={PL.password.label()}
            enteredText={(count) => PL.password.entered({ count })}
            invalid={refusal?.reason === 'payPasswordWrong'}
          />
          <Button type="submit" block size="large">
            {PL.password.submit()}
          </Button>
          <Button variant="ghost" block onClick={() => actor.send({ type: 'pay.back' })}>
            {PL.password.back()}
          </Button>
        </form>
      );
      break;
    case 'paying':
    case 'redirecting':
    case 'processing':
      body = (
        <div className={styles.status} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.stepTitle}>{step === 'redirecting' ? PL.redirecting() : PL.processing()}</p>
          {step === 'processing' && <p className={styles.muted}>{PL.processingDetail()}</p>}
        </div>
      );
      break;
    case 'notCompleted':
      body = (
        <div className={styles.status}>
          <p className={styles.stepTitle} role="alert">
            {PL.notCompleted()}
          </p>
          <p className={styles.muted}>{PL.notCompletedDetail()}</p>
          <div className={styles.actions}>
            <Button block onClick={() => actor.send({ type: 'pay.retry' })}>
              {PL.checkAgain()}
            </Button>
            {canGiveUp && (
              <Button variant="secondary" block onClick={() => actor.send({ type: 'pay.giveUp' })}>
                {PL.payAnotherWay()}
              </Button>
            )}
          </div>
        </div>
      );
      break;
    case 'fail':
    case 'cancel':
      body = (
        <div className={styles.status}>
          <p className={styles.stepTitle} data-testid="pay-result">
            {step === 'fail' ? PL.result.fail() : PL.result.cancel()}
          </p>
          {/* "Cancelled" under "payment cancelled" would say the same twice. */}
          {payment?.failReason && !(step === 'cancel' && payment.failReason === 'cancelled') && (
            <p className={styles.muted} data-testid="fail-reason">
              {PL.failReason[payment.failReason]()}
            </p>
          )}
          <div className={styles.actions}>
            <Button block size="large" onClick={() => actor.send({ type: 'pay.retry' })}>
              {PL.retry()}
            </Button>
            <Button variant="secondary" block onClick={() => actor.send({ type: 'pay.changeType' })}>
              {PL.changeType()}
            </Button>
          </div>
        </div>
      );
      break;
    case 'success':
      body = (
        <div className={styles.status} role="status">
          <p className={styles.stepTitle}>{PL.result.paid()}</p>
        </div>
      );
      break;
    default:
      body = (
        <div className={styles.status}>
          <p className={styles.stepTitle}>{PL.result.closed()}</p>
        </div>
      );
  }

  return (
    <section className={styles.panel} aria-label={PL.title()} data-testid="pay-panel" data-step={step}>
      {head}
      {alert}
      {body}
    </section>
  );
}

function submitLabel(PL: PaymentTexts, option: PayOption | null, amount: string): string {
  if (option?.payType === 'Cash') return PL.payAtCounter();
  if (option?.payType === 'COD') return PL.payOnDelivery();
  return PL.pay({ amount });
}

function OptionDetail({
  option,
  member,
  isKiosk,
  PL,
}: {
  option: PayOption;
  member: PayPanelProps['member'];
  isKiosk: boolean;
  PL: PaymentTexts;
}) {
  const format = usePriceFormatter();
  if (option.needsMember) {
    if (!member) return <span className={styles.muted}>{PL.notMember()}</span>;
    return (
      <span className={styles.muted} data-testid="member-balance">
        {PL.balance({ amount: format(member.amount + member.giftAmount) })}
        {member.giftAmount > 0 &&
          ` (${PL.balanceDetail({ stored: format(member.amount), gift: format(member.giftAmount) })})`}
      </span>
    );
  }
  if (option.online) {
    // Kiosks name the card brands under the card payment type only (spec §6).
    const brands = isKiosk && option.payType === 'Card';
    return (
      <span className={styles.muted} data-testid={brands ? 'card-brands' : undefined}>
        {brands ? PL.cardBrands() : PL.onlineHint()}
      </span>
    );
  }
  return null;
}
