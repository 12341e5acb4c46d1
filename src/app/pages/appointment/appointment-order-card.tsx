// An appointment order on /order/success: the booking (service, technician, when) where a takeaway shows the
// counter's number of the day, then the price.
import type { OrderDetail } from '../../../domain/api/order';
import { useI18nContext } from '../../../i18n/i18n-context';
import { dayLong, useAppointmentTexts } from '../../../views/appointment/appointment-text';
import styles from '../../../views/appointment/appointment.module.css';
import { OrderCard } from '../../../views/order/order-success-view';

export default function AppointmentOrderCard({ order }: { order: OrderDetail }) {
  const T = useAppointmentTexts();
  const { locale } = useI18nContext();
  const a = order.appointment;
  if (!a || !T || T === 'failed') return <OrderCard order={order} placedMark={false} />;
  return (
    <OrderCard
      order={order}
      placedMark={false}
      linesTitle={T.confirm.linesTitle()}
      head={
        <div
          className={styles.card}
          style={{ width: '100%', textAlign: 'left' }}
          data-testid="booked-appointment"
        >
          <p className={styles.appointmentWhen}>
            {dayLong(a.date, locale)} · {a.time}–{a.endTime}
          </p>
          <div className={styles.row}>
            <img className={styles.rowAvatar} src={a.serviceUser.headImage} alt="" width={40} height={40} />
            <div className={styles.rowText}>
              <span className={styles.rowValue}>{a.service.name}</span>
              <span className={styles.muted}>
                {a.serviceUser.userName} · {T.confirm.minutes({ count: a.duration })} · {T.status[a.status]()}
              </span>
            </div>
          </div>
          <p className={styles.freeChange}>{T.confirm.freeChange({ hours: a.freeChangeHours })}</p>
        </div>
      }
    />
  );
}
