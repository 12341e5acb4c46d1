// Contract of the appointment calls (spec §7 beauty/users, beauty/alreadyAppointmentTimes; issue 16):
// technicians and their services, availability computed from plans and bookings (src/booking), a short
// hold on a time for the confirm page, the customer's appointments (list, move, cancel) and the shop's
// actions through the merchant API. The booking itself is order/confirm with `type: 'appointment'` and the
// appointment fields of ./order (`appointmentOrderFields`): the order and its booking are written in one
// transaction, and the database refuses two overlapping bookings or holds of one technician.
//
// Times: a start is chosen as a shop-local date and time (`{ date, time }`, the shop's time zone); replies
// give both that and the instant (`startAt`, ISO 8601 with the shop's offset). A wall time the clock shows
// twice (autumn) means its first occurrence; one the clock skips is never offered (decision A3).
// docs/api.md "Appointments"; decisions A1–A7 (availability) and A8 onwards.
import { z } from 'zod';
import { ORDER_STATUSES } from '../enums';
import {
  APPOINTMENT_MERCHANT_ACTIONS,
  APPOINTMENT_MERCHANT_REFUSALS,
  APPOINTMENT_REJECTIONS,
  APPOINTMENT_SCOPES,
  APPOINTMENT_STATUSES,
  MAX_AVAILABILITY_DAYS,
  MAX_CANCEL_REASON,
} from './beauty-rules';
import { clockTime, localDate } from './local-date-time';
import { DEFAULT_PAGE_LIMIT, entityId, MAX_PAGE_LIMIT } from './store';

export * from './beauty-rules';

/** A shop-local date that exists in the calendar (no 2026-02-30). */
const calendarDate = localDate.refine((d) => {
  const probe = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().slice(0, 10) === d;
}, 'not a date');
/** A start as a customer chooses it: a date and a clock time in the shop's own time zone. */
const bookingStart = z.object({ date: calendarDate, time: clockTime });
/** An instant as ISO 8601 with the shop's offset, e.g. `2026-11-28T14:00:00+08:00`. */
const instant = z.string();
/** A technician in a payload: an id, or null (and omitted) for "any technician". */
const serviceUserChoice = entityId.nullable().optional();

// ---- technicians -------------------------------------------------------------------------------------

/** A service a technician performs, with their own duration where it differs from the service's. */
export const serviceUserService = z.object({
  productId: z.number().int(),
  /** Minutes this technician takes (their own, or the service's). */
  duration: z.number().int().positive(),
});

/**
 * Spec §3 serviceUser (id, jobNo, desc, tagId, canReverse, userPhone, userName, headImage, tagName) and the
 * services the technician performs. `userPhone` is masked (`139****5601`): a customer calls the shop, not a
 * technician's own phone (decision A9).
 */
export const serviceUser = z.object({
  id: z.number().int(),
  jobNo: z.string(),
  userName: z.string(),
  desc: z.string(),
  tagId: z.number().int(),
  tagName: z.string(),
  userPhone: z.string(),
  /** URL of the portrait. */
  headImage: z.string(),
  /** Whether a customer may choose this technician; otherwise only "any technician" assigns them. */
  canReverse: z.boolean(),
  services: z.array(serviceUserService),
});
export type ServiceUser = z.infer<typeof serviceUser>;

/** The short form of a technician inside availability, holds and appointments. */
export const serviceUserBrief = serviceUser.pick({
  id: true,
  jobNo: true,
  userName: true,
  tagName: true,
  headImage: true,
});
export type ServiceUserBrief = z.infer<typeof serviceUserBrief>;

export const beautyUsersInput = z.object({
  /** Only technicians performing this service (their `services` then holds that one, with its duration). */
  productId: entityId.optional(),
  /** Only technicians of this role. */
  tagId: z.number().int().nonnegative().max(2_147_483_647).optional(),
});
export type BeautyUsersInput = z.input<typeof beautyUsersInput>;
export const beautyUsersInfo = z.object({ list: z.array(serviceUser) });
export type BeautyUsersInfo = z.infer<typeof beautyUsersInfo>;

// ---- the shop's booking settings and services --------------------------------------------------------

export const bookableService = z.object({
  productId: z.number().int(),
  /** The service's own duration, minutes (a technician may take longer or shorter: serviceUser.services). */
  duration: z.number().int().positive(),
  /** Preparation before and clean-up after, minutes: the technician is busy then too (decision A1). */
  bufferBefore: z.number().int().nonnegative(),
  bufferAfter: z.number().int().nonnegative(),
  /** Technicians who perform it, in the shop's order. */
  serviceUserIds: z.array(z.number().int()),
  /** The chairs or rooms it needs, when the shop counts them: at most `capacity` at once. */
  pool: z
    .object({ id: z.number().int(), name: z.string(), capacity: z.number().int().positive() })
    .nullable(),
});
export type BookableService = z.infer<typeof bookableService>;

export const beautySettingsInput = z.object({});
export const beautySettingsInfo = z.object({
  /** The shop's IANA zone: every date and time of the appointment calls is read in it. */
  timeZone: z.string(),
  /** Starts lie on this grid of minutes from local midnight (decision A2). */
  stepMinutes: z.number().int().positive(),
  /** A start must be at least this far from now. */
  minNoticeMinutes: z.number().int().nonnegative(),
  /** Bookable dates: today and the following `horizonDays − 1` (shop info appointmentTimeLimit). */
  horizonDays: z.number().int().nonnegative(),
  /** A customer may move or cancel until this many hours before the start, free. */
  freeChangeHours: z.number().int().nonnegative(),
  holdMinutes: z.number().int().positive(),
  holdMaxMinutes: z.number().int().positive(),
  services: z.array(bookableService),
});
export type BeautySettingsInfo = z.infer<typeof beautySettingsInfo>;

// ---- availability -----------------------------------------------------------------------------------

export const beautyAvailabilityInput = z.object({
  /** The service (a product of the shop with a duration). */
  productId: entityId,
  /** The chosen spec, when the service has specs. */
  specId: entityId.nullable().optional(),
  /** A technician chosen first; omitted or null = any technician. */
  serviceUserId: serviceUserChoice,
  /** First shop-local date; omitted = today. Dates before today or past the horizon are left out. */
  date: calendarDate.optional(),
  /** How many dates from `date`; omitted = to the end of the horizon. */
  days: z.number().int().positive().max(MAX_AVAILABILITY_DAYS).optional(),
});
export type BeautyAvailabilityInput = z.input<typeof beautyAvailabilityInput>;

export const availableStart = z.object({
  /** Shop-local `HH:mm` on the date it is listed under. */
  time: clockTime,
  startAt: instant,
  /** Technicians free for the whole service at this start, in the shop's order (one when one was chosen). */
  serviceUserIds: z.array(z.number().int()).min(1),
});
export type AvailableStart = z.infer<typeof availableStart>;

export const availableDate = z.object({
  date: localDate,
  /** 0 Sunday … 6 Saturday. */
  weekday: z.number().int().min(0).max(6),
  /** Ascending; empty when nobody is free that day (closed, day off, fully booked). */
  starts: z.array(availableStart),
});
export type AvailableDate = z.infer<typeof availableDate>;

export const beautyAvailabilityInfo = z.object({
  productId: z.number().int(),
  specId: z.number().int().nullable(),
  /** The technician asked for, or null for any. */
  serviceUserId: z.number().int().nullable(),
  timeZone: z.string(),
  /** The server's clock (ISO 8601): "today" and the notice are measured from it. */
  serverNow: instant,
  stepMinutes: z.number().int().positive(),
  /** The first and last bookable dates of the horizon. */
  horizon: z.object({ first: localDate, last: localDate }).nullable(),
  /** The technicians the starts name, with their duration for this service. */
  serviceUsers: z.array(serviceUserBrief.extend({ duration: z.number().int().positive() })),
  /** Every date asked for inside the horizon, in order, including those without starts. */
  dates: z.array(availableDate),
});
export type BeautyAvailabilityInfo = z.infer<typeof beautyAvailabilityInfo>;

/** One of the next free times a "slot taken" refusal suggests. */
export const freeTime = z.object({
  date: localDate,
  time: clockTime,
  startAt: instant,
  serviceUserIds: z.array(z.number().int()).min(1),
});
export type FreeTime = z.infer<typeof freeTime>;

/** spec beauty/alreadyAppointmentTimes: a technician's taken time on a date (bookings and holds, buffers included). */
export const alreadyAppointmentTimesInput = z.object({
  serviceUserId: entityId,
  date: calendarDate,
});
export type AlreadyAppointmentTimesInput = z.input<typeof alreadyAppointmentTimesInput>;
export const alreadyAppointmentTimesInfo = z.object({
  date: localDate,
  timeZone: z.string(),
  /** Busy ranges, ascending and disjoint; `start`/`end` are shop-local `HH:mm` (end `24:00` at midnight). */
  list: z.array(z.object({ start: z.string(), end: z.string(), startAt: instant, endAt: instant })),
});
export type AlreadyAppointmentTimesInfo = z.infer<typeof alreadyAppointmentTimesInfo>;

// ---- holds -----------------------------------------------------------------------------------------

export const beautyHoldInput = z.object({
  productId: entityId,
  specId: entityId.nullable().optional(),
  /** Omitted or null = any technician: the server picks one free for the whole service (decision A6). */
  serviceUserId: serviceUserChoice,
  /** The start, shop-local. */
  start: bookingStart,
});
export type BeautyHoldInput = z.input<typeof beautyHoldInput>;

export const beautyHoldIdInput = z.object({ id: entityId });
export type BeautyHoldIdInput = z.input<typeof beautyHoldIdInput>;

/**
 * A time kept for this customer while the confirm page is open. One live hold per customer and shop: a new
 * hold replaces the previous one. Released by beauty/releaseHold, by its expiry, or used by order/confirm.
 */
export const appointmentHold = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  specId: z.number().int().nullable(),
  serviceUser: serviceUserBrief,
  /** The customer asked for "any technician" and the server chose this one. */
  assigned: z.boolean(),
  date: localDate,
  time: clockTime,
  startAt: instant,
  endAt: instant,
  /** Minutes, the technician's own for this service. */
  duration: z.number().int().positive(),
  /** When the hold lapses unless extended or used (ISO 8601). */
  expiresAt: instant,
  /** The last moment extendHold can reach (created + HOLD_MAX_MINUTES). */
  extendableUntil: instant,
  serverNow: instant,
});
export type AppointmentHold = z.infer<typeof appointmentHold>;

export const beautyReleaseHoldInfo = z.object({
  /** false when the hold had already gone (expired, used, released): releasing is idempotent. */
  released: z.boolean(),
});
export type BeautyReleaseHoldInfo = z.infer<typeof beautyReleaseHoldInfo>;

// ---- appointments -------------------------------------------------------------------------------------

/** What the customer may do with an appointment now, and why not. */
export const appointmentActions = z.object({
  reschedule: z.boolean(),
  cancel: z.boolean(),
  /** The order is unpaid and payable (order/pay). */
  pay: z.boolean(),
  /** Why reschedule/cancel are false: the window closed, or the status allows no change. */
  blockedBy: z.enum(['changeWindowClosed', 'notChangeable']).nullable(),
});

/** An appointment as the customer sees it; also `appointment` of an order (order/list, order/detail). */
export const appointmentInfo = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  shopId: z.number().int(),
  shopName: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  service: z.object({
    productId: z.number().int(),
    specId: z.number().int().nullable(),
    name: z.string(),
    specName: z.string().nullable(),
    image: z.string(),
  }),
  serviceUser: serviceUserBrief,
  /** "Any technician" was asked for and the shop's rule chose this one. */
  assigned: z.boolean(),
  timeZone: z.string(),
  date: localDate,
  time: clockTime,
  /** Shop-local end `HH:mm`. */
  endTime: z.string(),
  startAt: instant,
  endAt: instant,
  duration: z.number().int().positive(),
  /** Booking for someone else: who comes; '' when the customer comes. */
  beautyUserName: z.string(),
  beautyUserPhone: z.string(),
  /** Free moves and cancellations end at this instant (start − freeChangeHours). */
  changeDeadlineAt: instant,
  freeChangeHours: z.number().int().nonnegative(),
  total: z.number().int(),
  currency: z.string(),
  numberDecimals: z.number().int(),
  paid: z.boolean(),
  /** Why the shop cancelled it, '' otherwise. */
  merchantReason: z.string(),
  actions: appointmentActions,
  createdAt: instant,
});
export type AppointmentInfo = z.infer<typeof appointmentInfo>;

export const beautyAppointmentsInput = z.object({
  scope: z.enum(APPOINTMENT_SCOPES).default('upcoming'),
  page: z.number().int().positive().max(100_000).default(1),
  pageLimit: z.number().int().positive().max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  /** Only the session's shop; default false = every shop the customer booked at. */
  thisShopOnly: z.boolean().default(false),
});
export type BeautyAppointmentsInput = z.input<typeof beautyAppointmentsInput>;
export const beautyAppointmentsInfo = z.object({
  list: z.array(appointmentInfo),
  page: z.number().int().positive(),
  pageLimit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type BeautyAppointmentsInfo = z.infer<typeof beautyAppointmentsInfo>;

export const beautyAppointmentIdInput = z.object({ id: entityId });
export type BeautyAppointmentIdInput = z.input<typeof beautyAppointmentIdInput>;

export const beautyRescheduleInput = z.object({
  id: entityId,
  /** The new start, shop-local. */
  start: bookingStart,
  /** Omitted = keep the technician; null = any technician; an id = that one. */
  serviceUserId: serviceUserChoice,
});
export type BeautyRescheduleInput = z.input<typeof beautyRescheduleInput>;

export const beautyCancelInput = z.object({
  id: entityId,
  reason: z.string().trim().max(MAX_CANCEL_REASON).optional(),
});
export type BeautyCancelInput = z.input<typeof beautyCancelInput>;

export const beautyCancelInfo = z.object({
  appointment: appointmentInfo,
  /** Money given back: to the member card at once, or to the card paid online (`refunding` until done). */
  refund: z.object({
    amount: z.number().int().nonnegative(),
    to: z.enum(['none', 'memberCard', 'gateway']),
  }),
});
export type BeautyCancelInfo = z.infer<typeof beautyCancelInfo>;

/** The info of a refused appointment call or appointment order: the reason and the fields it names. */
export const appointmentRejectionInfo = z.object({
  reason: z.enum(APPOINTMENT_REJECTIONS),
  /** slotTaken: the next free times for the same service (and technician, when one was chosen). */
  nextFree: z.array(freeTime).optional(),
  /** changeWindowClosed: when the window closed, and the shop's hours. */
  changeDeadlineAt: instant.optional(),
  freeChangeHours: z.number().int().optional(),
  /** serviceDurationChanged: the minutes the booking would take (the service's now, or for any technician those of the one free then). */
  duration: z.number().int().optional(),
  /** counterAppointmentsLimit: how many appointments to pay at the counter a customer may have. */
  limit: z.number().int().optional(),
  /** notChangeable: the appointment's status. */
  status: z.enum(APPOINTMENT_STATUSES).optional(),
});
export type AppointmentRejectionInfo = z.infer<typeof appointmentRejectionInfo>;

// ---- merchant API: POST /merchant/api/appointment/<action> ------------------------------------------

export const merchantAppointmentInput = z
  .object({
    /** The appointment's id. */
    id: entityId,
    /** cancel: shown to the customer (`merchantReason`). */
    reason: z.string().trim().max(MAX_CANCEL_REASON).optional(),
  })
  .strict();
export type MerchantAppointmentInput = z.input<typeof merchantAppointmentInput>;

export const merchantDayInput = z
  .object({
    /** Shop-local date; omitted = today. */
    date: calendarDate.optional(),
    /** One technician's day; omitted = every technician. */
    serviceUserId: entityId.optional(),
  })
  .strict();
export type MerchantDayInput = z.input<typeof merchantDayInput>;

/** An appointment in the shop's day list: the customer's contact as the shop needs it. */
export const merchantAppointment = appointmentInfo.omit({ actions: true }).extend({
  customerName: z.string(),
  customerPhone: z.string(),
  /** The merchant actions allowed now. */
  allowed: z.array(z.enum(APPOINTMENT_MERCHANT_ACTIONS)),
});
export type MerchantAppointment = z.infer<typeof merchantAppointment>;

export const merchantDayInfo = z.object({
  date: localDate,
  timeZone: z.string(),
  serviceUsers: z.array(
    serviceUserBrief.extend({
      /** Working time that day after exceptions, shop-local `HH:mm` ranges; empty on a day off. */
      working: z.array(z.object({ start: z.string(), end: z.string() })),
      /** Live appointments of the day (not cancelled), by start. */
      appointments: z.array(merchantAppointment),
    }),
  ),
});
export type MerchantDayInfo = z.infer<typeof merchantDayInfo>;

export const merchantAppointmentRefusalInfo = z.object({
  reason: z.enum(APPOINTMENT_MERCHANT_REFUSALS),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  allowed: z.array(z.enum(APPOINTMENT_MERCHANT_ACTIONS)).optional(),
});

export const beautyContract = {
  users: { input: beautyUsersInput, info: beautyUsersInfo },
  settings: { input: beautySettingsInput, info: beautySettingsInfo },
  availability: { input: beautyAvailabilityInput, info: beautyAvailabilityInfo },
  alreadyAppointmentTimes: { input: alreadyAppointmentTimesInput, info: alreadyAppointmentTimesInfo },
  hold: { input: beautyHoldInput, info: appointmentHold },
  extendHold: { input: beautyHoldIdInput, info: appointmentHold },
  releaseHold: { input: beautyHoldIdInput, info: beautyReleaseHoldInfo },
  appointments: { input: beautyAppointmentsInput, info: beautyAppointmentsInfo },
  appointmentDetail: { input: beautyAppointmentIdInput, info: appointmentInfo },
  reschedule: { input: beautyRescheduleInput, info: appointmentInfo },
  cancel: { input: beautyCancelInput, info: beautyCancelInfo },
} as const;
export type BeautyAction = keyof typeof beautyContract;
