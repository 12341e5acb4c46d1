// /order/success: the order as the shop stored it — its number, the day sequence the counter calls out,
// what was ordered and the total charged — and the way back to the menu.
import type { ReactNode } from 'react';
import type { OrderDetail } from '../../domain/api/order';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { usePriceFormatter } from '../ui/shop-display';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import styles from './order.module.css';

export interface OrderSuccessViewProps {
  order: OrderDetail | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onBackToMenu: () => void;
}

export function OrderSuccessView({ order, loading, failed, onRetry, onBackToMenu }: OrderSuccessViewProps) {
  const { LL } = useI18nContext();
  const head = <PageHead title={LL.checkout.result.title()} />;
  if (failed)
    return (
      <Page head={head}>
        <ErrorView message={LL.success.loadFailed()} onRetry={onRetry} />
      </Page>
    );
  if (loading || !order)
    return (
      <Page head={head}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return (
    <Page head={head}>
      <OrderCard order={order} />
      <div className={styles.section} style={{ background: 'none', boxShadow: 'none' }}>
        <Button block size="large" onClick={onBackToMenu}>
          {LL.success.backToMenu()}
        </Button>
      </div>
    </Page>
  );
}

/**
 * One placed order: its day number, order number, how and where, lines and total. `placedMark` is the green
 * "placed" tick; a page that already says where the order stands (awaiting payment, paid) leaves it out, so
 * the customer never reads "placed" over a payment still to make, or two results at once.
 */
export function OrderCard({
  order,
  showShop = false,
  placedMark = true,
  head,
  linesTitle,
}: {
  order: OrderDetail;
  showShop?: boolean;
  placedMark?: boolean;
  /** In place of the day number: an appointment is called by its time, not a number at the counter. */
  head?: ReactNode;
  linesTitle?: string;
}) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const when = order.deliveryTime ?? order.pickupTime;
  return (
    <>
      <section className={styles.section}>
        <div className={styles.successHead}>
          {placedMark && (
            <span className={styles.successMark} aria-hidden="true">
              ✓
            </span>
          )}
          {(placedMark || showShop) && (
            <h2 className={styles.sectionTitle}>{showShop ? order.shopName : LL.checkout.result.placed()}</h2>
          )}
          {head ?? (
            <>
              <p className={styles.muted}>{LL.checkout.result.daySeqLabel()}</p>
              <p className={styles.daySeq} data-testid="day-seq">
                {order.daySeq}
              </p>
            </>
          )}
        </div>
        <dl className={styles.facts}>
          <dt>{LL.checkout.result.orderNo()}</dt>
          <dd data-testid="order-no">{order.orderNo}</dd>
          {/* A booking in the head already says what it is. */}
          {!head && (
            <>
              <dt>{LL.checkout.result.orderType()}</dt>
              <dd>{LL.orderType[order.orderType]()}</dd>
            </>
          )}
          {order.table && (
            <>
              <dt>{LL.checkout.result.table()}</dt>
              <dd>
                {order.table.areaName} {order.table.name}
              </dd>
            </>
          )}
          {order.person !== null && (
            <>
              <dt>{LL.checkout.result.person()}</dt>
              <dd>{order.person}</dd>
            </>
          )}
          {when && (
            <>
              <dt>{order.deliveryTime ? LL.checkout.deliveryTime() : LL.checkout.pickupTime()}</dt>
              <dd>{when}</dd>
            </>
          )}
          {order.contact && (
            <>
              <dt>{LL.checkout.result.contact()}</dt>
              <dd>
                {order.contact.name} {order.contact.phone}
                {order.contact.address && (
                  <>
                    <br />
                    {order.contact.address} {order.contact.houseNumber}
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby={`success-lines-${order.id}`}>
        <h2 id={`success-lines-${order.id}`} className={styles.sectionTitle}>
          {linesTitle ?? LL.checkout.linesTitle()}
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <span className={styles.lineName}>
                <span>
                  {line.name} × {line.quantity}
                </span>
                {line.specName && <span className={styles.muted}>{line.specName}</span>}
              </span>
              <span>{format(line.amount)}</span>
            </li>
          ))}
        </ul>
        <dl className={styles.breakdown}>
          <dt className={styles.breakdownTotal}>{LL.checkout.breakdown.total()}</dt>
          <dd className={styles.breakdownTotal} data-testid="order-total">
            {format(order.amounts.total)}
          </dd>
        </dl>
      </section>
    </>
  );
}
