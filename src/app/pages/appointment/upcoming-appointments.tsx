// The orders tab of a beauty shop (issue 16): the customer's upcoming appointments here, soonest first, each
// with its status and what may be done now (pay, reschedule, cancel inside the shop's window, or why not),
// above the orders. Read again whenever the list is (a pull, a tab tap, a live change).
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { BeautyAppointmentsInfo } from '../../../domain/api/beauty';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { beautyApi } from '../../../services/api/beauty';
import { useAppointmentTexts } from '../../../views/appointment/appointment-text';
import styles from '../../../views/appointment/appointment.module.css';
import { useFlow } from '../../use-flow';
import { ManagedAppointment } from './managed-appointment';

const upcoming = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown>(() =>
      beautyApi.appointments({ scope: 'upcoming', thisShopOnly: true, pageLimit: 20 }, { toast: false }),
    ),
  },
});

export default function UpcomingAppointments({
  version,
  onChanged,
}: {
  version: number;
  /** An appointment was cancelled here: the orders below are read again too. */
  onChanged: () => void;
}) {
  const T = useAppointmentTexts();
  const actor = useFlow(upcoming, () => ({ input: { params: {} } }));
  const first = useRef(version);
  useEffect(() => {
    if (version === first.current) return;
    actor?.send({ type: 'resource.reload' });
  }, [actor, version]);
  const list = useSelector(actor ?? undefined, (s) =>
    s ? (selectData<BeautyAppointmentsInfo>(s)?.list ?? []) : [],
  );
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  // The orders below still show every appointment; a failed read of this summary adds no second error.
  if (!T || T === 'failed' || failed || list.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-appointments" data-testid="upcoming-appointments">
      <h2 id="upcoming-appointments" className={styles.sectionTitle}>
        {T.manage.upcomingTitle()}
      </h2>
      <ul className={styles.upcomingList}>
        {list.map((appointment) => (
          <li key={appointment.id}>
            <ManagedAppointment
              T={T}
              appointment={appointment}
              linkToOrder
              level={3}
              onChanged={() => {
                actor?.send({ type: 'resource.reload' });
                onChanged();
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
