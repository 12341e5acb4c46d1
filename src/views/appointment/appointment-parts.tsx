// Parts of the appointment pages: the message when a time was taken or a hold lapsed with the free times it
// offers, the appointment being booked on the confirm page, the countdown of the time held, and the person
// coming when the customer books for someone else.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { FreeTime } from '../../domain/api/beauty';
import { useI18nContext } from '../../i18n/i18n-context';
import { unpaidCountdownMachine } from '../../machines/order/unpaid-countdown.machine';
import { selectClockText } from '../../machines/order/unpaid-countdown.selectors';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { useInspection } from '../ui/inspection';
import { CheckField, TextField, type ConfirmFieldError } from '../order/form-fields';
import { addDays, weekdayShort, type AppointmentTexts } from './appointment-text';

/** An offered day, short enough for three offers in a row: today, tomorrow, or the weekday. */
function offerDay(T: AppointmentTexts, date: string, today: string | null, locale: string): string {
  if (today !== null && date === today) return T.select.today();
  if (today !== null && date === addDays(today, 1)) return T.select.tomorrow();
  return weekdayShort(date, locale);
}
import styles from './appointment.module.css';

/** A message that asks for another time, with the free times it offers and the way back to every time. */
export function AppointmentAlert(props: {
  T: AppointmentTexts;
  title: string;
  text?: string | null;
  offers?: readonly FreeTime[];
  /** The shop's today, to name the offered days. */
  today: string | null;
  finding?: boolean;
  onOffer?: (time: FreeTime) => void;
  action?: ReactNode;
  /** Inside a section of the page (the confirm form) rather than between its blocks. */
  inline?: boolean;
}) {
  const { locale } = useI18nContext();
  const { T } = props;
  const ref = useRef<HTMLDivElement>(null);
  // The message replaces what the customer was looking at: their place moves to it.
  useEffect(() => {
    ref.current?.focus();
  }, [props.title]);
  return (
    <div
      className={props.inline ? `${styles.alert} ${styles.alertInline}` : styles.alert}
      role="alert"
      tabIndex={-1}
      ref={ref}
      data-testid="appointment-alert"
    >
      <p className={styles.alertTitle}>{props.title}</p>
      {props.text && <p className={styles.alertText}>{props.text}</p>}
      {props.finding && <p className={styles.alertText}>{T.confirm.findingFreeTimes()}</p>}
      {props.offers && props.offers.length > 0 && (
        <ul className={styles.offers} aria-label={T.select.freeTimes()}>
          {props.offers.map((t) => (
            <li key={`${t.date} ${t.time}`}>
              <button
                type="button"
                className={styles.offer}
                onClick={() => props.onOffer?.(t)}
                data-offer={t.time}
              >
                {offerDay(T, t.date, props.today, locale)} {t.time}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.action}
    </div>
  );
}

export interface BookingCardProps {
  T: AppointmentTexts;
  service: { name: string; image: string };
  technician: { name: string; tagName: string; headImage: string; assigned: boolean } | null;
  /** "Friday 20 November, 14:30–15:45", or null while no time is held. */
  when: string | null;
  minutes: number | null;
  onChange: () => void;
  /** The hold's state, under the time: holding, held with its countdown, or nothing. */
  hold: ReactNode;
}

/** The appointment on the confirm page: the service, who does it, when, and how long the time is held. */
export function BookingCard(props: BookingCardProps) {
  const { T } = props;
  return (
    <div className={styles.card} data-testid="booking-card">
      <div className={styles.row}>
        <img className={styles.rowAvatar} src={props.service.image} alt="" width={40} height={40} />
        <div className={styles.rowText}>
          <span className={styles.rowLabel}>{T.confirm.service()}</span>
          <span className={styles.rowValue} data-testid="booking-service">
            {props.service.name}
            {props.minutes !== null && (
              <span className={styles.muted}> · {T.confirm.minutes({ count: props.minutes })}</span>
            )}
          </span>
        </div>
      </div>
      {props.technician && (
        <div className={styles.row}>
          <img className={styles.rowAvatar} src={props.technician.headImage} alt="" width={40} height={40} />
          <div className={styles.rowText}>
            <span className={styles.rowLabel}>{T.confirm.technician()}</span>
            <span className={styles.rowValue} data-testid="booking-technician">
              {props.technician.name}
              <span className={styles.muted}>
                {' · '}
                {props.technician.assigned ? T.confirm.assigned() : props.technician.tagName}
              </span>
            </span>
          </div>
        </div>
      )}
      <div className={styles.row}>
        <span className={styles.rowIcon}>
          <Icon name="calendar" size={1.25} />
        </span>
        <div className={styles.rowText}>
          <span className={styles.rowLabel}>{T.confirm.time()}</span>
          <span className={styles.rowValue} data-testid="booking-when">
            {props.when ?? '—'}
          </span>
        </div>
        <Button variant="ghost" size="small" onClick={props.onChange} className={styles.link}>
          {T.confirm.change()}
        </Button>
      </div>
      {props.hold}
    </div>
  );
}

const browserClock = () => new Date();

/** "This time is held for you · 19:42": mm:ss to the hold's deadline on the server's clock. */
export function HoldCountdown({
  T,
  deadline,
  offsetMs,
}: {
  T: AppointmentTexts;
  deadline: string;
  offsetMs: number;
}) {
  const actor = useActorRef(unpaidCountdownMachine, {
    input: { deadlineAt: deadline, offsetMs, clock: browserClock },
    ...useInspection(),
  });
  const text = useSelector(actor, selectClockText);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'countdown.sync', deadlineAt: deadline, offsetMs });
  }, [actor, deadline, offsetMs]);
  return (
    <div className={styles.hold} data-testid="hold">
      <Icon name="clock" size={1.25} />
      <span className={styles.holdText}>{T.confirm.held()}</span>
      {/* Not a live region: a screen reader would read it out every second. */}
      <span className={styles.holdClock}>
        <span className="visually-hidden">{T.confirm.holdLeft()} </span>
        <span data-testid="hold-countdown">{text}</span>
      </span>
    </div>
  );
}

export function HoldPending({ T }: { T: AppointmentTexts }) {
  return (
    <div className={`${styles.hold} ${styles.holding}`} role="status" data-testid="holding">
      <Icon name="clock" size={1.25} />
      <span className={styles.holdText}>{T.confirm.holding()}</span>
    </div>
  );
}

/** Booking for someone else: their name and phone (spec §3 beautyUserName, beautyUserPhone). */
export function BeautyUserFields(props: {
  T: AppointmentTexts;
  forSomeoneElse: boolean;
  name: string;
  phone: string;
  onChange: (change: { forSomeoneElse?: boolean; name?: string; phone?: string }) => void;
  error: ConfirmFieldError | null;
}) {
  const { T } = props;
  return (
    <>
      <CheckField
        id="field-forSomeoneElse"
        label={T.confirm.forSomeoneElse()}
        checked={props.forSomeoneElse}
        onChange={(forSomeoneElse) => props.onChange({ forSomeoneElse })}
      />
      {props.forSomeoneElse && (
        <>
          <TextField
            field="beautyUserName"
            label={T.confirm.beautyUserName()}
            value={props.name}
            autoComplete="off"
            onChange={(name) => props.onChange({ name })}
            error={props.error}
          />
          <TextField
            field="beautyUserPhone"
            label={T.confirm.beautyUserPhone()}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={props.phone}
            onChange={(phone) => props.onChange({ phone })}
            error={props.error}
          />
        </>
      )}
    </>
  );
}
