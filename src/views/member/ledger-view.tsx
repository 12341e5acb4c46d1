// The member's balance transactions (/member/doc) and points history (/member/point-consume-list): one row
// per change, newest first — its kind, the signed change, the balances after it, the order or top-up it
// belongs to and its time; the next page when the customer reaches the bottom; an empty state.
import { useEffect, useRef, type ReactNode } from 'react';
import type { BalanceEntry, LedgerKind, PointsEntry } from '../../domain/api/member-money';
import { formatDateTime } from '../../i18n/date-time';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { usePriceFormatter } from '../ui/shop-display';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import styles from './recharge-styles.module.css';

export interface LedgerListProps {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  loadingMore: boolean;
  refreshing: boolean;
  hasMore: boolean;
  moreFailed: boolean;
  onMore: () => void;
}

export function LedgerFrame(
  props: LedgerListProps & { count: number; label: string; empty: ReactNode; children: ReactNode },
) {
  const { LL } = useI18nContext();
  if (props.failed) return <ErrorView onRetry={props.onRetry} />;
  if (props.loading)
    return (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    );
  if (props.count === 0) return <>{props.empty}</>;
  return (
    <>
      <ul className={styles.list} aria-label={props.label} data-testid="ledger-list">
        {props.children}
      </ul>
      <LedgerFooter {...props} />
    </>
  );
}

const signed = (delta: number, format: (n: number) => string) =>
  delta > 0 ? `+${format(delta)}` : delta < 0 ? `−${format(-delta)}` : format(0);

function Source({ orderNo, rechargeId }: { orderNo: string | null; rechargeId: number | null }) {
  const { LL } = useI18nContext();
  if (orderNo) return <>{LL.recharge.ledger.order({ orderNo })}</>;
  if (rechargeId !== null) return <>{LL.recharge.ledger.recharge({ id: rechargeId })}</>;
  return null;
}

export function BalanceLedgerView(props: LedgerListProps & { rows: readonly BalanceEntry[] }) {
  const { LL, locale } = useI18nContext();
  const price = usePriceFormatter();
  return (
    <LedgerFrame
      {...props}
      count={props.rows.length}
      label={LL.recharge.ledger.balanceTitle()}
      empty={<EmptyState title={LL.recharge.ledger.empty()} description={LL.recharge.ledger.emptyHint()} />}
    >
      {props.rows.map((row) => (
        <li key={row.id} className={styles.row} data-testid="ledger-row" data-kind={row.kind}>
          <p className={styles.rowKind}>{kindText(LL, row.kind)}</p>
          <div>
            {row.amountDelta !== 0 && (
              <p className={`${styles.rowDelta} ${row.amountDelta > 0 ? styles.plus : styles.minus}`}>
                {LL.recharge.ledger.storedDelta({ amount: signed(row.amountDelta, price) })}
              </p>
            )}
            {row.giftDelta !== 0 && (
              <p className={`${styles.rowDelta} ${row.giftDelta > 0 ? styles.plus : styles.minus}`}>
                {LL.recharge.ledger.giftDelta({ amount: signed(row.giftDelta, price) })}
              </p>
            )}
          </div>
          <p className={styles.rowMeta}>
            <Source orderNo={row.orderNo} rechargeId={row.rechargeId} />
            {row.orderNo || row.rechargeId !== null ? ' · ' : ''}
            <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
          </p>
          <p className={styles.rowMetaEnd}>
            {LL.recharge.ledger.after({ stored: price(row.amountAfter), gift: price(row.giftAfter) })}
          </p>
        </li>
      ))}
    </LedgerFrame>
  );
}

export function PointsLedgerView(
  props: LedgerListProps & { rows: readonly PointsEntry[]; points: number | null },
) {
  const { LL, locale } = useI18nContext();
  return (
    <>
      {props.points !== null && (
        <section className={styles.card} aria-label={LL.recharge.ledger.pointsNow()}>
          <p className={styles.cardLabel}>{LL.recharge.ledger.pointsNow()}</p>
          <p className={styles.cardAmount} data-testid="points-now">
            {props.points}
          </p>
        </section>
      )}
      <LedgerFrame
        {...props}
        count={props.rows.length}
        label={LL.recharge.ledger.pointsTitle()}
        empty={
          <EmptyState
            title={LL.recharge.ledger.pointsEmpty()}
            description={LL.recharge.ledger.pointsEmptyHint()}
          />
        }
      >
        {props.rows.map((row) => (
          <li key={row.id} className={styles.row} data-testid="ledger-row" data-kind={row.kind}>
            <p className={styles.rowKind}>{kindText(LL, row.kind)}</p>
            <p className={`${styles.rowDelta} ${row.pointsDelta > 0 ? styles.plus : styles.minus}`}>
              {signed(row.pointsDelta, String)}
            </p>
            <p className={styles.rowMeta}>
              <Source orderNo={row.orderNo} rechargeId={row.rechargeId} />
              {row.orderNo || row.rechargeId !== null ? ' · ' : ''}
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
            </p>
            <p className={styles.rowMetaEnd}>{LL.recharge.ledger.pointsAfter({ points: row.pointsAfter })}</p>
          </li>
        ))}
      </LedgerFrame>
    </>
  );
}

const kindText = (LL: ReturnType<typeof useI18nContext>['LL'], kind: LedgerKind) =>
  LL.recharge.ledger.kind[kind]();

function LedgerFooter(props: LedgerListProps & { count: number }) {
  const { LL } = useI18nContext();
  const { hasMore, loadingMore, refreshing, moreFailed, onMore } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  });
  // Reaching the bottom asks for the next page; the observer is armed again whenever a read settles, so a
  // sentinel still in view asks again instead of stalling.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || moreFailed || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, loadingMore, refreshing, props.count]);
  return (
    <div className={styles.footer}>
      {loadingMore ? (
        <span role="status">{LL.recharge.ledger.loadingMore()}</span>
      ) : moreFailed ? (
        <ErrorView message={LL.recharge.ledger.moreFailed()} onRetry={onMore} />
      ) : hasMore ? (
        <Button variant="ghost" size="small" onClick={onMore}>
          {LL.recharge.ledger.more()}
        </Button>
      ) : (
        <span data-testid="list-end">{LL.recharge.ledger.end()}</span>
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
    </div>
  );
}
