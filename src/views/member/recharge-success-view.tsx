// /member/charge-success: what a credited recharge put on the card (principal, gift, points, coupons) and
// the card's balances right after it, from the server's record of the credit.
import type { RechargeView } from '../../domain/api/member-money';
import { useI18nContext } from '../../i18n/i18n-context';
import { LinkButton } from '../ui/button';
import { useNavigation } from '../ui/navigation';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './recharge-styles.module.css';

export function RechargeSuccessView({
  recharge,
}: {
  recharge: RechargeView & { credited: NonNullable<RechargeView['credited']> };
}) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const price = usePriceFormatter();
  const credit = recharge.credited;
  return (
    <>
      <div className={`${styles.status} ${styles.result}`} role="status" data-testid="recharge-success">
        <span className={styles.tick} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2 className={styles.statusTitle}>{LL.recharge.success.title()}</h2>
        <p className={styles.cardAmount} style={{ color: 'var(--text)', margin: 0 }}>
          {price(credit.amount + credit.giftAmount)}
        </p>
      </div>
      <section className={styles.section} aria-labelledby="credit-title">
        <h2 id="credit-title" className={styles.title}>
          {LL.recharge.success.credited()}
        </h2>
        <dl className={styles.summary} data-testid="recharge-credit">
          <dt>{LL.recharge.success.principal()}</dt>
          <dd data-testid="credit-amount">{price(credit.amount)}</dd>
          {credit.giftAmount > 0 && (
            <>
              <dt>{LL.recharge.success.gift()}</dt>
              <dd className={styles.strong} data-testid="credit-gift">
                {price(credit.giftAmount)}
              </dd>
            </>
          )}
          {credit.points > 0 && (
            <>
              <dt>{LL.recharge.success.points()}</dt>
              <dd>+{credit.points}</dd>
            </>
          )}
          {credit.couponIds.length > 0 && (
            <>
              <dt>{LL.recharge.success.coupons()}</dt>
              <dd>{LL.recharge.success.couponCount({ count: credit.couponIds.length })}</dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="balances-title">
        <h2 id="balances-title" className={styles.title}>
          {LL.recharge.success.balances()}
        </h2>
        <dl className={styles.summary} data-testid="recharge-balances">
          <dt>{LL.recharge.stored()}</dt>
          <dd data-testid="after-amount">{price(credit.amountAfter)}</dd>
          <dt>{LL.recharge.gift()}</dt>
          <dd data-testid="after-gift">{price(credit.giftAfter)}</dd>
          <dt>{LL.recharge.points()}</dt>
          <dd>{credit.pointsAfter}</dd>
        </dl>
      </section>
      <div className={styles.links}>
        <LinkButton variant="secondary" href={navigation.href('/member/doc')}>
          {LL.recharge.success.viewDoc()}
        </LinkButton>
        <LinkButton href={navigation.href('/member/recharge')}>{LL.recharge.success.again()}</LinkButton>
      </div>
    </>
  );
}
