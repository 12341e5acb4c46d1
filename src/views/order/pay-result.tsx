// What a settled order's customer reads at the top of /order/success: paid (how, and the member card's
// balance now), or to be paid at the counter or on delivery, and how much.
import type { OrderDetail } from '../../domain/api/order';
import type { Settlement } from '../../machines/payment.selectors';
import type { PaymentTexts } from '../payment/payment-text';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './pay-panel.module.css';

export function PayResult(props: {
  PL: PaymentTexts;
  order: OrderDetail;
  settlement: Settlement;
  /** Member card: the balance after paying, once read again; null otherwise. */
  balance: number | null;
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
    </section>
  );
}
