// The appointment rules of spec §5 ("an appointment time is required for a beauty order") and issue 16 as
// plain values: how long a hold lasts, the statuses an appointment shows, what a shop does to one and why a
// call is refused. src/domain/api/beauty.ts builds the zod contract on them; the browser reads them from here
// without the contract's schemas. docs/api.md "Appointments"; decisions A1–A7 and A8 onwards.

/** Minutes a hold keeps a time for the confirm page before it is released (beauty/hold). */
export const HOLD_MINUTES = 5;
/** A hold can be extended (beauty/extendHold) until it has lived this many minutes in all. */
export const HOLD_MAX_MINUTES = 20;
/**
 * Appointments to pay at the counter a customer may have live in one shop at once (booked, not yet over):
 * they keep a technician's time with no pay deadline (decision A26).
 */
export const COUNTER_APPOINTMENTS_MAX = 2;
/** Days one beauty/availability call may cover (the shop's horizon caps it further). */
export const MAX_AVAILABILITY_DAYS = 31;
/** How many next free times a "this time was just taken" refusal suggests. */
export const NEXT_FREE_COUNT = 3;
/** Longest service a shop may set, minutes (a day). */
export const MAX_SERVICE_MINUTES = 1440;
export const MAX_BEAUTY_USER_NAME = 32;
export const MAX_CANCEL_REASON = 100;

/**
 * What a customer sees of an appointment:
 * - awaitingPayment: booked with an order not yet paid; the time is kept until the order's pay deadline,
 *   then the order is cancelled and the time freed;
 * - booked: paid (or to pay at the counter), waiting for the shop to confirm;
 * - confirmed: the shop confirmed it;
 * - arrived: the customer is in the shop (the service is under way);
 * - completed, noShow (the customer did not come), cancelled (by the customer, the shop or the expiry).
 */
export const APPOINTMENT_STATUSES = [
  'awaitingPayment',
  'booked',
  'confirmed',
  'arrived',
  'completed',
  'noShow',
  'cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses from which the customer may still move or cancel (inside the shop's window). */
export const CHANGEABLE_STATUSES = [
  'awaitingPayment',
  'booked',
  'confirmed',
] as const satisfies readonly AppointmentStatus[];

/** What the shop does to an appointment: POST /merchant/api/appointment/<action>. */
export const APPOINTMENT_MERCHANT_ACTIONS = ['confirm', 'arrive', 'complete', 'noShow', 'cancel'] as const;
export type AppointmentMerchantAction = (typeof APPOINTMENT_MERCHANT_ACTIONS)[number];

/** Which appointments beauty/appointments lists: from now on (soonest first) or before (latest first). */
export const APPOINTMENT_SCOPES = ['upcoming', 'past'] as const;
export type AppointmentScope = (typeof APPOINTMENT_SCOPES)[number];

/**
 * Why an appointment call (or order/confirm of type appointment) was refused, in `info.reason`; the message
 * says it in the request's language. The fields each reason comes with are in `appointmentRejectionInfo`.
 */
export const APPOINTMENT_REJECTIONS = [
  /** The session's shop takes no appointments. */
  'appointmentsUnavailable',
  /** The product is not a bookable service of this shop (or has no duration). */
  'serviceNotFound',
  /** The service is sold out, offline or deleted. */
  'serviceUnavailable',
  /** No such technician in this shop. */
  'serviceUserNotFound',
  /** The technician cannot be chosen by customers (canReverse false): choose "any". */
  'serviceUserNotBookable',
  /** The technician does not perform this service. */
  'serviceUserCannotPerform',
  /** No start time was sent (spec §5). */
  'appointmentTimeRequired',
  /** The time is not one the shop offers: outside plans or hours, too soon, too far ahead, off the grid. */
  'appointmentTimeInvalid',
  /** "This time was just taken": another customer holds or booked it; `nextFree` has the next free times. */
  'slotTaken',
  /** The hold is not this customer's, or was released, used or expired. */
  'holdNotFound',
  /** The hold names another service, technician or time than the order. */
  'holdMismatch',
  /** The hold has lived HOLD_MAX_MINUTES: take a new one. */
  'holdExtendLimit',
  /** The duration the page showed (`serviceDuration`) is not the one booked then: `duration` is. */
  'serviceDurationChanged',
  /** An appointment books one service, one unit (book a second one separately). */
  'oneServicePerAppointment',
  /** beautyUserName and beautyUserPhone go together (booking for someone else). */
  'beautyUserIncomplete',
  'beautyUserPhoneInvalid',
  /** No such appointment of this customer. */
  'appointmentNotFound',
  /** Too late to move or cancel: the shop's window closed at `changeDeadlineAt`. */
  'changeWindowClosed',
  /** The appointment is arrived, completed, a no-show or cancelled. */
  'notChangeable',
  /** Moving to the time it already has. */
  'sameTime',
  /** Cancelling an unpaid appointment while an online payment of it is still processing at the gateway. */
  'paymentInProgress',
  /**
   * Paying at the counter (order/pay, or order/confirm asking for it) while the customer already has
   * `limit` (COUNTER_APPOINTMENTS_MAX) appointments to pay at the counter still to come in the shop.
   */
  'counterAppointmentsLimit',
] as const;
export type AppointmentRejection = (typeof APPOINTMENT_REJECTIONS)[number];

/** The merchant API's 409 reasons for appointment actions (nothing changed). */
export const APPOINTMENT_MERCHANT_REFUSALS = [
  /** The action is not allowed from the appointment's status (`status`, `allowed`). */
  'wrongState',
  /** No-show before the start time. */
  'notStarted',
  /** Confirming an appointment whose order is still unpaid. */
  'awaitingPayment',
] as const;
export type AppointmentMerchantRefusal = (typeof APPOINTMENT_MERCHANT_REFUSALS)[number];
