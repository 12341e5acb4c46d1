// /pages/user/order/detail (spec §2, §4): the status of spec §4 with its time and what it means, the
// unpaid countdown, the shop's reason for a refusal or refund and the amount given back, the rider and the
// order's progress, the day number, how and where, the lines and the price breakdown, and how it is paid.
// The action bar offers what the server allows now: pay, cancel (after a confirmation), confirm receipt.
import type { ReactNode } from 'react';
import type { OrderDetail } from '../../domain/api/order';
import type { DeliveryInfo } from '../../domain/api/order-life';
import type { BreakdownRow } from '../../machines/cart/breakdown';
import { paymentMethodOf } from '../../machines/order/order-detail.selectors';
import type { StatusView } from '../../machines/order/order-list.selectors';
import type { WatchMode } from '../../machines/order/order-watch.selectors';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../i18n/date-time';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { BottomSheet, Dialog } from '../ui/dialog';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import { breakdownLabel } from './breakdown-label';
import { UnpaidCountdown } from './countdown';
import { LiveMark, useOrderPrice } from './status-badge';
import type { OrdersTexts } from './status-text';
import orderStyles from './order.module.css';
import styles from './order-detail.module.css';

export interface OrderDetailViewProps {
  T: OrdersTexts;
  order: OrderDetail | null;
  delivery: DeliveryInfo | null;
  status: StatusView | null;
  breakdown: readonly BreakdownRow[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  watch: WatchMode;
  canPay: boolean;
  canClose: boolean;
  canConfirmDelivered: boolean;
  busy: boolean;
  actionError: string | null;
  confirming: 'close' | 'confirmDelivered' | null;
  paying: boolean;
  /** The pay panel, shown in a sheet while paying. */
  payPanel: ReactNode;
  onPay: () => void;
  onClose: () => void;
  onConfirmDelivered: () => void;
  onConfirm: () => void;
  onDismiss: () => void;
  onPayDismiss: () => void;
  onExpired: () => void;
  /** Server clock minus browser clock: the countdown counts on the server's time. */
  clockOffsetMs: number;
  /**
   * An appointment order's booking with its own actions (reschedule, cancel with the money back); its
   * cancel replaces the order's.
   */
  appointment?: ReactNode;
}

export function OrderDetailView(props: OrderDetailViewProps) {
  const { T, order, status } = props;
  const { LL } = useI18nContext();
  const head = <PageHead title={T.detail.title()} />;
  if (props.failed)
    return (
      <Page head={head}>
        <ErrorView message={T.detail.notFound()} onRetry={props.onRetry} />
      </Page>
    );
  if (props.loading || !order || !status)
    return (
      <Page head={head}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  const canClose = props.canClose && !props.appointment;
  const hasActions = props.canPay || canClose || props.canConfirmDelivered;
  return (
    <Page head={head} bottomBar={hasActions ? 4.5 : 0}>
      <StatusHead {...props} order={order} status={status} />
      {props.appointment}
      {props.delivery && (props.delivery.rider || props.delivery.events.length > 0) && (
        <DeliverySection T={T} delivery={props.delivery} />
      )}
      <FactsSection T={T} order={order} />
      <LinesSection T={T} order={order} breakdown={props.breakdown} />
      <PaymentSection T={T} order={order} />
      {hasActions && (
        <div className={styles.actions}>
          {props.actionError && (
            <p className={styles.actionError} role="alert">
              {errorText(LL, props.actionError)}
            </p>
          )}
          <div className={styles.actionsInner}>
            {canClose && (
              <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
                {T.detail.cancel()}
              </Button>
            )}
            {props.canConfirmDelivered && (
              <Button onClick={props.onConfirmDelivered} disabled={props.busy}>
                {T.detail.confirmReceived()}
              </Button>
            )}
            {props.canPay && (
              <Button onClick={props.onPay} disabled={props.busy}>
                {T.detail.pay()}
              </Button>
            )}
          </div>
        </div>
      )}
      <Dialog
        open={props.confirming === 'close'}
        onClose={props.onDismiss}
        title={T.detail.cancelTitle()}
        footer={
          <>
            <Button variant="secondary" onClick={props.onDismiss}>
              {T.detail.keep()}
            </Button>
            <Button onClick={props.onConfirm}>{T.detail.cancelConfirm()}</Button>
          </>
        }
      >
        <p>{T.detail.cancelBody()}</p>
      </Dialog>
      <Dialog
        open={props.confirming === 'confirmDelivered'}
        onClose={props.onDismiss}
        title={T.detail.receivedTitle()}
        footer={
          <>
            <Button variant="secondary" onClick={props.onDismiss}>
              {T.detail.notYet()}
            </Button>
            <Button onClick={props.onConfirm}>{T.detail.receivedConfirm()}</Button>
          </>
        }
      >
        <p>{T.detail.receivedBody()}</p>
      </Dialog>
      <BottomSheet open={props.paying} onClose={props.onPayDismiss} title={T.detail.pay()}>
        {props.paying && props.payPanel}
      </BottomSheet>
    </Page>
  );
}

function StatusHead(props: OrderDetailViewProps & { order: OrderDetail; status: StatusView }) {
  const { T, order, status } = props;
  const { locale } = useI18nContext();
  const price = useOrderPrice();
  return (
    <section className={styles.statusHead} aria-labelledby="order-status-label">
      <div className={styles.statusTop}>
        <h2 id="order-status-label" className={styles.statusLabel} data-testid="status-label">
          {T.status[status.label]()}
        </h2>
        <LiveMark mode={props.watch} T={T} />
      </div>
      <p className={styles.statusHint}>{T.statusHint[status.hint]()}</p>
      <p className={styles.statusTime}>
        <time dateTime={order.statusChangedAt}>{formatDateTime(order.statusChangedAt, locale)}</time>
      </p>
      {props.canPay && (
        <div className={styles.countdownRow}>
          <UnpaidCountdown
            deadline={order.payDeadlineAt}
            offsetMs={props.clockOffsetMs}
            onExpired={props.onExpired}
          />
        </div>
      )}
      {order.merchantReason && (
        <p className={styles.reason} data-testid="merchant-reason">
          <span className={styles.reasonLabel}>{T.detail.merchantReason()}</span>
          {order.merchantReason}
        </p>
      )}
      {order.refundAmount > 0 && (
        <p className={styles.refund}>
          <span>{T.detail.refunded()}</span>
          <span data-testid="refund-amount">{price(order, order.refundAmount)}</span>
        </p>
      )}
    </section>
  );
}

function DeliverySection({ T, delivery }: { T: OrdersTexts; delivery: DeliveryInfo }) {
  const { locale } = useI18nContext();
  const statusOf = (status: OrderDetail['status']) => T.status[timelineLabel(status)]();
  return (
    <section className={orderStyles.section} aria-labelledby="order-progress">
      {delivery.rider && (
        <div className={styles.rider}>
          <div>
            <p className={orderStyles.muted}>{T.detail.rider()}</p>
            <p className={styles.riderName} data-testid="rider-name">
              {delivery.rider.name}
            </p>
            {delivery.state && <p className={orderStyles.muted}>{T.riderState[delivery.state]()}</p>}
          </div>
          <a className={orderStyles.linkButton} href={`tel:${delivery.rider.phone}`}>
            {T.detail.callRider({ name: delivery.rider.name })}
          </a>
        </div>
      )}
      <h2
        id="order-progress"
        className={orderStyles.sectionTitle}
        style={{ marginTop: delivery.rider ? '0.75rem' : 0 }}
      >
        {T.detail.progress()}
      </h2>
      <ol className={styles.timeline} data-testid="timeline">
        {delivery.events.map((event, index) => (
          <li key={`${event.status}-${index}`} className={styles.step}>
            <span>{statusOf(event.status)}</span>
            <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The history of a delivery order: its statuses as the customer knows them (takeaway labels). */
function timelineLabel(status: OrderDetail['status']): keyof OrdersTexts['status'] {
  if (status === 'confirmed' || status === 'delivered') return 'inDelivery';
  if (status === 'need_pay') return 'nopay';
  return status;
}

function FactsSection({ T, order }: { T: OrdersTexts; order: OrderDetail }) {
  const { LL, locale } = useI18nContext();
  return (
    <section className={orderStyles.section} aria-labelledby="order-facts">
      <h2 id="order-facts" className="visually-hidden">
        {T.detail.orderNo()}
      </h2>
      <dl className={orderStyles.facts}>
        {/* The counter's number of the day calls out orders to collect; an appointment is called by its time. */}
        {!order.appointment && (
          <>
            <dt>{T.detail.daySeq()}</dt>
            <dd className={orderStyles.breakdownTotal} data-testid="day-seq">
              #{order.daySeq}
            </dd>
          </>
        )}
        <dt>{T.detail.orderNo()}</dt>
        <dd data-testid="order-no">{order.orderNo}</dd>
        <dt>{T.detail.placedAt()}</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
        </dd>
        <dt>{T.detail.shop()}</dt>
        <dd>{order.shopName}</dd>
        <dt>{T.detail.orderType()}</dt>
        <dd>{LL.orderType[order.orderType]()}</dd>
        {order.table && (
          <>
            <dt>{T.detail.table()}</dt>
            <dd>
              {order.table.areaName} {order.table.name}
            </dd>
          </>
        )}
        {order.person !== null && (
          <>
            <dt>{T.detail.person()}</dt>
            <dd>{order.person}</dd>
          </>
        )}
        {order.deliveryTime && (
          <>
            <dt>{T.detail.deliveryTime()}</dt>
            <dd>{order.deliveryTime}</dd>
          </>
        )}
        {order.pickupTime && (
          <>
            <dt>{T.detail.pickupTime()}</dt>
            <dd>{order.pickupTime}</dd>
          </>
        )}
        {order.contact && (
          <>
            <dt>{order.contact.address ? T.detail.deliverTo() : T.detail.picker()}</dt>
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
        {order.isPickerPack && (
          <>
            <dt>{T.detail.packed()}</dt>
            <dd>✓</dd>
          </>
        )}
        {order.note && (
          <>
            <dt>{T.detail.note()}</dt>
            <dd>{order.note}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function LinesSection({
  T,
  order,
  breakdown,
}: {
  T: OrdersTexts;
  order: OrderDetail;
  breakdown: readonly BreakdownRow[];
}) {
  const { LL } = useI18nContext();
  const price = useOrderPrice();
  const format = (amount: number) => price(order, amount);
  return (
    <section className={orderStyles.section} aria-labelledby="order-lines">
      <h2 id="order-lines" className={orderStyles.sectionTitle}>
        {T.detail.lines()}
      </h2>
      <ul className={orderStyles.lines}>
        {order.lines.map((line) => (
          <li key={line.id} className={orderStyles.line}>
            <span className={orderStyles.lineName}>
              <span>
                {line.name} × {line.quantity}
              </span>
              {(line.specName || line.tastes.length > 0 || line.mealset.length > 0) && (
                <span className={orderStyles.muted}>
                  {[line.specName, ...line.tastes.map((t) => t.name), ...line.mealset.map((m) => m.name)]
                    .filter(Boolean)
                    .join(' / ')}
                </span>
              )}
            </span>
            <span>{format(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className={orderStyles.breakdown} data-testid="breakdown">
        {breakdown.map((row, index) => {
          const total = row.key === 'total';
          const amount = row.amount < 0 ? `−${format(-row.amount)}` : format(row.amount);
          return (
            <div key={`${row.key}-${index}`} style={{ display: 'contents' }}>
              <dt className={total ? orderStyles.breakdownTotal : undefined}>
                {breakdownLabel(LL, row, format)}
              </dt>
              <dd
                className={
                  total ? orderStyles.breakdownTotal : row.amount < 0 ? orderStyles.discount : undefined
                }
                data-testid={`breakdown-${row.key}`}
              >
                {row.key === 'taxIncluded' ? `(${amount})` : amount}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function PaymentSection({ T, order }: { T: OrdersTexts; order: OrderDetail }) {
  const method = paymentMethodOf(order);
  const how =
    method === 'counter'
      ? T.settlement.counter()
      : method === 'onDelivery'
        ? T.settlement.onDelivery()
        : T.payType[method]();
  return (
    <section className={orderStyles.section} aria-labelledby="order-payment">
      <h2 id="order-payment" className={orderStyles.sectionTitle}>
        {T.detail.payment()}
      </h2>
      <dl className={orderStyles.facts}>
        <dt>{T.detail.payType()}</dt>
        <dd data-testid="pay-type">{how}</dd>
        <dt>{T.detail.paidState()}</dt>
        <dd data-testid="paid">{order.paid ? T.detail.paid() : T.detail.unpaid()}</dd>
      </dl>
    </section>
  );
}
