// Booking a beauty appointment (spec §2 tab 1 "appointment", /order/select-service-user, /order/confirm;
// §3 cart serviceUser and serviceStartTimeInfo; §5 "An appointment time is required for a beauty order";
// issue 16): choose a service (or arrive with one), a technician or "any technician", a date and a start the
// server computed as free, then keep that time with a short hold while the confirm page is open (extended
// while the customer stays, released when they leave) until the checkout flow books it. A time taken by
// someone else or a hold that lapsed offers the next free times. The same flow moves an existing
// appointment to a new time (beauty/reschedule). Pages follow the flow's steps: the list on tab 1, the
// technician and time on /order/select-service-user, the hold on /order/confirm; each page starts it from
// its query, so a reload or the back button lands where the customer was.
import { and, assign, emit, fromCallback, sendTo, setup } from 'xstate';
import type {
  AppointmentHold,
  AppointmentInfo,
  AppointmentRejection,
  AppointmentRejectionInfo,
  BeautyAvailabilityInfo,
  FreeTime,
  ServiceUser,
} from '../../domain/api/beauty';
import type { LocalDateTime } from '../../domain/api/order';
import type { NavigateEvent, RouteQuery } from '../shared/navigation';
import { errorMessage, notProvided } from '../shared/not-provided';
import {
  bookableService,
  canExtend,
  choosableTechnicians,
  EXTEND_RETRY_MS,
  freeTimesFrom,
  isOffered,
  msUntilExpiry,
  msUntilExtension,
  openingDate,
  type KeptHold,
  type ServiceCatalog,
} from './appointment.rules';

/** How many free times a lapsed hold offers (as many as a "just taken" refusal names). */
export const FREE_TIMES_OFFERED = 3;
/** Days after the lost time a lapsed hold looks for free times in. */
export const FREE_TIMES_DAYS = 7;

export interface AppointmentInput {
  /** Arrive with a service (the list's choice, a shared link). */
  productId?: number | null;
  specId?: number | null;
  /** The technician asked for; null or omitted: any technician. */
  serviceUserId?: number | null;
  /** The date the time grid opens on, when it has free times. */
  date?: string | null;
  /** Arrive on the confirm page with a time: the flow holds it at once. */
  start?: LocalDateTime | null;
  /** Move this appointment of the customer's to a new time instead of booking one. */
  rescheduleId?: number | null;
  clock: () => Date;
}

/** What the first read brings: the services, and the appointment being moved (reschedule only). */
export interface CatalogRead {
  catalog: ServiceCatalog;
  appointment: AppointmentInfo | null;
}

/** The times of one service: its technicians (beauty/users) and everyone's free starts (beauty/availability). */
export interface TimesRead {
  technicians: ServiceUser[];
  availability: BeautyAvailabilityInfo;
}

/** What a hold call answered: the hold, or the server's refusal (nothing was kept). */
export type HoldResult = { hold: AppointmentHold } | { rejection: AppointmentRejectionInfo };
/** What beauty/reschedule answered: the appointment at its new time, or the refusal (nothing moved). */
export type RescheduleResult = { appointment: AppointmentInfo } | { rejection: AppointmentRejectionInfo };

type RescheduleRefusal = { rejection: AppointmentRejectionInfo };

export interface HoldRequest {
  productId: number;
  specId: number | null;
  serviceUserId: number | null;
  start: LocalDateTime;
}

/** Why the customer is shown a message above the times or the offers. */
export type AppointmentNotice =
  /** Someone else held or booked the time a moment ago; `nextFree` are offered. */
  | 'slotTaken'
  /** The hold lapsed (the page stayed too long, or the connection dropped). */
  | 'holdExpired'
  /** The server no longer has the hold (used elsewhere, released, replaced by another page's). */
  | 'holdLost'
  /** Any other refusal of the time chosen: its reason. */
  | AppointmentRejection;

export interface AppointmentContext {
  productId: number | null;
  specId: number | null;
  /** The technician chosen; null = any technician. */
  serviceUserId: number | null;
  date: string | null;
  start: LocalDateTime | null;
  rescheduleId: number | null;
  /** The appointment being moved (reschedule). */
  appointment: AppointmentInfo | null;
  catalog: ServiceCatalog | null;
  technicians: ServiceUser[];
  availability: BeautyAvailabilityInfo | null;
  kept: KeptHold | null;
  /** Extensions in a row that got no answer: the next try waits a little. */
  extendFailures: number;
  /** Free times offered after a time was taken or a hold lapsed. */
  nextFree: FreeTime[];
  notice: AppointmentNotice | null;
  /** A failure that is no refusal (network, load), as text from the request layer. */
  error: string | null;
  clock: () => Date;
}

export type AppointmentEvent =
  | { type: 'appointment.retry' }
  | { type: 'appointment.refresh' }
  | { type: 'appointment.chooseService'; productId: number }
  | { type: 'appointment.chooseServiceUser'; serviceUserId: number | null }
  | { type: 'appointment.chooseDate'; date: string }
  | { type: 'appointment.chooseStart'; start: LocalDateTime }
  | { type: 'appointment.continue' }
  /** One of the free times offered after a time was taken or a hold lapsed. */
  | { type: 'appointment.chooseFreeTime'; time: FreeTime }
  /** Back from the confirm page to the technicians and times. */
  | { type: 'appointment.changeTime' }
  | { type: 'appointment.dismiss' }
  /** The checkout placed the order: the hold became the booking. */
  | { type: 'appointment.booked' }
  /** The checkout's order was refused for a reason about the time or the hold. */
  | { type: 'appointment.refused'; rejection: AppointmentRejectionInfo };

export type AppointmentEmitted = NavigateEvent;

/** What the hold's keeper hears: the order used the hold, so stopping must not release it. */
export type KeeperEvent = { type: 'hold.used' };

const HOLD_GONE: readonly AppointmentRejection[] = ['holdNotFound', 'holdMismatch'];
/** Refusals after which no retry of the same thing can succeed: the move is over. */
const MOVE_BLOCKED: readonly AppointmentRejection[] = [
  'changeWindowClosed',
  'notChangeable',
  'appointmentNotFound',
];

const isRefusal = (
  result: HoldResult | RescheduleResult,
): result is { rejection: AppointmentRejectionInfo } => 'rejection' in result;

const nowOf = (context: AppointmentContext) => context.clock().getTime();

/** Where the technicians and times of this service are (the confirm page's way back, the list's way on). */
const timesQuery = (context: Pick<AppointmentContext, 'productId' | 'specId' | 'serviceUserId' | 'date'>) => {
  const query: RouteQuery = { productId: context.productId! };
  if (context.specId !== null) query.specId = context.specId;
  if (context.serviceUserId !== null) query.serviceUserId = context.serviceUserId;
  if (context.date !== null) query.date = context.date;
  return query;
};

export const appointmentMachine = setup({
  types: {
    input: {} as AppointmentInput,
    context: {} as AppointmentContext,
    events: {} as AppointmentEvent,
    emitted: {} as AppointmentEmitted,
  },
  actors: {
    /** beauty/settings with the shop's categories and products; the appointment too when moving one. */
    loadCatalog: notProvided<CatalogRead, { rescheduleId: number | null }>('loadCatalog'),
    /** beauty/users and beauty/availability (any technician, the whole horizon) for the service. */
    loadTimes: notProvided<TimesRead, { productId: number; specId: number | null }>('loadTimes'),
    /** beauty/availability from a date, for the free times after a lapsed hold. */
    loadFreeTimes: notProvided<
      BeautyAvailabilityInfo,
      { productId: number; specId: number | null; serviceUserId: number | null; date: string; days: number }
    >('loadFreeTimes'),
    /** beauty/hold: the hold, or the refusal; rejects only when no answer came. */
    takeHold: notProvided<HoldResult, HoldRequest>('takeHold'),
    /** beauty/extendHold. */
    extendHold: notProvided<HoldResult, { id: number }>('extendHold'),
    /**
     * Keeps the hold for as long as it runs: stopping it (the page left, the time changed) releases the hold
     * (beauty/releaseHold), unless it was told first that the hold was used (`hold.used`).
     */
    keepHold: fromCallback<KeeperEvent, { id: number }>(() => {
      throw new Error('keepHold not provided');
    }),
    /** beauty/reschedule. */
    reschedule: notProvided<
      RescheduleResult,
      { id: number; start: LocalDateTime; serviceUserId: number | null }
    >('reschedule'),
  },
  delays: {
    /** Until a little before the hold lapses; after an extension got no answer, a short wait. */
    untilExtension: ({ context }) =>
      Math.max(
        context.extendFailures > 0 ? EXTEND_RETRY_MS : 0,
        msUntilExtension(context.kept!, nowOf(context)),
      ),
    untilExpiry: ({ context }) => msUntilExpiry(context.kept!, nowOf(context)),
  },
  guards: {
    isRescheduling: ({ context }) => context.rescheduleId !== null,
    isMoveBlocked: ({ context }) =>
      context.rescheduleId !== null && context.appointment?.actions.reschedule !== true,
    hasService: ({ context }) => context.productId !== null,
    isServiceBookable: ({ context }) =>
      context.catalog !== null &&
      context.productId !== null &&
      bookableService(context.catalog, context.productId) !== null,
    isBookable: ({ context }, params: { productId: number }) =>
      context.catalog !== null && bookableService(context.catalog, params.productId) !== null,
    hasStartToHold: ({ context }) => context.start !== null && context.rescheduleId === null,
    isChoosable: ({ context }, params: { serviceUserId: number | null }) =>
      params.serviceUserId === null ||
      choosableTechnicians(context.technicians).some((t) => t.id === params.serviceUserId),
    isOfferedDate: ({ context }, params: { date: string }) =>
      context.availability?.dates.some((d) => d.date === params.date) === true,
    isOfferedStart: ({ context }, params: { start: LocalDateTime }) =>
      isOffered(context.availability, context.serviceUserId, params.start),
    hasChosenStart: ({ context }) =>
      context.start !== null && isOffered(context.availability, context.serviceUserId, context.start),
    isOfferedFreeTime: ({ context }, params: { time: FreeTime }) =>
      context.nextFree.some((t) => t.date === params.time.date && t.time === params.time.time),
    isSlotTaken: (_, params: { rejection: AppointmentRejectionInfo }) =>
      params.rejection.reason === 'slotTaken',
    isHoldGone: (_, params: { rejection: AppointmentRejectionInfo }) =>
      HOLD_GONE.includes(params.rejection.reason),
    // An extension's answer is the hold moved on or a refusal: only a refusal names a reason.
    isExtendLimit: (_, params: HoldResult) =>
      isRefusal(params) && params.rejection.reason === 'holdExtendLimit',
    isMoveOver: (_, params: RescheduleResult) =>
      isRefusal(params) && MOVE_BLOCKED.includes(params.rejection.reason),
    isHoldRefusal: (_, params: HoldResult) => isRefusal(params),
    isSlotTakenResult: (_, params: HoldResult | RescheduleResult) =>
      isRefusal(params) && params.rejection.reason === 'slotTaken',
    isRescheduleRefusal: (_, params: RescheduleResult) => isRefusal(params),
    canExtendHold: ({ context }) => context.kept !== null && canExtend(context.kept),
  },
  actions: {
    storeCatalog: assign(({ context }, params: { read: CatalogRead }) => {
      const moving = params.read.appointment;
      // A move starts from the appointment as booked: its service, technician and day.
      if (context.rescheduleId !== null && moving)
        return {
          catalog: params.read.catalog,
          appointment: moving,
          productId: moving.service.productId,
          specId: moving.service.specId,
          serviceUserId: moving.assigned ? null : moving.serviceUser.id,
          date: moving.date,
          error: null,
        };
      return { catalog: params.read.catalog, appointment: moving, error: null };
    }),
    storeTimes: assign(({ context }, params: { read: TimesRead }) => {
      const { technicians, availability } = params.read;
      const serviceUserId =
        context.serviceUserId !== null &&
        choosableTechnicians(technicians).some((t) => t.id === context.serviceUserId)
          ? context.serviceUserId
          : null;
      const start =
        context.start && isOffered(availability, serviceUserId, context.start) ? context.start : null;
      return {
        technicians,
        availability,
        serviceUserId,
        start,
        date: start?.date ?? openingDate(availability, serviceUserId, context.date),
        error: null,
      };
    }),
    /** Another technician keeps the day when they are free on it, and the time when they are free then. */
    setServiceUser: assign(({ context }, params: { serviceUserId: number | null }) => {
      const availability = context.availability!;
      const start =
        context.start && isOffered(availability, params.serviceUserId, context.start) ? context.start : null;
      return {
        serviceUserId: params.serviceUserId,
        start,
        date: start?.date ?? openingDate(availability, params.serviceUserId, context.date),
        notice: null,
      };
    }),
    setDate: assign(({ context }, params: { date: string }) => ({
      date: params.date,
      start: context.start?.date === params.date ? context.start : null,
    })),
    setStart: assign((_, params: { start: LocalDateTime }) => ({
      start: params.start,
      date: params.start.date,
      notice: null,
    })),
    /** A free time offered keeps the technician asked for; with any technician the server picks again. */
    setFreeTime: assign((_, params: { time: FreeTime }) => ({
      start: { date: params.time.date, time: params.time.time },
      date: params.time.date,
      notice: null,
      nextFree: [],
    })),
    storeHold: assign(({ context }, params: { hold: AppointmentHold }) => ({
      kept: { hold: params.hold, receivedAt: nowOf(context), capped: false },
      extendFailures: 0,
      notice: null,
      error: null,
    })),
    capHold: assign(({ context }) => ({ kept: { ...context.kept!, capped: true }, extendFailures: 0 })),
    countExtendFailure: assign(({ context }) => ({ extendFailures: context.extendFailures + 1 })),
    dropHold: assign({ kept: null }),
    /** The time chosen was just taken: the grid no longer offers it. */
    forgetStart: assign({ start: null }),
    note: assign((_, params: { notice: AppointmentNotice; nextFree?: FreeTime[] }) => ({
      notice: params.notice,
      nextFree: params.nextFree ?? [],
    })),
    storeFreeTimes: assign(({ context }, params: { availability: BeautyAvailabilityInfo }) => ({
      nextFree: freeTimesFrom(params.availability, context.serviceUserId, context.start!, FREE_TIMES_OFFERED),
    })),
    storeMoved: assign((_, params: { appointment: AppointmentInfo }) => ({
      appointment: params.appointment,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismiss: assign({ notice: null, error: null }),
    markHoldUsed: sendTo('keeper', { type: 'hold.used' }),
    navigateToTimes: emit(({ context }) => ({
      type: 'navigate' as const,
      to: { route: '/order/select-service-user' as const, query: timesQuery(context) },
      replace: false,
    })),
    navigateToConfirm: emit(({ context }) => ({
      type: 'navigate' as const,
      to: {
        route: '/order/confirm' as const,
        query: { ...timesQuery(context), date: context.start!.date, time: context.start!.time },
      },
      replace: false,
    })),
    /** From the confirm page back to the times, where the page came from (a history step, not a new one). */
    navigateBackToTimes: emit(({ context }) => ({
      type: 'navigate' as const,
      to: { route: '/order/select-service-user' as const, query: timesQuery(context) },
      replace: true,
    })),
    navigateToMoved: emit(({ context }) => ({
      type: 'navigate' as const,
      to: { route: '/pages/user/order/detail' as const, query: { id: context.appointment!.orderId } },
      replace: true,
    })),
  },
}).createMachine({
  id: 'appointment',
  context: ({ input }) => ({
    productId: input.productId ?? null,
    specId: input.specId ?? null,
    serviceUserId: input.serviceUserId ?? null,
    date: input.date ?? input.start?.date ?? null,
    start: input.start ?? null,
    rescheduleId: input.rescheduleId ?? null,
    appointment: null,
    catalog: null,
    technicians: [],
    availability: null,
    kept: null,
    extendFailures: 0,
    nextFree: [],
    notice: null,
    error: null,
    clock: input.clock,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadCatalog',
        input: ({ context }) => ({ rescheduleId: context.rescheduleId }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeCatalog', params: ({ event }) => ({ read: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'appointment.retry': { target: 'loading', actions: 'dismiss' } },
    },
    routing: {
      always: [
        { guard: 'isMoveBlocked', target: 'moveBlocked' },
        { guard: 'hasStartToHold', target: 'routingStart' },
        { guard: 'hasService', target: 'routingService' },
        { target: 'choosingService' },
      ],
    },
    routingStart: {
      always: [{ guard: 'isServiceBookable', target: 'confirming' }, { target: 'serviceUnavailable' }],
    },
    routingService: {
      always: [{ guard: 'isServiceBookable', target: 'choosingTime' }, { target: 'serviceUnavailable' }],
    },
    /** The service list: a bookable service leads on to its technicians and times. */
    choosingService: {
      on: {
        'appointment.chooseService': {
          guard: { type: 'isBookable', params: ({ event }) => event },
          target: 'serviceChosen',
          actions: assign(({ event }) => ({ productId: event.productId, specId: null })),
        },
        'appointment.refresh': 'loading',
      },
    },
    /** On to /order/select-service-user, which starts the flow again with the service. */
    serviceChosen: { type: 'final', entry: 'navigateToTimes' },
    /** The service is not one the shop books now (sold out, no technician, unknown). */
    serviceUnavailable: { type: 'final' },
    /** The appointment cannot be moved now (the shop's window closed, or its status allows no change). */
    moveBlocked: { type: 'final' },
    choosingTime: {
      initial: 'loading',
      on: { 'appointment.dismiss': { actions: 'dismiss' } },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            src: 'loadTimes',
            input: ({ context }) => ({ productId: context.productId!, specId: context.specId }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeTimes', params: ({ event }) => ({ read: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        failed: {
          tags: 'error',
          on: { 'appointment.retry': { target: 'loading', actions: 'dismiss' } },
        },
        ready: {
          on: {
            'appointment.chooseServiceUser': {
              guard: { type: 'isChoosable', params: ({ event }) => event },
              actions: { type: 'setServiceUser', params: ({ event }) => event },
            },
            'appointment.chooseDate': {
              guard: { type: 'isOfferedDate', params: ({ event }) => event },
              actions: { type: 'setDate', params: ({ event }) => event },
            },
            'appointment.chooseStart': {
              guard: { type: 'isOfferedStart', params: ({ event }) => event },
              actions: { type: 'setStart', params: ({ event }) => event },
            },
            'appointment.chooseFreeTime': {
              guard: { type: 'isOfferedFreeTime', params: ({ event }) => event },
              actions: { type: 'setFreeTime', params: ({ event }) => event },
            },
            'appointment.refresh': 'loading',
            'appointment.continue': [
              { guard: and(['hasChosenStart', 'isRescheduling']), target: '#appointment.moving' },
              { guard: 'hasChosenStart', target: '#appointment.startChosen' },
            ],
          },
        },
      },
    },
    /** On to /order/confirm, which starts the flow again with the time and holds it. */
    startChosen: { type: 'final', entry: 'navigateToConfirm' },
    moving: {
      tags: 'busy',
      invoke: {
        src: 'reschedule',
        input: ({ context }) => ({
          id: context.rescheduleId!,
          start: context.start!,
          serviceUserId: context.serviceUserId,
        }),
        onDone: [
          {
            guard: { type: 'isSlotTakenResult', params: ({ event }) => event.output },
            target: 'choosingTime.loading',
            actions: [
              'forgetStart',
              {
                type: 'note',
                params: ({ event }) => ({
                  notice: 'slotTaken' as const,
                  nextFree:
                    (event.output as { rejection: AppointmentRejectionInfo }).rejection.nextFree ?? [],
                }),
              },
            ],
          },
          {
            guard: { type: 'isMoveOver', params: ({ event }) => event.output as RescheduleRefusal },
            target: 'moveBlocked',
            actions: {
              type: 'note',
              params: ({ event }) => ({ notice: (event.output as RescheduleRefusal).rejection.reason }),
            },
          },
          {
            guard: { type: 'isRescheduleRefusal', params: ({ event }) => event.output },
            target: 'choosingTime.ready',
            actions: {
              type: 'note',
              params: ({ event }) => ({ notice: (event.output as RescheduleRefusal).rejection.reason }),
            },
          },
          {
            target: 'moved',
            actions: {
              type: 'storeMoved',
              params: ({ event }) => ({
                appointment: (event.output as { appointment: AppointmentInfo }).appointment,
              }),
            },
          },
        ],
        // No answer: the move may or may not have happened; the times are read again and the customer told.
        onError: {
          target: 'choosingTime.loading',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    moved: { type: 'final', entry: 'navigateToMoved' },
    confirming: {
      on: {
        'appointment.changeTime': { target: 'leftConfirm', actions: 'navigateBackToTimes' },
        'appointment.dismiss': { actions: 'dismiss' },
      },
      initial: 'holding',
      states: {
        holding: {
          tags: 'busy',
          invoke: {
            src: 'takeHold',
            input: ({ context }) => ({
              productId: context.productId!,
              specId: context.specId,
              serviceUserId: context.serviceUserId,
              start: context.start!,
            }),
            onDone: [
              {
                guard: { type: 'isSlotTakenResult', params: ({ event }) => event.output },
                target: 'taken',
                actions: {
                  type: 'note',
                  params: ({ event }) => ({
                    notice: 'slotTaken' as const,
                    nextFree:
                      (event.output as { rejection: AppointmentRejectionInfo }).rejection.nextFree ?? [],
                  }),
                },
              },
              {
                guard: { type: 'isHoldRefusal', params: ({ event }) => event.output },
                target: 'refused',
                actions: {
                  type: 'note',
                  params: ({ event }) => ({
                    notice: (event.output as { rejection: AppointmentRejectionInfo }).rejection.reason,
                  }),
                },
              },
              {
                target: 'held',
                actions: {
                  type: 'storeHold',
                  params: ({ event }) => ({ hold: (event.output as { hold: AppointmentHold }).hold }),
                },
              },
            ],
            onError: {
              target: 'holdFailed',
              actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        /** The time is the customer's while they decide: the checkout may book it. */
        held: {
          invoke: { src: 'keepHold', id: 'keeper', input: ({ context }) => ({ id: context.kept!.hold.id }) },
          on: {
            'appointment.booked': '.used',
            'appointment.refused': [
              {
                guard: { type: 'isSlotTaken', params: ({ event }) => event },
                target: 'taken',
                actions: [
                  'dropHold',
                  {
                    type: 'note',
                    params: ({ event }) => ({
                      notice: 'slotTaken' as const,
                      nextFree: event.rejection.nextFree ?? [],
                    }),
                  },
                ],
              },
              {
                guard: { type: 'isHoldGone', params: ({ event }) => event },
                target: 'lost',
                actions: ['dropHold', { type: 'note', params: { notice: 'holdLost' } }],
              },
              {
                target: 'refused',
                actions: [
                  'dropHold',
                  { type: 'note', params: ({ event }) => ({ notice: event.rejection.reason }) },
                ],
              },
            ],
          },
          initial: 'keeping',
          states: {
            keeping: {
              after: {
                untilExtension: { guard: 'canExtendHold', target: 'extending' },
                untilExpiry: {
                  target: '#appointment.confirming.lost',
                  actions: ['dropHold', { type: 'note', params: { notice: 'holdExpired' } }],
                },
              },
            },
            extending: {
              invoke: {
                src: 'extendHold',
                input: ({ context }) => ({ id: context.kept!.hold.id }),
                onDone: [
                  {
                    guard: {
                      type: 'isExtendLimit',
                      params: ({ event }) => event.output as HoldResult,
                    },
                    target: 'keeping',
                    actions: 'capHold',
                  },
                  {
                    guard: { type: 'isHoldRefusal', params: ({ event }) => event.output },
                    target: '#appointment.confirming.lost',
                    actions: ['dropHold', { type: 'note', params: { notice: 'holdLost' } }],
                  },
                  {
                    target: 'keeping',
                    actions: {
                      type: 'storeHold',
                      params: ({ event }) => ({ hold: (event.output as { hold: AppointmentHold }).hold }),
                    },
                  },
                ],
                // No answer: the hold still runs until its expiry; the next try comes a little later.
                onError: { target: 'keeping', actions: 'countExtendFailure' },
              },
              after: {
                untilExpiry: {
                  target: '#appointment.confirming.lost',
                  actions: ['dropHold', { type: 'note', params: { notice: 'holdExpired' } }],
                },
              },
            },
            /** The order took the hold over: the keeper is told before it stops, so nothing is released. */
            used: {
              entry: 'markHoldUsed',
              always: '#appointment.booked',
            },
          },
        },
        /** "This time was just taken": the next free times the server named. */
        taken: {
          on: {
            'appointment.chooseFreeTime': {
              guard: { type: 'isOfferedFreeTime', params: ({ event }) => event },
              target: 'holding',
              actions: { type: 'setFreeTime', params: ({ event }) => event },
            },
          },
        },
        /** The hold lapsed or is gone: the time itself, if still free, and the next free times. */
        lost: {
          initial: 'finding',
          on: {
            'appointment.chooseFreeTime': {
              guard: { type: 'isOfferedFreeTime', params: ({ event }) => event },
              target: 'holding',
              actions: { type: 'setFreeTime', params: ({ event }) => event },
            },
          },
          states: {
            finding: {
              tags: 'busy',
              invoke: {
                src: 'loadFreeTimes',
                input: ({ context }) => ({
                  productId: context.productId!,
                  specId: context.specId,
                  serviceUserId: context.serviceUserId,
                  date: context.start!.date,
                  days: FREE_TIMES_DAYS,
                }),
                onDone: {
                  target: 'offering',
                  actions: {
                    type: 'storeFreeTimes',
                    params: ({ event }) => ({ availability: event.output }),
                  },
                },
                // Without the offers the customer still has the way back to every time.
                onError: 'offering',
              },
            },
            offering: {},
          },
        },
        /** The server refused the time for another reason (no longer offered, technician not bookable). */
        refused: {},
        holdFailed: {
          tags: 'error',
          on: { 'appointment.retry': { target: 'holding', actions: 'dismiss' } },
        },
      },
    },
    /** Back to the times (the hold is released as the keeper stops). */
    leftConfirm: { type: 'final' },
    booked: { type: 'final' },
  },
});
