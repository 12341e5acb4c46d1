// /pages/user/coupon/times-red-bag (spec §3 "Times red bag info"): each order red bag with how many paid
// orders count toward its reward, a bar, the reward and, when it is earned, the control to take it.
import type { ReactNode } from 'react';
import type { TimesRedBag } from '../../domain/api/activity';
import { useI18nContext } from '../../i18n/i18n-context';
import { isEnded, isRewardReady, timesProgress } from '../../machines/coupon/times-red-bag.selectors';
import { LinkButton } from '../ui/button';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import styles from './red-bag.module.css';

export interface TimesRedBagViewProps {
  status: 'guest' | 'loading' | 'failed' | 'ready';
  bags: readonly TimesRedBag[];
  error: string | null;
  onRetry: () => void;
  loginHref: string;
  /** The reward control of a bag whose reward is ready (status 2). */
  take: (bag: TimesRedBag) => ReactNode;
}

export function TimesRedBagView(props: TimesRedBagViewProps) {
  const { LL } = useI18nContext();
  if (props.status === 'guest')
    return (
      <EmptyState
        title={LL.redBag.times.login()}
        action={<LinkButton href={props.loginHref}>{LL.redBag.signIn.action()}</LinkButton>}
      />
    );
  if (props.status === 'failed')
    return <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  if (props.status === 'loading')
    return (
      <SkeletonRegion label={LL.app.loading()}>
        <div className={styles.stack}>
          <CardSkeleton />
          <CardSkeleton />
        </div>
      </SkeletonRegion>
    );
  if (props.bags.length === 0)
    return <EmptyState title={LL.redBag.times.empty()} description={LL.redBag.times.emptyHint()} />;
  return (
    <ul className={`${styles.stack} ${styles.list}`} data-testid="times-red-bags">
      {props.bags.map((bag) => {
        const progress = timesProgress(bag);
        const ended = isEnded(bag);
        const ready = isRewardReady(bag);
        const nameId = `times-${bag.id}`;
        return (
          <li key={bag.id} className={styles.timesCard} aria-labelledby={nameId} data-testid="times-red-bag">
            <div className={styles.timesHead}>
              <h2 id={nameId} className={styles.timesName}>
                {bag.name}
              </h2>
              {(ended || ready) && (
                <span className={ended ? `${styles.badge} ${styles.badgeMuted}` : styles.badge}>
                  {ended ? LL.redBag.times.ended() : LL.redBag.times.ready()}
                </span>
              )}
            </div>
            <p className={styles.muted} style={{ margin: 0 }}>
              {LL.redBag.times.reward({ name: bag.reward.name })} · {bag.reward.rules.threshold}
            </p>
            <div
              className={styles.meter}
              role="progressbar"
              aria-labelledby={nameId}
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.done}
              aria-valuetext={LL.redBag.times.progress({ done: progress.done, total: progress.total })}
            >
              <span style={{ width: `${progress.percent}%` }} />
            </div>
            <div className={styles.row}>
              <span data-testid="times-progress">
                {LL.redBag.times.progress({ done: progress.done, total: progress.total })}
              </span>
              {!ended && !ready && progress.toGo > 0 && (
                <span className={styles.muted}>{LL.redBag.times.toGo({ count: progress.toGo })}</span>
              )}
            </div>
            {(bag.startDate || bag.endDate) && (
              <span className={styles.muted}>
                {LL.redBag.times.dates({ start: bag.startDate ?? '', end: bag.endDate ?? '' })}
              </span>
            )}
            {bag.rewardsTaken > 0 && (
              <span className={styles.muted}>{LL.redBag.times.taken({ count: bag.rewardsTaken })}</span>
            )}
            {ready && props.take(bag)}
          </li>
        );
      })}
    </ul>
  );
}

export interface TakeRewardProps {
  status: 'idle' | 'taking' | 'taken' | 'failed';
  error: string | null;
  onTake: () => void;
  couponsHref: string;
}

/** "Take your reward", then "View in my coupons". */
export function TakeReward({ status, error, onTake, couponsHref }: TakeRewardProps) {
  const { LL } = useI18nContext();
  if (status === 'taken')
    return (
      <div className={styles.actions}>
        <p className={styles.success} role="status">
          {LL.redBag.times.tookOne()}
        </p>
        <LinkButton variant="secondary" block href={couponsHref}>
          {LL.redBag.times.viewCoupons()}
        </LinkButton>
      </div>
    );
  return (
    <div className={styles.actions}>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className={styles.takeButton}
        onClick={onTake}
        disabled={status === 'taking'}
        aria-busy={status === 'taking' || undefined}
        data-testid="times-take"
      >
        {LL.redBag.times.take()}
      </button>
    </div>
  );
}
