// /pages/user/coupon/list: the customer's coupons under three tabs (usable, used, expired), each card with
// its rules and why it cannot be used today; an empty tab leads to the shop's offers.
import { useId, useRef, type KeyboardEvent } from 'react';
import type { WalletCard, WalletTab } from '../../machines/coupon/coupon-wallet.rules';
import { useI18nContext } from '../../i18n/i18n-context';
import { LinkButton } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { CouponCard } from './coupon-card';
import styles from './coupons.module.css';

export interface WalletViewProps {
  tabs: readonly WalletTab[];
  tab: WalletTab;
  onTab: (tab: WalletTab) => void;
  cards: readonly WalletCard[] | null;
  loading: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  offersHref: string;
  detailHref: (id: number) => string;
}

export function WalletView(props: WalletViewProps) {
  const { LL } = useI18nContext();
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const label: Record<WalletTab, string> = {
    usable: LL.coupons.list.usable(),
    used: LL.coupons.list.used(),
    expired: LL.coupons.list.expired(),
  };
  const empty: Record<WalletTab, string> = {
    usable: LL.coupons.list.emptyUsable(),
    used: LL.coupons.list.emptyUsed(),
    expired: LL.coupons.list.emptyExpired(),
  };
  // Arrow keys move between tabs, as a tab list does.
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + props.tabs.length) % props.tabs.length;
    props.onTab(props.tabs[next]!);
    tabRefs.current[next]?.focus();
  };
  let content;
  if (props.failed) content = <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  else if (props.loading || !props.cards)
    content = (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    );
  else if (props.cards.length === 0)
    content = (
      <EmptyState
        title={empty[props.tab]}
        description={LL.coupons.list.emptyHint()}
        action={<LinkButton href={props.offersHref}>{LL.coupons.list.seeOffers()}</LinkButton>}
      />
    );
  else
    content = (
      <ul className={styles.cards}>
        {props.cards.map(({ coupon, reserved, notToday }) => {
          const notes: string[] = [];
          if (reserved) notes.push(LL.coupons.list.reserved());
          if (notToday) notes.push(LL.coupons.reason.date());
          if (coupon.usedAt) notes.push(LL.coupons.list.usedAt({ date: coupon.usedAt.slice(0, 10) }));
          return (
            <li key={coupon.id}>
              <CouponCard
                name={coupon.name}
                rules={coupon.rules}
                spent={props.tab !== 'usable'}
                notes={notes}
                href={props.detailHref(coupon.id)}
              />
            </li>
          );
        })}
      </ul>
    );
  return (
    <Page head={<PageHead title={LL.coupons.list.title()} />}>
      <div className={styles.tabs} role="tablist" aria-label={LL.coupons.list.tabs()}>
        {props.tabs.map((tab, index) => (
          <button
            key={tab}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab}`}
            aria-selected={tab === props.tab}
            aria-controls={`${id}-panel`}
            tabIndex={tab === props.tab ? 0 : -1}
            className={styles.tab}
            onClick={() => props.onTab(tab)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {label[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${props.tab}`}>
        {content}
      </div>
    </Page>
  );
}
