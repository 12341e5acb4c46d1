// An appointment with its actions, on the orders tab and on its order's page: the card, its cancel flow
// (asked, confirmed, refused with the reason, or done with where the money went), and the links to move or
// pay it.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AppointmentInfo, BeautyCancelInfo } from '../../../domain/api/beauty';
import * as select from '../../../machines/appointment/appointment-cancel.selectors';
import { AppointmentCard, CancelAppointmentDialog } from '../../../views/appointment/appointment-card';
import type { AppointmentTexts } from '../../../views/appointment/appointment-text';
import { useOrderPrice } from '../../../views/order/status-badge';
import { useToast } from '../../../views/ui/toast';
import { appointmentCancelFlow } from '../../flows/appointment-cancel';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { useLatest } from '../../use-latest';

export function ManagedAppointment({
  T,
  appointment,
  onChanged,
  linkToOrder,
  level,
}: {
  T: AppointmentTexts;
  appointment: AppointmentInfo;
  /** The appointment was cancelled (or found unchangeable): the page reads it again. */
  onChanged: () => void;
  linkToOrder: boolean;
  level: 2 | 3;
}) {
  const navigation = useAppNavigation();
  const toast = useToast();
  const price = useOrderPrice();
  const changed = useLatest({ onChanged, T, price });
  const actor = useFlow(
    appointmentCancelFlow,
    () => ({ input: { appointment } }),
    (flow) => [
      flow.on('appointment.cancelled', ({ result }) => {
        const { T: texts, price: format } = changed.current;
        toast.show(
          refundText(texts, result, (amount) => format(result.appointment, amount)),
          { durationMs: 3000 },
        );
        changed.current.onChanged();
      }),
    ],
  );
  // A newer read of the appointment (the list refreshed) reaches the flow.
  useEffect(() => {
    actor?.send({ type: 'cancel.update', appointment });
  }, [actor, appointment]);
  const current = useSelector(actor ?? undefined, (s) => (s ? select.selectAppointment(s) : appointment));
  const confirming = useSelector(actor ?? undefined, (s) => (s ? select.selectIsConfirming(s) : false));
  const busy = useSelector(actor ?? undefined, (s) => (s ? select.selectIsCancelling(s) : false));
  const canCancel = useSelector(actor ?? undefined, (s) => (s ? select.selectCanCancel(s) : false));
  const refusal = useSelector(actor ?? undefined, (s) => (s ? select.selectRefusal(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? select.selectError(s) : null));
  const format = (amount: number) => price(current, amount);
  return (
    <>
      <AppointmentCard
        T={T}
        appointment={current}
        format={format}
        orderHref={linkToOrder ? navigation.href('/pages/user/order/detail', { id: current.orderId }) : null}
        rescheduleHref={navigation.href('/order/select-service-user', { reschedule: current.id })}
        payHref={linkToOrder ? navigation.href('/pages/user/order/detail', { id: current.orderId }) : null}
        canCancel={canCancel}
        onCancel={() => actor?.send({ type: 'cancel.ask' })}
        level={level}
      />
      <CancelAppointmentDialog
        T={T}
        appointment={current}
        format={format}
        open={confirming || refusal !== null}
        busy={busy}
        error={error}
        refusal={
          refusal
            ? refusal.reason === 'changeWindowClosed'
              ? T.manage.error.changeWindowClosed({
                  hours: refusal.freeChangeHours ?? current.freeChangeHours,
                })
              : refusal.reason === 'appointmentNotFound'
                ? T.manage.error.appointmentNotFound()
                : T.manage.error.notChangeable()
            : null
        }
        onKeep={() => actor?.send({ type: 'cancel.keep' })}
        onConfirm={() => actor?.send({ type: 'cancel.confirm' })}
        onDismiss={() => {
          actor?.send({ type: 'cancel.dismiss' });
          onChanged();
        }}
      />
    </>
  );
}

function refundText(T: AppointmentTexts, result: BeautyCancelInfo, format: (amount: number) => string) {
  const { amount, to } = result.refund;
  if (amount > 0 && to === 'memberCard')
    return `${T.manage.cancelled()} ${T.manage.refundedCard({ amount: format(amount) })}`;
  if (amount > 0 && to === 'gateway')
    return `${T.manage.cancelled()} ${T.manage.refundedGateway({ amount: format(amount) })}`;
  return T.manage.cancelled();
}
