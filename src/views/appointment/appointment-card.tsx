// One appointment as the orders tab and its order's page show it (issue 16): when, what, with whom and who
// comes, its status, and what the customer may do now: pay, reschedule or cancel inside the shop's window,
// and after it the reason why not. Cancelling asks first, saying what becomes of the time and the money.
import type { AppointmentInfo } from '../../domain/api/beauty';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { dayLabel, dayLong, type AppointmentTexts } from './appointment-text';
import styles from './appointment.module.css';

export interface AppointmentCardProps {
  T: AppointmentTexts;
  appointment: AppointmentInfo;
  /** Money as the order's currency shows it. */
  format: (amount: number) => string;
  /** The order's page (the card on the orders tab links to it). */
  orderHref: string | null;
  rescheduleHref: string | null;
  payHref: string | null;
  canCancel: boolean;
  onCancel: () => void;
  /** Heading level of the card's date: 2 on its own page, 3 in the orders tab's list. */
  level: 2 | 3;
}

const QUIET: readonly AppointmentInfo['status'][] = ['completed', 'noShow', 'cancelled'];

export function AppointmentCard(props: AppointmentCardProps) {
  const { T, appointment: a } = props;
  const { locale } = useI18nContext();
  const Heading = props.level === 2 ? 'h2' : 'h3';
  const blocked =
    a.actions.blockedBy === 'changeWindowClosed'
      ? T.manage.blocked.changeWindowClosed({ hours: a.freeChangeHours })
      : a.actions.blockedBy === 'notChangeable' && !QUIET.includes(a.status)
        ? T.manage.blocked.notChangeable()
        : null;
  return (
    <article
      className={styles.appointment}
      data-appointment-id={a.id}
      aria-labelledby={`appointment-${a.id}`}
    >
      <div className={styles.appointmentHead}>
        <Heading id={`appointment-${a.id}`} className={styles.appointmentWhen}>
          {props.orderHref ? (
            <a className={styles.whenLink} href={props.orderHref}>
              {dayLabel(a.date, locale)} · {a.time}–{a.endTime}
              <span className="visually-hidden"> {T.manage.view({ orderNo: a.orderNo })}</span>
            </a>
          ) : (
            `${dayLong(a.date, locale)} · ${a.time}–${a.endTime}`
          )}
        </Heading>
        <span
          className={QUIET.includes(a.status) ? `${styles.status} ${styles.statusQuiet}` : styles.status}
          data-testid="appointment-status"
        >
          {T.status[a.status]()}
        </span>
      </div>
      <div className={styles.row}>
        <img className={styles.rowAvatar} src={a.serviceUser.headImage} alt="" width={40} height={40} />
        <div className={styles.rowText}>
          <span className={styles.rowValue}>{a.service.name}</span>
          <span className={styles.muted}>
            {a.serviceUser.userName} · {T.confirm.minutes({ count: a.duration })} · {props.format(a.total)}
          </span>
          {a.beautyUserName && (
            <span className={styles.muted}>
              {T.manage.who()}: {a.beautyUserName} {a.beautyUserPhone}
            </span>
          )}
        </div>
      </div>
      {a.merchantReason && (
        <p className={styles.blocked}>{T.manage.reasonFromShop({ reason: a.merchantReason })}</p>
      )}
      {blocked && (
        <p className={styles.blocked} data-testid="appointment-blocked">
          {blocked}
        </p>
      )}
      <div className={styles.actions}>
        {props.canCancel && (
          <Button variant="secondary" size="small" onClick={props.onCancel}>
            {T.manage.cancel()}
          </Button>
        )}
        {props.rescheduleHref && a.actions.reschedule && (
          <LinkButton variant="secondary" size="small" href={props.rescheduleHref}>
            {T.manage.reschedule()}
          </LinkButton>
        )}
        {props.payHref && a.actions.pay && (
          <LinkButton size="small" href={props.payHref}>
            {T.manage.pay()}
          </LinkButton>
        )}
      </div>
    </article>
  );
}

/** "Cancel this appointment?": what becomes of the time and of the money paid, then keep or cancel. */
export function CancelAppointmentDialog(props: {
  T: AppointmentTexts;
  appointment: AppointmentInfo;
  format: (amount: number) => string;
  open: boolean;
  busy: boolean;
  /** No answer came to the last try (request-layer text). */
  error: string | null;
  /** Why the shop's rules refused it (the window closed since the page was read): nothing changed. */
  refusal: string | null;
  onKeep: () => void;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { T, appointment: a } = props;
  const { LL, locale } = useI18nContext();
  if (props.refusal)
    return (
      <Dialog
        open={props.open}
        onClose={props.onDismiss}
        title={T.manage.cancelTitle()}
        footer={<Button onClick={props.onDismiss}>{LL.app.ok()}</Button>}
      >
        <p role="alert" data-testid="cancel-refused">
          {props.refusal}
        </p>
      </Dialog>
    );
  return (
    <Dialog
      open={props.open}
      onClose={props.onKeep}
      title={T.manage.cancelTitle()}
      footer={
        <>
          <Button variant="secondary" onClick={props.onKeep} disabled={props.busy}>
            {T.manage.keep()}
          </Button>
          <Button onClick={props.onConfirm} disabled={props.busy} busy={props.busy}>
            {props.busy ? T.manage.cancelling() : T.manage.cancelConfirm()}
          </Button>
        </>
      }
    >
      <p>{T.manage.cancelBody({ when: `${dayLong(a.date, locale)} ${a.time}` })}</p>
      {a.paid && a.total > 0 && <p>{T.manage.cancelRefund({ amount: props.format(a.total) })}</p>}
      {props.error && (
        <p role="alert" className={styles.blocked}>
          {errorText(LL, props.error)}
        </p>
      )}
    </Dialog>
  );
}
