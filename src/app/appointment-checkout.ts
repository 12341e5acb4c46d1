// The confirm page of an appointment runs two flows side by side: the appointment flow keeps the time held,
// the checkout flow prices the service and places the order. This joins them (decision A31): the time held
// now goes to the checkout's form (none while it holds none, so no order leaves without one), a refusal of
// the time or the hold goes back to the appointment flow, which offers other times, and the placed order
// tells the appointment flow its hold became the booking.
import type { Actor } from 'xstate';
import type { appointmentMachine } from '../machines/appointment/appointment.machine';
import { selectHeldAppointment } from '../machines/appointment/appointment.selectors';
import type { checkoutMachine } from '../machines/checkout/checkout.machine';
import type { AppointmentChoice } from '../machines/checkout/checkout.rules';

const sameChoice = (a: AppointmentChoice | null, b: AppointmentChoice | null) =>
  a === b || (a !== null && b !== null && a.holdId === b.holdId);

export function linkAppointmentCheckout(
  appointment: Actor<typeof appointmentMachine>,
  checkout: Actor<typeof checkoutMachine>,
): { unsubscribe(): void }[] {
  let sent: AppointmentChoice | null = null;
  const pass = () => {
    const held = selectHeldAppointment(appointment.getSnapshot());
    if (sameChoice(held, sent)) return;
    sent = held;
    checkout.send({ type: 'checkout.setAppointment', appointment: held });
  };
  pass();
  return [
    appointment.subscribe(pass),
    checkout.on('appointment.refused', (event) => {
      // The checkout dropped the time with its refusal: the next hold is sent afresh.
      sent = null;
      appointment.send({ type: 'appointment.refused', rejection: event.rejection });
    }),
    checkout.on('order.placed', () => appointment.send({ type: 'appointment.booked' })),
  ];
}
