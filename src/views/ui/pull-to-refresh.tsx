// Pull-down refresh (spec §2: pulling, reached, aborting, refreshing, restoring), driven by the
// pullToRefresh flow: this view only turns touches into events and draws the flow's state.
import { useSelector } from '@xstate/react';
import { useRef, type ReactNode, type TouchEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pullToRefreshMachine } from '../../machines/shared/pull-to-refresh.machine';
import {
  selectDistance,
  selectProgress,
  selectPullState,
} from '../../machines/shared/pull-to-refresh.selectors';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from './icons';
import styles from './pull-to-refresh.module.css';

export interface PullToRefreshProps {
  actor: ActorRefFrom<typeof pullToRefreshMachine>;
  children: ReactNode;
}

export function PullToRefresh({ actor, children }: PullToRefreshProps) {
  const { LL } = useI18nContext();
  const state = useSelector(actor, selectPullState);
  const distance = useSelector(actor, selectDistance);
  const progress = useSelector(actor, selectProgress);
  const tracking = useRef(false);

  const onTouchStart = (event: TouchEvent) => {
    // Only a pull that starts at the very top of the page refreshes; elsewhere the finger scrolls.
    if (window.scrollY > 0 || event.touches.length !== 1) return;
    tracking.current = true;
    actor.send({ type: 'pull.start', y: event.touches[0]!.clientY });
  };
  const onTouchMove = (event: TouchEvent) => {
    if (!tracking.current) return;
    actor.send({ type: 'pull.move', y: event.touches[0]!.clientY });
  };
  const onTouchEnd = () => {
    if (!tracking.current) return;
    tracking.current = false;
    actor.send({ type: 'pull.end' });
  };

  const label =
    state === 'reached'
      ? LL.pull.reached()
      : state === 'refreshing'
        ? LL.pull.refreshing()
        : state === 'restoring'
          ? LL.pull.restoring()
          : LL.pull.pulling();
  const moving = state === 'pulling' || state === 'reached';
  // Aborting and restoring fold the indicator away; the end of that animation settles the flow.
  const collapsing = state === 'aborting' || state === 'restoring';

  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div
        className={moving ? styles.indicator : `${styles.indicator} ${styles.settling}`}
        style={{ height: `${collapsing ? 0 : distance}px` }}
        aria-hidden={state === 'idle'}
        onTransitionEnd={() => {
          if (collapsing) actor.send({ type: 'pull.settled' });
        }}
      >
        {state !== 'idle' && (
          <span className={styles.label} role="status">
            <Icon
              name="refresh"
              size={1}
              className={state === 'refreshing' ? styles.spin : undefined}
              style={{ transform: `rotate(${progress * 270}deg)` }}
            />
            {label}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
