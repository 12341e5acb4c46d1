// What the appointment pages read from the appointment actor: the service list, the technicians with their
// next free time, the date strip and the time grid of the chosen technician, the held time and its
// countdown, and the offers after a time was taken or a hold lapsed.
import type { SnapshotFrom } from 'xstate';
import type { FreeTime, ServiceUser } from '../../domain/api/beauty';
import type { Product } from '../../domain/catalog';
import type { AppointmentChoice } from '../checkout/checkout.rules';
import type { appointmentMachine, AppointmentNotice } from './appointment.machine';
import {
  bookableService,
  choosableTechnicians,
  clockOffsetOf,
  datesFor,
  durationFor,
  firstFreeTime,
  groupByDayPart,
  holdDeadline,
  serviceSections,
  type DayPart,
} from './appointment.rules';

type S = SnapshotFrom<typeof appointmentMachine>;

/** The step the customer is at, as the pages show it. */
export type AppointmentStep =
  | 'loading'
  | 'loadFailed'
  | 'services'
  | 'serviceUnavailable'
  | 'moveBlocked'
  | 'timesLoading'
  | 'timesFailed'
  | 'times'
  | 'moving'
  | 'leaving'
  | 'holding'
  | 'held'
  | 'taken'
  | 'lost'
  | 'refused'
  | 'holdFailed'
  | 'booked';

export function selectStep(s: S): AppointmentStep {
  if (
    s.matches('loading') ||
    s.matches('routing') ||
    s.matches('routingStart') ||
    s.matches('routingService')
  )
    return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('choosingService')) return 'services';
  if (s.matches('serviceUnavailable')) return 'serviceUnavailable';
  if (s.matches('moveBlocked')) return 'moveBlocked';
  if (s.matches({ choosingTime: 'loading' })) return 'timesLoading';
  if (s.matches({ choosingTime: 'failed' })) return 'timesFailed';
  if (s.matches({ choosingTime: 'ready' })) return 'times';
  if (s.matches('moving')) return 'moving';
  if (s.matches({ confirming: 'holding' })) return 'holding';
  if (s.matches({ confirming: 'held' })) return 'held';
  if (s.matches({ confirming: 'taken' })) return 'taken';
  if (s.matches({ confirming: 'lost' })) return 'lost';
  if (s.matches({ confirming: 'refused' })) return 'refused';
  if (s.matches({ confirming: 'holdFailed' })) return 'holdFailed';
  if (s.matches('booked')) return 'booked';
  return 'leaving';
}

export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S): AppointmentNotice | null => s.context.notice;
export const selectIsRescheduling = (s: S) => s.context.rescheduleId !== null;
/** The appointment being moved, as it is booked now. */
export const selectMovedAppointment = (s: S) => s.context.appointment;
/** Why the appointment cannot be moved: the refusal, or what its actions said when the page opened. */
export const selectMoveBlockedBy = (s: S) =>
  s.context.notice ?? s.context.appointment?.actions.blockedBy ?? 'notChangeable';
export const selectSettings = (s: S) => s.context.catalog?.settings ?? null;
export const selectServiceSections = (s: S) => (s.context.catalog ? serviceSections(s.context.catalog) : []);

/** The service being booked: its product and its booking rules (duration, technicians). */
export function selectService(s: S): { product: Product; duration: number } | null {
  const { catalog, productId } = s.context;
  if (!catalog || productId === null) return null;
  const product = catalog.products.find((p) => p.id === productId);
  if (!product) return null;
  const booking = bookableService(catalog, productId);
  return { product, duration: booking?.duration ?? product.serviceTime ?? 0 };
}

/** A technician on the list: who they are, their minutes for the service, the first time they are free. */
export interface TechnicianChoice {
  technician: ServiceUser;
  duration: number | null;
  nextFree: FreeTime | null;
  chosen: boolean;
}

export function selectTechnicians(s: S): TechnicianChoice[] {
  const { availability, technicians, serviceUserId, productId } = s.context;
  const fallback = selectService(s)?.duration ?? null;
  return choosableTechnicians(technicians).map((technician) => ({
    technician,
    duration: durationFor(technician, productId ?? 0, fallback),
    nextFree: availability ? firstFreeTime(availability, technician.id) : null,
    chosen: serviceUserId === technician.id,
  }));
}

/** "Any technician": the first time anyone is free, and whether it is the choice. */
export const selectAnyTechnician = (s: S) => ({
  nextFree: s.context.availability ? firstFreeTime(s.context.availability, null) : null,
  chosen: s.context.serviceUserId === null,
});

export const selectServiceUserId = (s: S) => s.context.serviceUserId;
export const selectChosenTechnician = (s: S) =>
  s.context.technicians.find((t) => t.id === s.context.serviceUserId) ?? null;

/** The date strip: every date of the horizon, with whether the chosen technician is free on it. */
export function selectDates(s: S): { date: string; weekday: number; free: number; chosen: boolean }[] {
  const { availability, serviceUserId, date } = s.context;
  if (!availability) return [];
  return datesFor(availability, serviceUserId).map((d) => ({
    date: d.date,
    weekday: d.weekday,
    free: d.starts.length,
    chosen: d.date === date,
  }));
}

/** The chosen date's free starts for the chosen technician, under morning, afternoon and evening. */
export function selectTimeGroups(s: S): { part: DayPart; starts: { time: string; chosen: boolean }[] }[] {
  const { availability, serviceUserId, date, start } = s.context;
  if (!availability || date === null) return [];
  const day = datesFor(availability, serviceUserId).find((d) => d.date === date);
  const starts = (day?.starts ?? []).map((st) => ({
    time: st.time,
    chosen: start !== null && start.date === date && start.time === st.time,
  }));
  return groupByDayPart(starts);
}

/** The chosen technician (or anyone) has no free time in the whole horizon. */
export const selectHasNoTimes = (s: S) =>
  s.context.availability !== null && firstFreeTime(s.context.availability, s.context.serviceUserId) === null;
/** Nobody at all is free in the horizon for this service. */
export const selectNobodyFree = (s: S) =>
  s.context.availability !== null && firstFreeTime(s.context.availability, null) === null;
export const selectHorizonDays = (s: S) => s.context.catalog?.settings.horizonDays ?? 0;
export const selectStart = (s: S) => s.context.start;
export const selectDate = (s: S) => s.context.date;
export const selectCanContinue = (s: S) => s.can({ type: 'appointment.continue' });
export const selectTimeZone = (s: S) =>
  s.context.availability?.timeZone ?? s.context.catalog?.settings.timeZone ?? null;
/** The server's today (its clock, the shop's zone), to name today and tomorrow on the strip. */
export const selectServerToday = (s: S) => s.context.availability?.horizon?.first ?? null;

/** The held time: the server's hold (its technician, start and end, duration). */
export const selectHold = (s: S) => s.context.kept?.hold ?? null;
/** What the countdown counts to (ISO 8601) and the server's clock offset, or null without a hold. */
export const selectHoldCountdown = (s: S) =>
  s.context.kept ? { deadline: holdDeadline(s.context.kept), offsetMs: clockOffsetOf(s.context.kept) } : null;
/** The free times offered after a time was taken or a hold lapsed. */
export const selectFreeTimes = (s: S) => s.context.nextFree;
export const selectIsFindingFreeTimes = (s: S) => s.matches({ confirming: { lost: 'finding' } });

/**
 * The appointment as the checkout books it: the hold's id, start, technician and duration; null while no
 * time is held (the checkout then cannot submit: "an appointment time is required").
 */
export function selectHeldAppointment(s: S): AppointmentChoice | null {
  const hold = s.matches({ confirming: 'held' }) ? (s.context.kept?.hold ?? null) : null;
  if (!hold) return null;
  return {
    holdId: hold.id,
    start: { date: hold.date, time: hold.time },
    serviceUser: hold.serviceUser,
    duration: hold.duration,
  };
}
