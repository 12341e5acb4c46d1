// The customer's next appointment at this shop, above its services: a link to the appointment, so it is
// one tap away from where they book. A read that fails shows nothing; the orders tab lists them all.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { BeautyAppointmentsInfo } from '../../../domain/api/beauty';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData } from '../../../machines/shared/resource.selectors';
import { beautyApi } from '../../../services/api/beauty';
import { relativeDay, type AppointmentTexts } from '../../../views/appointment/appointment-text';
import styles from '../../../views/appointment/appointment.module.css';
import { Icon } from '../../../views/ui/icons';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';

const nextAppointment = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown>(() =>
      beautyApi.appointments({ scope: 'upcoming', pageLimit: 1, thisShopOnly: true }, { toast: false }),
    ),
  },
});

export function UpcomingAppointmentLink({ T }: { T: AppointmentTexts }) {
  const { locale } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(nextAppointment, () => ({ input: { params: {} } }));
  const next = useSelector(actor ?? undefined, (s) =>
    s ? (selectData<BeautyAppointmentsInfo>(s)?.list[0] ?? null) : null,
  );
  if (!next) return null;
  return (
    <a
      className={styles.upcoming}
      href={navigation.href('/pages/user/order/detail', { id: next.orderId })}
      data-testid="next-appointment"
    >
      <Icon name="calendar" size={1.25} />
      <span className={styles.upcomingText}>
        <span className={styles.upcomingLabel}>{T.tab.upcoming()}</span>
        <span className={styles.upcomingWhen}>
          {T.tab.upcomingAt({
            when: `${relativeDay(T, next.date, null, locale)} ${next.time}`,
            name: next.service.name,
          })}
        </span>
      </span>
      <Icon name="chevron" size={1} />
    </a>
  );
}
