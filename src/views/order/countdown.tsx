// The unpaid order's countdown (spec §4): mm:ss until the server's pay deadline, driven by the
// unpaidCountdown flow. Used on the order detail and the confirm page; the page hears when time is up.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { unpaidCountdownMachine } from '../../machines/order/unpaid-countdown.machine';
import { selectClockText, selectIsExpired } from '../../machines/order/unpaid-countdown.selectors';
import { useInspection } from '../ui/inspection';
import { useOrdersTexts } from './status-text';
import styles from './countdown.module.css';

export interface UnpaidCountdownProps {
  /** The order's payDeadlineAt (ISO 8601). */
  deadline: string;
  /** Server time minus browser time, ms, when known. */
  offsetMs?: number;
  /** Time is up: the page reads the order again (the server has cancelled it). */
  onExpired?: () => void;
  clock?: () => Date;
}

const browserClock = () => new Date();

export function UnpaidCountdown({
  deadline,
  offsetMs,
  onExpired,
  clock = browserClock,
}: UnpaidCountdownProps) {
  const T = useOrdersTexts();
  const actor = useActorRef(unpaidCountdownMachine, {
    input: { deadlineAt: deadline, offsetMs, clock },
    ...useInspection(),
  });
  const text = useSelector(actor, selectClockText);
  const expired = useSelector(actor, selectIsExpired);

  const expiredRef = useRef(onExpired);
  useEffect(() => {
    expiredRef.current = onExpired;
  });
  useEffect(() => {
    const sub = actor.on('countdown.expired', () => expiredRef.current?.());
    return () => sub.unsubscribe();
  }, [actor]);

  // A hidden tab stops ticking; coming back reads the clock again (and may find the time up).
  useEffect(() => {
    const onVisibility = () =>
      actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'countdown.sync', deadlineAt: deadline, offsetMs });
  }, [actor, deadline, offsetMs]);

  const texts = T && T !== 'failed' ? T : null;
  if (expired)
    return (
      <span className={`${styles.countdown} ${styles.expired}`} role="status" data-testid="countdown-expired">
        {texts?.countdown.expired()}
      </span>
    );
  return (
    <span className={styles.countdown}>
      {texts && <span>{texts.countdown.label()}</span>}
      {/* Not a live region: a screen reader would read it out every second. */}
      <span className={styles.clock} data-testid="countdown">
        {text}
      </span>
    </span>
  );
}
