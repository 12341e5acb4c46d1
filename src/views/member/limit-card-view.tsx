// The member's limit cards (/member/limit-card): name, uses left of the total, validity, the products a use
// pays for and the card's state, usable cards first; and their uses (/member/limit-card-history): one row
// per change with its order number and date, filtered by card or product, paged.
import type { LimitCardEntry, LimitCardView as Card } from '../../domain/api/limit-card';
import { formatDateTime } from '../../i18n/date-time';
import { useI18nContext } from '../../i18n/i18n-context';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { LedgerFrame, type LedgerListProps } from './ledger-view';
import styles from './limit-card.module.css';
import recharge from './recharge-styles.module.css';

export interface LimitCardListViewProps {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  cards: readonly Card[];
  historyHref: (cardId: number) => string;
  topUpHref: string;
}

export function LimitCardListView(props: LimitCardListViewProps) {
  const { LL } = useI18nContext();
  if (props.failed) return <ErrorView onRetry={props.onRetry} />;
  if (props.loading)
    return (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    );
  if (props.cards.length === 0)
    return (
      <EmptyState
        title={LL.limitCard.empty()}
        description={LL.limitCard.emptyHint()}
        action={<a href={props.topUpHref}>{LL.limitCard.topUp()}</a>}
      />
    );
  return (
    <ul className={styles.cards} aria-label={LL.limitCard.title()} data-testid="limit-cards">
      {props.cards.map((card) => (
        <li key={card.id} className={styles.card} data-state={card.state} data-testid="limit-card">
          <div className={styles.cardHead}>
            <h2 className={styles.cardName}>{card.name}</h2>
            <span className={styles.stateTag} data-testid="limit-card-state">
              {LL.limitCard.state[card.state]()}
            </span>
          </div>
          <p className={styles.uses} data-testid="limit-card-uses">
            {LL.limitCard.remaining({ remaining: card.remainingUses, total: card.totalUses })}
          </p>
          <progress
            className={styles.meter}
            max={card.totalUses}
            value={card.remainingUses}
            aria-hidden="true"
          />
          <p className={styles.meta}>{validity(LL, card)}</p>
          <p className={styles.meta}>
            {card.products.length > 0
              ? LL.limitCard.covers({ products: card.products.map((p) => p.name).join(' · ') })
              : LL.limitCard.coversUnknown()}
          </p>
          <a className={styles.cardLink} href={props.historyHref(card.id)}>
            {LL.limitCard.history()} ›
          </a>
        </li>
      ))}
    </ul>
  );
}

function validity(LL: ReturnType<typeof useI18nContext>['LL'], card: Card): string {
  if (card.state === 'notYetValid') return LL.limitCard.validFrom({ date: card.validFrom });
  return card.validTo ? LL.limitCard.validUntil({ date: card.validTo }) : LL.limitCard.noEnd();
}

export interface HistoryFilter {
  key: string;
  label: string;
  href: string;
  current: boolean;
}

export function LimitCardHistoryView(
  props: LedgerListProps & { rows: readonly LimitCardEntry[]; filters: readonly HistoryFilter[] },
) {
  const { LL, locale } = useI18nContext();
  return (
    <>
      {props.filters.length > 1 && (
        <nav aria-label={LL.limitCard.filterLabel()}>
          <ul className={styles.filters}>
            {props.filters.map((f) => (
              <li key={f.key}>
                <a className={styles.chip} href={f.href} aria-current={f.current ? 'true' : undefined}>
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <LedgerFrame
        {...props}
        count={props.rows.length}
        label={LL.limitCard.historyTitle()}
        empty={
          <EmptyState title={LL.limitCard.historyEmpty()} description={LL.limitCard.historyEmptyHint()} />
        }
      >
        {props.rows.map((row) => (
          <li key={row.id} className={recharge.row} data-testid="limit-card-entry" data-kind={row.kind}>
            <p className={recharge.rowKind}>
              {LL.limitCard.kind[row.kind]()} · {row.cardName}
            </p>
            <p className={`${recharge.rowDelta} ${row.usesDelta > 0 ? recharge.plus : recharge.minus}`}>
              {row.usesDelta > 0 ? '+' : '−'}
              {LL.limitCard.uses({ uses: Math.abs(row.usesDelta) })}
            </p>
            <p className={recharge.rowMeta}>
              {row.orderNo
                ? LL.limitCard.order({ orderNo: row.orderNo })
                : row.kind === 'orderUse'
                  ? LL.limitCard.atCounter()
                  : ''}
              {row.products.length > 0 &&
                ` · ${row.products.map((p) => `${p.name} × ${p.quantity}`).join(', ')}`}
              {row.orderNo || row.kind === 'orderUse' || row.products.length > 0 ? ' · ' : ''}
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
            </p>
            <p className={recharge.rowMetaEnd}>{LL.limitCard.after({ remaining: row.remainingAfter })}</p>
          </li>
        ))}
      </LedgerFrame>
    </>
  );
}
