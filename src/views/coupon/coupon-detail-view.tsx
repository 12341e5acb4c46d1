// /pages/user/coupon/detail: one coupon's full rules (every condition in words) and the products it covers.
import type { ReactNode } from 'react';
import type { CouponDetailInfo } from './types';
import { useI18nContext } from '../../i18n/i18n-context';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import { CouponCard } from './coupon-card';
import styles from './coupons.module.css';

export function CouponDetailView(props: {
  coupon: CouponDetailInfo | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  /** What the customer can do with the coupon (forward it to a friend), under its card. */
  actions?: ReactNode;
}) {
  const { LL } = useI18nContext();
  const { coupon } = props;
  let content;
  if (props.failed) content = <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  else if (props.loading || !coupon)
    content = (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    );
  else
    content = (
      <>
        <div className={styles.cards}>
          <CouponCard
            name={coupon.name}
            rules={coupon.rules}
            spent={coupon.state === 'used' || coupon.state === 'expired'}
          />
        </div>
        {props.actions}
        <section className={styles.section} aria-labelledby="coupon-rules">
          <h2 id="coupon-rules" className={styles.sectionTitle}>
            {LL.coupons.detail.rules()}
          </h2>
          <dl className={styles.facts}>
            <dt>{LL.coupons.detail.threshold()}</dt>
            <dd>{coupon.rules.threshold}</dd>
            <dt>{LL.coupons.detail.validity()}</dt>
            <dd>{coupon.rules.validity}</dd>
            <dt>{LL.coupons.detail.scope()}</dt>
            <dd>{coupon.rules.scope}</dd>
          </dl>
          {coupon.rules.conditions.length > 0 && (
            <ul className={styles.rules} data-testid="coupon-conditions">
              {coupon.rules.conditions.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          )}
        </section>
        <section className={styles.section} aria-labelledby="coupon-products">
          <h2 id="coupon-products" className={styles.sectionTitle}>
            {LL.coupons.detail.products()}
          </h2>
          {coupon.products.length === 0 ? (
            <p className={styles.muted}>{LL.coupons.detail.allProducts()}</p>
          ) : (
            <ul className={styles.rules}>
              {coupon.products.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  return <Page head={<PageHead title={LL.coupons.detail.title()} />}>{content}</Page>;
}
