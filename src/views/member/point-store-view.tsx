// The points mall's views (spec §2 /member/point-store/*): the points header, the item cards with their
// points price, stock and limit (a blocked item says why on its disabled button), the confirm sheet of the
// pointExchange flow, the item's details and the exchange's result. They render what they are given and
// send the flow's events; the pages read the calls.
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type {
  PointExchangeView,
  PointStoreCouponDetailInfo,
  PointStoreItem,
} from '../../domain/api/point-store';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { costOf, type pointExchangeMachine } from '../../machines/member/point-exchange.machine';
import { Button, LinkButton } from '../ui/button';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { Skeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState } from '../ui/state-views';
import styles from './point-store.module.css';

type ExchangeActor = Actor<typeof pointExchangeMachine>;

export function PointsHeader({ points, historyHref }: { points: number; historyHref: string }) {
  const { LL } = useI18nContext();
  return (
    <section className={styles.header} aria-label={LL.pointStore.myPoints()}>
      <div>
        <p className={styles.headerLabel}>{LL.pointStore.myPoints()}</p>
        <p className={styles.headerPoints} data-testid="store-points">
          {points}
        </p>
      </div>
      <a className={styles.headerLink} href={historyHref}>
        {LL.pointStore.history()}
      </a>
    </section>
  );
}

export function PointStoreSkeleton() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.pointStore.title()}>
      <div className={styles.header}>
        <Skeleton width="6rem" height="2.5rem" />
      </div>
      <ul className={styles.list}>
        {[0, 1, 2, 3].map((n) => (
          <li key={n} className={styles.item}>
            <Skeleton height="7rem" style={{ borderRadius: 0 }} />
            <div className={styles.body}>
              <Skeleton width="80%" />
              <Skeleton width="40%" />
            </div>
          </li>
        ))}
      </ul>
    </SkeletonRegion>
  );
}

export function ItemPicture({ item }: { item: Pick<PointStoreItem, 'image' | 'kind' | 'name'> }) {
  const { LL } = useI18nContext();
  return (
    <div className={styles.picture} aria-hidden="true">
      {item.image ? (
        <img src={item.image} alt="" loading="lazy" />
      ) : (
        <span>{item.kind === 'coupon' ? LL.pointStore.kindCoupon() : item.name}</span>
      )}
    </div>
  );
}

export function blockedText(LL: ReturnType<typeof useI18nContext>['LL'], item: PointStoreItem) {
  if (item.blocked === null) return null;
  return LL.pointStore[item.blocked]();
}

function ItemMeta({ item }: { item: PointStoreItem }) {
  const { LL } = useI18nContext();
  const parts: string[] = [item.kind === 'coupon' ? LL.pointStore.kindCoupon() : LL.pointStore.kindProduct()];
  if (item.stockLeft !== null) parts.push(LL.pointStore.stockLeft({ count: item.stockLeft }));
  if (item.perMember !== null) parts.push(LL.pointStore.perMember({ count: item.perMember }));
  return <p className={styles.meta}>{parts.join(' · ')}</p>;
}

export function ItemCards({
  items,
  detailHref,
  onExchange,
}: {
  items: PointStoreItem[];
  detailHref: (item: PointStoreItem) => string;
  onExchange: (item: PointStoreItem) => void;
}) {
  const { LL } = useI18nContext();
  if (items.length === 0)
    return <EmptyState icon="empty" title={LL.pointStore.empty()} description={LL.pointStore.emptyHint()} />;
  return (
    <ul className={styles.list} aria-label={LL.pointStore.title()}>
      {items.map((item) => {
        const reason = blockedText(LL, item);
        return (
          <li key={item.id} className={styles.item} data-testid={`store-item-${item.id}`}>
            <ItemPicture item={item} />
            <div className={styles.body}>
              <a className={styles.name} href={detailHref(item)}>
                {item.name}
              </a>
              <p className={styles.price}>{LL.pointStore.pointsPrice({ points: item.points })}</p>
              <ItemMeta item={item} />
              <div className={styles.action}>
                <Button
                  size="small"
                  block
                  disabled={reason !== null}
                  // The visible text leads the name (WCAG label in name): "Exchange", or why it cannot be.
                  aria-label={`${reason ?? LL.pointStore.exchange()}: ${item.name}`}
                  onClick={() => onExchange(item)}
                >
                  {reason ?? LL.pointStore.exchange()}
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The refusal or failure of the last attempt, as the flow holds it. */
export function ExchangeNotice({ actor }: { actor: ExchangeActor }) {
  const { LL } = useI18nContext();
  const rejection = useSelector(actor, (s) => s.context.rejection);
  const error = useSelector(actor, (s) => s.context.error);
  // A lost connection is a request-layer key, translated here; a refusal is the server's own words.
  const text = rejection?.message ?? (error === null ? null : errorText(LL, error));
  if (!text) return null;
  return (
    <p className={styles.notice} role="alert" data-testid="exchange-refusal">
      {text}
    </p>
  );
}

/** The confirm sheet: quantity, the points it takes and what is left. */
export function ExchangeSheet({ actor }: { actor: ExchangeActor }) {
  const { LL } = useI18nContext();
  const open = useSelector(actor, (s) => s.matches('choosing') || s.matches('exchanging'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const context = useSelector(actor, (s) => s.context);
  const cost = costOf(context);
  const { item, quantity } = context;
  return (
    <BottomSheet
      open={open}
      onClose={() => actor.send({ type: 'exchange.cancel' })}
      title={LL.pointStore.confirmTitle()}
      footer={
        <Button
          block
          size="large"
          busy={busy}
          disabled={busy}
          data-testid="exchange-confirm"
          onClick={() => actor.send({ type: 'exchange.confirm' })}
        >
          {busy ? LL.pointStore.exchanging() : LL.pointStore.confirm()}
        </Button>
      }
    >
      <ExchangeNotice actor={actor} />
      <p className={styles.name}>{item.name}</p>
      <div className={styles.stepper}>
        <span id="exchange-quantity">{LL.pointStore.quantity()}</span>
        <div className={styles.stepperControls} role="group" aria-labelledby="exchange-quantity">
          <Button
            variant="secondary"
            size="small"
            aria-label={LL.pointStore.decrease()}
            disabled={quantity <= 1 || busy}
            onClick={() => actor.send({ type: 'exchange.decrease' })}
          >
            <Icon name="minus" />
          </Button>
          <output className={styles.stepperValue} aria-live="polite" data-testid="exchange-quantity">
            {quantity}
          </output>
          <Button
            variant="secondary"
            size="small"
            aria-label={LL.pointStore.increase()}
            disabled={quantity >= item.canExchange || busy}
            onClick={() => actor.send({ type: 'exchange.increase' })}
          >
            <Icon name="plus" />
          </Button>
        </div>
      </div>
      <dl className={styles.summary}>
        <dt>{LL.pointStore.total()}</dt>
        <dd data-testid="exchange-cost">{LL.pointStore.pointsPrice({ points: cost })}</dd>
        <dt>{LL.pointStore.after()}</dt>
        <dd>{LL.pointStore.pointsPrice({ points: Math.max(0, context.points - cost) })}</dd>
      </dl>
    </BottomSheet>
  );
}

export function ItemDetailView({
  detail,
  actor,
}: {
  detail: PointStoreCouponDetailInfo;
  actor: ExchangeActor | null;
}) {
  const { LL } = useI18nContext();
  const reason = blockedText(LL, detail);
  const rules = detail.rules;
  return (
    <>
      <ItemPicture item={detail} />
      <section className={styles.section} aria-labelledby="item-title">
        <h2 id="item-title">{detail.name}</h2>
        <p className={styles.price}>{LL.pointStore.pointsPrice({ points: detail.points })}</p>
        <ItemMeta item={detail} />
        {detail.endDate && <p className={styles.meta}>{LL.pointStore.endsOn({ date: detail.endDate })}</p>}
        {detail.description && <p className={styles.meta}>{detail.description}</p>}
      </section>
      {rules && (
        <section className={styles.section} aria-labelledby="item-rules">
          <h2 id="item-rules">{LL.pointStore.rules()}</h2>
          <ul className={styles.rules}>
            {[rules.value, rules.threshold, rules.validity, rules.scope, ...rules.conditions]
              .filter((line) => line !== '')
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
        </section>
      )}
      <div className={styles.links}>
        {actor && <ExchangeNotice actor={actor} />}
        <Button
          block
          size="large"
          disabled={reason !== null || actor === null}
          data-testid="detail-exchange"
          onClick={() => actor?.send({ type: 'exchange.open' })}
        >
          {reason ?? LL.pointStore.exchange()}
        </Button>
      </div>
    </>
  );
}

export function ExchangeDoneView({
  exchange,
  hrefs,
}: {
  exchange: PointExchangeView;
  hrefs: { coupons: string; mall: string };
}) {
  const { LL } = useI18nContext();
  return (
    <>
      <div className={styles.done} role="status" data-testid="exchange-success">
        <span className={styles.tick} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2>{LL.pointStore.successTitle()}</h2>
        <p className={styles.name}>
          {exchange.name} × {exchange.quantity}
        </p>
      </div>
      {exchange.collectCode !== null && (
        <section className={styles.section} aria-labelledby="collect-title">
          <h2 id="collect-title">{LL.pointStore.collectCode()}</h2>
          <p className={styles.code} data-testid="collect-code">
            {exchange.collectCode}
          </p>
          <p className={styles.meta}>{LL.pointStore.collectHint()}</p>
        </section>
      )}
      {exchange.coupons.length > 0 && (
        <section className={styles.section} aria-labelledby="coupons-title">
          <h2 id="coupons-title">{LL.pointStore.couponsGranted()}</h2>
          <ul className={styles.rules} data-testid="exchange-coupons">
            {exchange.coupons.map((c) => (
              <li key={c.id}>{c.name}</li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.section}>
        <dl className={styles.summary}>
          <dt>{LL.pointStore.pointsSpent()}</dt>
          <dd data-testid="exchange-spent">{exchange.points}</dd>
          <dt>{LL.pointStore.pointsLeft()}</dt>
          <dd data-testid="exchange-left">{exchange.pointsAfter}</dd>
        </dl>
      </section>
      <div className={styles.links}>
        {exchange.coupons.length > 0 && (
          <LinkButton href={hrefs.coupons} block data-testid="view-coupons">
            {LL.pointStore.viewCoupons()}
          </LinkButton>
        )}
        <LinkButton href={hrefs.mall} variant="secondary" block>
          {LL.pointStore.backToMall()}
        </LinkButton>
      </div>
    </>
  );
}
