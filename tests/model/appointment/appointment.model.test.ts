import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import type {
  AppointmentHold,
  AppointmentInfo,
  AppointmentRejectionInfo,
  BeautyAvailabilityInfo,
  FreeTime,
  ServiceUser,
} from '../../../src/domain/api/beauty';
import type { OrderConfirmInput, OrderDetail } from '../../../src/domain/api/order';
import type { PayOption } from '../../../src/domain/api/store';
import type { CartLine } from '../../../src/domain/pricing';
import { linkAppointmentCheckout } from '../../../src/app/appointment-checkout';
import { NO_MEMBER_SETTING, type PricingParts } from '../../../src/machines/cart/cart.rules';
import {
  appointmentMachine,
  type AppointmentEmitted,
  type AppointmentInput,
  type CatalogRead,
  type HoldRequest,
  type HoldResult,
  type KeeperEvent,
  type RescheduleResult,
  type TimesRead,
} from '../../../src/machines/appointment/appointment.machine';
import * as select from '../../../src/machines/appointment/appointment.selectors';
import {
  checkoutMachine,
  type CheckoutEmitted,
  type SubmitResult,
} from '../../../src/machines/checkout/checkout.machine';
import {
  APPOINTMENT_EVENTS as EVENTS,
  appointmentModel as model,
  type AppointmentModelContext as ModelContext,
} from '../../../qa/models/appointment.model';
import { makeProduct } from '../fixtures/product';
import { makeShop } from '../fixtures/shop';
import { coveragePaths } from '../support';

// Thursday 19 November 2026, 18:00 in Shanghai.
const NOW = new Date('2026-11-19T10:00:00Z');
const CUT = 5102;
const COCO = 5601;
const LEO = 5602;
const NINA = 5604;

const technician = (id: number, userName: string, canReverse = true): ServiceUser => ({
  id,
  jobNo: `S${id % 100}`,
  userName,
  desc: '',
  tagId: 1,
  tagName: 'Stylist',
  userPhone: '139****0000',
  headImage: `/images/staff-${id}.webp`,
  canReverse,
  services: [{ productId: CUT, duration: id === COCO ? 75 : 60 }],
});
const TECHNICIANS = [technician(COCO, 'Coco'), technician(LEO, 'Leo'), technician(NINA, 'Nina', false)];

const CATALOG: CatalogRead['catalog'] = {
  settings: {
    timeZone: 'Asia/Shanghai',
    stepMinutes: 15,
    minNoticeMinutes: 60,
    horizonDays: 14,
    freeChangeHours: 24,
    holdMinutes: 5,
    holdMaxMinutes: 20,
    services: [
      {
        productId: CUT,
        duration: 60,
        bufferBefore: 0,
        bufferAfter: 10,
        serviceUserIds: [COCO, LEO, NINA],
        pool: null,
      },
    ],
  },
  types: [{ id: 5001, name: 'Cut & style' }],
  products: [
    makeProduct({
      id: CUT,
      typeId: 5001,
      name: 'Women’s Cut',
      price: 26800,
      memberPrice: 22800,
      serviceTime: 60,
    }),
    makeProduct({ id: 5107, typeId: 5001, name: 'Pedicure', price: 16800, state: 1, serviceTime: 45 }),
  ],
};

const start = (time: string, ids = [COCO, NINA]) => ({ time, startAt: `${time}+08:00`, serviceUserIds: ids });
/** Coco is free every time anyone is; Leo never is (the busy technician of the model). */
const AVAILABILITY: BeautyAvailabilityInfo = {
  productId: CUT,
  specId: null,
  serviceUserId: null,
  timeZone: 'Asia/Shanghai',
  serverNow: NOW.toISOString(),
  stepMinutes: 15,
  horizon: { first: '2026-11-19', last: '2026-12-02' },
  serviceUsers: [],
  dates: [
    { date: '2026-11-19', weekday: 4, starts: [start('19:00'), start('19:30')] },
    { date: '2026-11-20', weekday: 5, starts: [start('10:00'), start('14:00'), start('18:30')] },
    { date: '2026-11-21', weekday: 6, starts: [] },
  ],
};
const NEXT_FREE: FreeTime[] = [
  { date: '2026-11-20', time: '14:00', startAt: '2026-11-20T14:00:00+08:00', serviceUserIds: [COCO] },
  { date: '2026-11-20', time: '18:30', startAt: '2026-11-20T18:30:00+08:00', serviceUserIds: [COCO] },
];

const iso = (ms: number) => new Date(ms).toISOString();
let holds = 0;
function holdOf(request: HoldRequest): AppointmentHold {
  const now = Date.now();
  return {
    id: 900 + ++holds,
    productId: request.productId,
    specId: request.specId,
    serviceUser: { id: COCO, jobNo: 'S1', userName: 'Coco', tagName: 'Stylist', headImage: '' },
    assigned: request.serviceUserId === null,
    date: request.start.date,
    time: request.start.time,
    startAt: `${request.start.date}T${request.start.time}:00+08:00`,
    endAt: `${request.start.date}T${request.start.time}:00+08:00`,
    duration: 75,
    expiresAt: iso(now + 5 * 60_000),
    extendableUntil: iso(now + 20 * 60_000),
    serverNow: iso(now),
  };
}

const MOVING: AppointmentInfo = {
  id: 77,
  orderId: 4077,
  orderNo: 'A4077',
  orderStatus: 'nopay',
  shopId: 5,
  shopName: 'Lumière',
  status: 'awaitingPayment',
  service: { productId: CUT, specId: null, name: 'Women’s Cut', specName: null, image: '' },
  serviceUser: { id: COCO, jobNo: 'S1', userName: 'Coco', tagName: 'Stylist', headImage: '' },
  assigned: false,
  timeZone: 'Asia/Shanghai',
  date: '2026-11-20',
  time: '10:00',
  endTime: '11:15',
  startAt: '2026-11-20T10:00:00+08:00',
  endAt: '2026-11-20T11:15:00+08:00',
  duration: 75,
  beautyUserName: '',
  beautyUserPhone: '',
  changeDeadlineAt: '2026-11-19T10:00:00+08:00',
  freeChangeHours: 24,
  total: 26800,
  currency: 'CNY',
  numberDecimals: 2,
  paid: false,
  merchantReason: '',
  actions: { reschedule: true, cancel: true, pay: true, blockedBy: null },
  createdAt: '2026-11-19T09:00:00Z',
};

const refusal = (rejection: AppointmentRejectionInfo) => ({ rejection });

const PAY: PayOption[] = [
  {
    id: 9,
    payType: 'Cash',
    name: 'Pay at the shop',
    orderTypes: ['appointment'],
    needsMember: false,
    online: false,
  },
];
const SHOP = makeShop({ id: 5, industry: 4, orderTypes: ['appointment'] });
const PARTS: PricingParts = {
  shop: SHOP,
  memberSetting: NO_MEMBER_SETTING,
  orderType: 'appointment',
  clientTypeCode: 303,
  member: null,
  payType: null,
  activities: [],
  coupons: [],
  couponId: null,
  purchased: [],
  distance: null,
  isPickerPack: false,
  taxes: [],
  today: '2026-11-19',
};
const LINE: CartLine = { flag: 'cut', id: CUT, name: 'Women’s Cut', typeid: 5001, quantity: 1, price: 26800 };

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** What the fakes answer, and whether a read waits for the model to say how it ends. */
interface World {
  gateCatalog: boolean;
  gateTimes: boolean;
  extend: 'ok' | 'limit';
}

function harness() {
  const world: World = { gateCatalog: true, gateTimes: true, extend: 'ok' };
  const catalogs: Deferred<CatalogRead>[] = [];
  const times: Deferred<TimesRead>[] = [];
  const holdCalls: (Deferred<HoldResult> & { request: HoldRequest })[] = [];
  const extensions: number[] = [];
  const releases: number[] = [];
  const moves: (Deferred<RescheduleResult> & { start: { date: string; time: string } })[] = [];
  const submits: (Deferred<SubmitResult> & { payload: OrderConfirmInput })[] = [];
  const emitted: AppointmentEmitted[] = [];
  const checkoutEmitted: CheckoutEmitted[] = [];

  const logic = appointmentMachine.provide({
    actors: {
      loadCatalog: fromPromise(({ input }) =>
        world.gateCatalog
          ? new Promise<CatalogRead>((resolve, reject) => catalogs.push({ resolve, reject }))
          : Promise.resolve({ catalog: CATALOG, appointment: input.rescheduleId ? MOVING : null }),
      ),
      loadTimes: fromPromise(() =>
        world.gateTimes
          ? new Promise<TimesRead>((resolve, reject) => times.push({ resolve, reject }))
          : Promise.resolve({ technicians: TECHNICIANS, availability: AVAILABILITY }),
      ),
      loadFreeTimes: fromPromise(async () => AVAILABILITY),
      takeHold: fromPromise(
        ({ input }) =>
          new Promise<HoldResult>((resolve, reject) => holdCalls.push({ resolve, reject, request: input })),
      ),
      extendHold: fromPromise(async ({ input }): Promise<HoldResult> => {
        extensions.push(input.id);
        if (world.extend === 'limit') return refusal({ reason: 'holdExtendLimit' });
        const last = holdCalls.at(-1)!.request;
        return { hold: { ...holdOf(last), id: input.id } };
      }),
      keepHold: fromCallback<KeeperEvent, { id: number }>(({ input, receive }) => {
        let used = false;
        receive((event) => {
          if (event.type === 'hold.used') used = true;
        });
        return () => {
          if (!used) releases.push(input.id);
        };
      }),
      reschedule: fromPromise(
        ({ input }) =>
          new Promise<RescheduleResult>((resolve, reject) =>
            moves.push({ resolve, reject, start: input.start }),
          ),
      ),
    },
  });

  let actor: Actor<typeof logic>;
  let checkout: Actor<typeof checkoutMachine> | null = null;
  let links: { unsubscribe(): void }[] = [];

  /** A page starts the flow from its query, as src/app does. */
  const open = (input: Omit<AppointmentInput, 'clock'>) => {
    for (const link of links) link.unsubscribe();
    links = [];
    actor?.stop();
    checkout?.stop();
    checkout = null;
    actor = createActor(logic, { input: { ...input, clock: () => new Date() } });
    actor.on('*', (e) => emitted.push(e as AppointmentEmitted));
    actor.start();
    // The confirm page runs the checkout beside the hold.
    if (input.start) {
      checkout = createActor(
        checkoutMachine.provide({
          actors: {
            loadPayOptions: fromPromise(async () => PAY),
            submitOrder: fromPromise(
              ({ input: payload }) =>
                new Promise<SubmitResult>((resolve, reject) => submits.push({ resolve, reject, payload })),
            ),
          },
        }),
        {
          input: {
            orderType: 'appointment',
            lines: [LINE],
            products: [],
            parts: PARTS,
            contact: { name: 'Chen Jing', phone: '13800000002' },
            address: null,
            table: null,
            makeKey: () => `key-${submits.length}-abcdef`,
            clock: () => NOW,
          },
        },
      );
      checkout.on('*', (e) => checkoutEmitted.push(e as CheckoutEmitted));
      checkout.start();
      links = linkAppointmentCheckout(actor, checkout);
    }
  };

  /** Follows the flow's last navigation onto the next page, as the router would. */
  const follow = () => {
    const last = emitted.at(-1);
    if (last?.type !== 'navigate') throw new Error('the flow did not navigate');
    const q = last.to.query;
    const num = (v: unknown) => (v === undefined ? null : Number(v));
    open({
      productId: num(q.productId),
      serviceUserId: num(q.serviceUserId),
      date: (q.date as string | undefined) ?? null,
      start: q.time ? { date: q.date as string, time: q.time as string } : null,
    });
    return last;
  };

  return {
    world,
    catalogs,
    times,
    holdCalls,
    extensions,
    releases,
    moves,
    submits,
    emitted,
    checkoutEmitted,
    open,
    follow,
    actor: () => actor,
    checkout: () => checkout,
    stop: () => {
      for (const link of links) link.unsubscribe();
      actor.stop();
      checkout?.stop();
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const WHO: Record<ModelContext['who'], number | null> = { any: null, free: COCO, busy: LEO };

describe('appointment (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const h = harness();
      h.open({});
      const snap = () => h.actor().getSnapshot();
      const step = () => select.selectStep(snap());
      const chosenDate = () => select.selectDate(snap());
      /** A technician's radio: tapping the one already chosen sends nothing, as on the page. */
      const tapRadio = (serviceUserId: number | null) => {
        if (select.selectServiceUserId(snap()) !== serviceUserId)
          h.actor().send({ type: 'appointment.chooseServiceUser', serviceUserId });
      };

      await path.run({
        states: {
          loading: () => expect(step()).toBe('loading'),
          loadFailed: () => expect(step()).toBe('loadFailed'),
          services: () => {
            expect(step()).toBe('services');
            const [section] = select.selectServiceSections(snap());
            expect(section?.services.map((s) => [s.product.name, s.booking !== null])).toEqual([
              ['Women’s Cut', true],
              ['Pedicure', false],
            ]);
          },
          'times.loading': () => {
            expect(step()).toBe('timesLoading');
            expect(select.selectIsBusy(snap())).toBe(true);
          },
          'times.failed': () => expect(step()).toBe('timesFailed'),
          'times.ready': ({ context }) => {
            const model = context as ModelContext;
            expect(step()).toBe('times');
            expect(select.selectIsRescheduling(snap())).toBe(model.moving);
            expect(select.selectServiceUserId(snap())).toBe(WHO[model.who]);
            // Nina cannot be chosen by name: only Coco and Leo are listed, with their own minutes.
            expect(select.selectTechnicians(snap()).map((t) => [t.technician.id, t.duration])).toEqual([
              [COCO, 75],
              [LEO, 60],
            ]);
            expect(select.selectAnyTechnician(snap()).nextFree?.time).toBe('19:00');
            expect(select.selectHasNoTimes(snap())).toBe(model.who === 'busy');
            expect(select.selectStart(snap()) !== null).toBe(model.start);
            expect(select.selectCanContinue(snap())).toBe(model.start);
            expect(select.selectNotice(snap())).toBe(model.notice === 'taken' ? 'slotTaken' : null);
            if (model.who !== 'busy') {
              const groups = select.selectTimeGroups(snap());
              expect(groups.length).toBeGreaterThan(0);
              expect(groups.flatMap((g) => g.starts).filter((s) => s.chosen).length).toBe(
                model.start ? 1 : 0,
              );
            }
          },
          moving: () => {
            expect(step()).toBe('moving');
            expect(h.moves.length).toBeGreaterThan(0);
          },
          moved: () => {
            expect(snap().status).toBe('done');
            expect(h.emitted.at(-1)).toEqual({
              type: 'navigate',
              to: { route: '/pages/user/order/detail', query: { id: 4077 } },
              replace: true,
            });
          },
          moveBlocked: () => {
            expect(step()).toBe('moveBlocked');
            expect(select.selectMoveBlockedBy(snap())).toBe('changeWindowClosed');
          },
          'confirm.holding': () => {
            expect(step()).toBe('holding');
            // No time is held yet: the checkout cannot book one.
            expect(h.checkout()!.getSnapshot().context.form.appointment).toBeNull();
          },
          'confirm.held': () => {
            expect(step()).toBe('held');
            const hold = select.selectHold(snap())!;
            expect(h.checkout()!.getSnapshot().context.form.appointment).toEqual({
              holdId: hold.id,
              start: { date: hold.date, time: hold.time },
              serviceUser: hold.serviceUser,
              duration: 75,
            });
            expect(select.selectHoldCountdown(snap())).toEqual({
              deadline: hold.extendableUntil,
              offsetMs: 0,
            });
          },
          'confirm.taken': () => {
            expect(step()).toBe('taken');
            expect(select.selectNotice(snap())).toBe('slotTaken');
            expect(select.selectFreeTimes(snap())).toEqual(NEXT_FREE);
          },
          'confirm.lost': ({ context }) => {
            expect(step()).toBe('lost');
            expect(select.selectNotice(snap())).toBe(
              (context as ModelContext).notice === 'expired' ? 'holdExpired' : 'holdLost',
            );
            // The lost time first when still free, then the next ones (for the technician chosen).
            const held = h.holdCalls.at(-1)!.request.start;
            const offered = select.selectFreeTimes(snap());
            expect(offered.length).toBeGreaterThan(0);
            expect(offered[0]).toMatchObject(held);
            // Losing the hold dropped the time from the checkout.
            expect(h.checkout()!.getSnapshot().context.form.appointment).toBeNull();
          },
          'confirm.refused': () => {
            expect(step()).toBe('refused');
            expect(select.selectNotice(snap())).toBe('appointmentTimeInvalid');
          },
          'confirm.holdFailed': () => expect(step()).toBe('holdFailed'),
          booked: () => {
            expect(step()).toBe('booked');
            const holdId = h.submits.at(-1)!.payload.holdId;
            expect(h.releases).not.toContain(holdId);
            expect(h.checkoutEmitted.some((e) => e.type === 'order.placed')).toBe(true);
          },
        },
        events: {
          LOAD_OK: async () => {
            h.catalogs.at(-1)!.resolve({ catalog: CATALOG, appointment: null });
            await flush();
          },
          LOAD_FAIL: async () => {
            h.catalogs.at(-1)!.reject(new Error('timeout'));
            await flush();
          },
          RETRY: async () => {
            h.actor().send({ type: 'appointment.retry' });
            await flush();
          },
          CHOOSE_SERVICE: async () => {
            // A service that cannot be booked is not chosen.
            h.actor().send({ type: 'appointment.chooseService', productId: 5107 });
            expect(step()).toBe('services');
            h.actor().send({ type: 'appointment.chooseService', productId: CUT });
            h.world.gateCatalog = false;
            h.world.gateTimes = true;
            expect(h.follow().to).toEqual({ route: '/order/select-service-user', query: { productId: CUT } });
            await flush();
          },
          OPEN_MOVE: async () => {
            h.world.gateCatalog = false;
            h.world.gateTimes = true;
            h.open({ rescheduleId: 77 });
            await flush();
          },
          TIMES_OK: async () => {
            h.times.at(-1)!.resolve({ technicians: TECHNICIANS, availability: AVAILABILITY });
            await flush();
          },
          TIMES_FAIL: async () => {
            h.times.at(-1)!.reject(new Error('timeout'));
            await flush();
          },
          CHOOSE_TECHNICIAN: () => {
            // Nina takes no bookings by name: the choice is refused.
            const before = select.selectServiceUserId(snap());
            h.actor().send({ type: 'appointment.chooseServiceUser', serviceUserId: NINA });
            expect(select.selectServiceUserId(snap())).toBe(before);
            tapRadio(COCO);
          },
          CHOOSE_BUSY_TECHNICIAN: () => tapRadio(LEO),
          CHOOSE_ANY: () => tapRadio(null),
          CHOOSE_DATE: () => {
            const date = chosenDate() === '2026-11-19' ? '2026-11-20' : '2026-11-19';
            h.actor().send({ type: 'appointment.chooseDate', date });
            expect(chosenDate()).toBe(date);
          },
          CHOOSE_START: () => {
            // A time nobody offered is not taken.
            const before = select.selectStart(snap());
            h.actor().send({ type: 'appointment.chooseStart', start: { date: '2026-11-19', time: '19:15' } });
            expect(select.selectStart(snap())).toEqual(before);
            const first = select.selectTimeGroups(snap())[0]!.starts[0]!;
            h.actor().send({
              type: 'appointment.chooseStart',
              start: { date: chosenDate()!, time: first.time },
            });
          },
          CONTINUE: async () => {
            const moving = select.selectIsRescheduling(snap());
            const chosen = select.selectStart(snap())!;
            h.actor().send({ type: 'appointment.continue' });
            if (moving) {
              await flush();
              expect(h.moves.at(-1)!.start).toEqual(chosen);
              return;
            }
            const nav = h.follow();
            expect(nav.to.route).toBe('/order/confirm');
            expect(nav.to.query).toMatchObject({ productId: CUT, date: chosen.date, time: chosen.time });
            await flush();
            expect(h.holdCalls.at(-1)!.request.start).toEqual(chosen);
          },
          MOVE_OK: async () => {
            h.moves.at(-1)!.resolve({ appointment: { ...MOVING, time: '14:00' } });
            await flush();
          },
          MOVE_TAKEN: async () => {
            h.world.gateTimes = false;
            h.moves.at(-1)!.resolve(refusal({ reason: 'slotTaken', nextFree: NEXT_FREE }));
            await flush();
          },
          MOVE_CLOSED: async () => {
            h.moves.at(-1)!.resolve(
              refusal({
                reason: 'changeWindowClosed',
                changeDeadlineAt: NOW.toISOString(),
                freeChangeHours: 24,
              }),
            );
            await flush();
          },
          HOLD_OK: async () => {
            const call = h.holdCalls.at(-1)!;
            call.resolve({ hold: holdOf(call.request) });
            await flush();
          },
          HOLD_TAKEN: async () => {
            h.holdCalls.at(-1)!.resolve(refusal({ reason: 'slotTaken', nextFree: NEXT_FREE }));
            await flush();
          },
          HOLD_REFUSED: async () => {
            h.holdCalls.at(-1)!.resolve(refusal({ reason: 'appointmentTimeInvalid' }));
            await flush();
          },
          HOLD_FAIL: async () => {
            h.holdCalls.at(-1)!.reject(new Error('timeout'));
            await flush();
          },
          EXTEND: async () => {
            h.world.extend = 'ok';
            const before = select.selectHold(snap())!;
            const extended = h.extensions.length;
            // A minute before the hold would lapse, the page asks for more time.
            await vi.advanceTimersByTimeAsync(4 * 60_000);
            expect(h.extensions.length).toBe(extended + 1);
            expect(Date.parse(select.selectHold(snap())!.expiresAt)).toBeGreaterThan(
              Date.parse(before.expiresAt),
            );
          },
          EXPIRE: async () => {
            // The server allows no more time: the hold runs out.
            h.world.extend = 'limit';
            const holdId = select.selectHold(snap())!.id;
            await vi.advanceTimersByTimeAsync(5 * 60_000);
            expect(h.releases).toContain(holdId);
          },
          SUBMIT: async () => {
            h.checkout()!.send({ type: 'order.submit' });
            await flush();
            const sent = h.submits.at(-1)!;
            const hold = select.selectHold(snap())!;
            expect(sent.payload).toMatchObject({
              type: 'appointment',
              holdId: hold.id,
              serviceStartTimeInfo: { date: hold.date, time: hold.time },
              serviceUser: { id: COCO },
              serviceDuration: 75,
            });
            sent.resolve({ placed: { order: { id: 4100 } as OrderDetail, replayed: false } });
            await flush();
          },
          SUBMIT_TAKEN: async () => {
            h.checkout()!.send({ type: 'order.submit' });
            await flush();
            h.submits.at(-1)!.resolve({ appointmentRejection: { reason: 'slotTaken', nextFree: NEXT_FREE } });
            await flush();
          },
          SUBMIT_HOLD_GONE: async () => {
            h.checkout()!.send({ type: 'order.submit' });
            await flush();
            h.submits.at(-1)!.resolve({ appointmentRejection: { reason: 'holdNotFound' } });
            await flush();
          },
          CHOOSE_FREE_TIME: async () => {
            const [first] = select.selectFreeTimes(snap());
            h.actor().send({ type: 'appointment.chooseFreeTime', time: first! });
            await flush();
            expect(h.holdCalls.at(-1)!.request.start).toEqual({ date: first!.date, time: first!.time });
          },
          CHANGE_TIME: async () => {
            const holdId = select.selectHold(snap())?.id ?? null;
            h.actor().send({ type: 'appointment.changeTime' });
            // Leaving the confirm page lets the time go at once.
            if (holdId !== null) expect(h.releases).toContain(holdId);
            h.world.gateCatalog = false;
            h.world.gateTimes = true;
            const nav = h.follow();
            expect(nav).toMatchObject({ to: { route: '/order/select-service-user' }, replace: true });
            await flush();
          },
        },
      });
      h.stop();
    });
  }
});
