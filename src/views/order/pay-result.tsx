// What a settled order's customer reads at the top of /order/success: paid (how, and the member card's
// balance now), or to be paid at the counter or on delivery, and how much; the one result of the page, with
// the way to the order. Before payment the same place says the order awaits it (AwaitingPayment).
import type { OrderDetail } from '../../domain/api/order';
import type { Settlement } from '../../machines/payment/payment.selectors';
import type { PaymentTexts } from '../payment/payment-text';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './pay-panel.module.css';

export function PayResult(props: {
  PL: PaymentTexts;
  order: OrderDetail;
  settlement: Settlement;
  /** Member card: the balance after paying, once read again; null otherwise. */
  balance: number | null;
  onViewOrder: () => void;
}) {
  const { PL, order, settlement } = props;
  const format = usePriceFormatter();
  const amount = format(order.amounts.total);
  const method = PL.payTypes[order.payment?.payType ?? order.payType]();
  const title =
    settlement === 'paid'
      ? PL.result.paid()
      : settlement === 'counter'
        ? PL.result.counter()
        : PL.result.delivery();
  const detail =
    settlement === 'paid'
      ? PL.result.paidDetail({ amount, method })
      : settlement === 'counter'
        ? PL.result.counterDetail({ amount })
        : PL.result.deliveryDetail({ amount });
  return (
    <section className={styles.panel} aria-labelledby="pay-result-title" data-testid="pay-result">
      <div className={styles.status}>
        <span className={settlement === 'paid' ? styles.paidMark : styles.dueMark} aria-hidden="true">
          {settlement === 'paid' ? '✓' : <Icon name="clock" size={1.5} />}
        </span>
        <h2 id="pay-result-title" className={styles.stepTitle}>
          {title}
        </h2>
        <p className={styles.muted}>{detail}</p>
        {props.balance !== null && (
          <p className={styles.balanceNow} data-testid="balance-after">
            {PL.result.balanceNow({ amount: format(props.balance) })}
          </p>
        )}
      </div>
      <Button block size="large" onClick={props.onViewOrder}>
        {PL.viewOrder()}
      </Button>
    </section>
  );
}

/** A placed order still to be paid online or by member card: placed, not done, with what is due. */
export function AwaitingPayment({ PL, order }: { PL: PaymentTexts; order: OrderDetail }) {
  const format = usePriceFormatter();
  return (
    <section className={styles.panel} aria-labelledby="awaiting-payment-title" data-testid="awaiting-payment">
      <div className={styles.status}>
        <span className={styles.dueMark} aria-hidden="true">
          <Icon name="clock" size={1.5} />
        </span>
        <h2 id="awaiting-payment-title" className={styles.stepTitle}>
          {PL.result.unpaid()}
        </h2>
        <p className={styles.muted}>{PL.result.unpaidDetail({ amount: format(order.amounts.total) })}</p>
      </div>
    </section>
  );
}
