import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { OrderDetail, OrderPayment } from '../../../src/domain/api/order';
import type { OrderPayInput, OrderPayRejectionInfo } from '../../../src/domain/api/order-life';
import type { PayOption } from '../../../src/domain/api/store';
import {
  MAX_POLLS,
  POLL_INTERVAL_MS,
  paymentMachine,
  type PayResult,
  type PaymentEmitted,
} from '../../../src/machines/payment/payment.machine';
import * as select from '../../../src/machines/payment/payment.selectors';
import {
  PAYMENT_EVENTS as EVENTS,
  paymentModel as model,
  type PaymentModelContext as ModelContext,
  type PaymentModelPayType as ModelPayType,
} from '../../../qa/models/payment.model';
import { coveragePaths } from '../support';

const PAY_PASSWORD = '246810';
const TRADE = 'sbx_trade_1';

const option = (id: number, payType: ModelPayType, extra: Partial<PayOption>): PayOption => ({
  id,
  payType,
  name: payType,
  orderTypes: ['selfPickup', 'takeaway'],
  needsMember: false,
  online: false,
  ...extra,
});
const OPTIONS: PayOption[] = [
  option(1, 'Card', { online: true }),
  option(2, 'Cash', {}),
  option(4, 'VIP', { needsMember: true }),
  // Not for this order's type: never offered.
  { ...option(3, 'Cash', {}), payType: 'COD', orderTypes: ['takeaway'] },
];
const PAY_TYPE_IDS: Record<ModelPayType, number> = { Card: 1, Cash: 2, VIP: 4 };

const paymentOf = (state: OrderPayment['state'], payType: ModelPayType): OrderPayment => ({
  id: 31,
  result: ({ processing: 0, success: 1, fail: 2, cancel: 3 } as const)[state],
  state,
  payType,
  settlement: payType === 'VIP' ? 'memberCard' : 'online',
  gateway: payType === 'Card' ? 'sandbox' : null,
  tradeNo: payType === 'Card' ? TRADE : null,
  amount: 3200,
  fromBalance: 0,
  fromGift: 0,
  failReason: state === 'fail' ? 'declined' : state === 'cancel' ? 'cancelled' : null,
  createdAt: '2026-11-19T10:00:00Z',
  completedAt: state === 'processing' ? null : '2026-11-19T10:01:00Z',
});

/** Only the fields the flow reads; the rest of an order does not matter to it. */
function orderOf(
  status: OrderDetail['status'],
  payment: OrderPayment | null,
  payType: ModelPayType,
): OrderDetail {
  const payable = status === 'nopay';
  return {
    id: 9,
    orderNo: 'P0009',
    shopId: 1,
    orderType: 'selfPickup',
    status,
    payType,
    payTypeId: PAY_TYPE_IDS[payType],
    amounts: { total: 3200 },
    payment,
    paid: payment?.state === 'success',
    actions: {
      pay: payable,
      close: payable && payment?.state !== 'processing',
      confirmDelivered: false,
    },
  } as unknown as OrderDetail;
}

type World = {
  holdOptions: boolean;
  pay: 'ok' | 'wrong' | 'short' | 'locked' | 'gatewayDown' | 'expired';
  gateway: OrderPayment['state'];
  order: OrderDetail;
};

function startPayment(world: World, returned: { tradeNo: string } | null) {
  const pending: { resolve(v: PayOption[]): void; reject(e: Error): void }[] = [];
  const calls: { pay: OrderPayInput[]; confirms: number; cancels: number; reads: number } = {
    pay: [],
    confirms: 0,
    cancels: 0,
    reads: 0,
  };
  const emitted: PaymentEmitted[] = [];
  const gatewayOrder = (payType: ModelPayType) =>
    orderOf(world.gateway === 'success' ? 'pending' : 'nopay', paymentOf(world.gateway, payType), payType);
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        loadPayOptions: fromPromise(() =>
          world.holdOptions
            ? new Promise<PayOption[]>((resolve, reject) => pending.push({ resolve, reject }))
            : Promise.resolve(OPTIONS),
        ),
        payOrder: fromPromise(async ({ input }): Promise<PayResult> => {
          calls.pay.push(input);
          const payType = (Object.keys(PAY_TYPE_IDS) as ModelPayType[]).find(
            (k) => PAY_TYPE_IDS[k] === input.payTypeId,
          )!;
          const refuse = (rejection: OrderPayRejectionInfo) => ({ rejection });
          if (world.pay === 'expired') {
            world.order = orderOf('nopay_cancel', null, payType);
            return refuse({ reason: 'expired' });
          }
          if (world.pay === 'gatewayDown') return refuse({ reason: 'gatewayUnavailable' });
          if (world.pay === 'wrong') return refuse({ reason: 'payPasswordWrong', attemptsLeft: 4 });
          if (world.pay === 'short') return refuse({ reason: 'balanceShort', short: 500 });
          if (world.pay === 'locked') return refuse({ reason: 'payPasswordLocked', retryAfter: 900 });
          if (payType === 'VIP' && input.payPassword !== PAY_PASSWORD)
            return refuse({ reason: 'payPasswordWrong', attemptsLeft: 4 });
          if (payType === 'Card') {
            const order = orderOf('nopay', paymentOf('processing', 'Card'), 'Card');
            world.order = order;
            return {
              paid: { order, payment: order.payment!, redirectUrl: `/#/order/stripe-pay?trade=${TRADE}` },
            };
          }
          const order = orderOf('pending', payType === 'VIP' ? paymentOf('success', 'VIP') : null, payType);
          world.order = order;
          return { paid: { order, payment: order.payment!, redirectUrl: null } };
        }),
        confirmReturn: fromPromise(async ({ input }) => {
          calls.confirms += 1;
          expect(input).toEqual({ id: 9, tradeNo: TRADE });
          return gatewayOrder('Card');
        }),
        loadOrder: fromPromise(async () => {
          calls.reads += 1;
          // Card orders are whatever the gateway says by now; others are as the server left them.
          return world.pay !== 'expired' && world.order.payType === 'Card'
            ? gatewayOrder('Card')
            : world.order;
        }),
        cancelAttempt: fromPromise(async ({ input }) => {
          calls.cancels += 1;
          expect(input).toEqual({ id: 9, paymentId: 31 });
          world.gateway = 'cancel';
          return gatewayOrder('Card');
        }),
      },
    }),
    { input: { order: world.order, returned, hasMember: true } },
  );
  actor.on('*', (e) => emitted.push(e as PaymentEmitted));
  actor.start();
  return { actor, pending, calls, emitted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const world: World = {
        holdOptions: true,
        pay: 'ok',
        gateway: 'processing',
        order: orderOf('nopay', null, 'Card'),
      };
      let run = startPayment(world, null);
      const snap = () => run.actor.getSnapshot();
      const step = () => select.selectStep(snap());
      const expectRefusal = (reason: ModelContext['refusal']) =>
        expect(select.selectRefusal(snap())?.reason ?? null).toBe(reason);
      /** The customer comes back from the gateway's page: the app starts the flow again with the trade. */
      const comeBack = async (gateway: OrderPayment['state']) => {
        world.gateway = gateway;
        world.holdOptions = false;
        run.actor.stop();
        run = startPayment(world, { tradeNo: TRADE });
        await flush();
        expect(run.calls.confirms).toBe(1);
      };
      const pay = (actor: Actor<typeof paymentMachine>) => actor.send({ type: 'pay.submit' });

      await path.run({
        states: {
          loading: () => {
            expect(step()).toBe('loading');
            expect(select.selectIsBusy(snap())).toBe(true);
          },
          loadFailed: () => expect(step()).toBe('loadFailed'),
          choosing: ({ context }) => {
            expect(step()).toBe('choosing');
            expect(select.selectPayType(snap())).toBe(context.payType);
            // Only the options for the order's type (no cash on delivery for self pickup).
            expect(select.selectOptions(snap()).map((o) => o.payType)).toEqual(['Card', 'Cash', 'VIP']);
            expectRefusal(context.refusal);
            if (context.refusal === 'balanceShort') expect(select.selectRefusal(snap())?.short).toBe(500);
          },
          password: ({ context }) => {
            expect(step()).toBe('password');
            expectRefusal(context.refusal);
            if (context.refusal) expect(select.selectRefusal(snap())?.attemptsLeft).toBe(4);
          },
          redirecting: () => {
            expect(step()).toBe('redirecting');
            expect(select.selectResultCode(snap())).toBe(0);
            expect(run.emitted.at(-1)).toEqual({
              type: 'payment.redirect',
              url: `/#/order/stripe-pay?trade=${TRADE}`,
            });
            expect(run.calls.pay.at(-1)).toEqual({ id: 9, payTypeId: 1, payPassword: undefined });
          },
          processing: () => {
            expect(step()).toBe('processing');
            expect(select.selectResultCode(snap())).toBe(0);
          },
          notCompleted: () => {
            expect(step()).toBe('notCompleted');
            expect(select.selectCanGiveUp(snap())).toBe(true);
          },
          success: ({ context }) => {
            expect(step()).toBe('success');
            expect(select.selectResultCode(snap())).toBe(1);
            expect(run.emitted.filter((e) => e.type === 'payment.settled')).toEqual([
              { type: 'payment.settled', order: select.selectOrder(snap()) },
            ]);
            expect(select.settlementOf(select.selectOrder(snap()))).toBe(
              context.payType === 'Cash' ? 'counter' : 'paid',
            );
            if (context.payType === 'VIP')
              expect(run.calls.pay.at(-1)).toEqual({ id: 9, payTypeId: 4, payPassword: PAY_PASSWORD });
          },
          fail: () => {
            expect(step()).toBe('fail');
            expect(select.selectResultCode(snap())).toBe(2);
            expect(select.selectPayment(snap())?.failReason).toBe('declined');
            expect(run.emitted.at(-1)).toMatchObject({ type: 'payment.ended', state: 'fail' });
          },
          cancel: () => {
            expect(step()).toBe('cancel');
            expect(select.selectResultCode(snap())).toBe(3);
            expect(run.emitted.at(-1)).toMatchObject({ type: 'payment.ended', state: 'cancel' });
          },
          closed: () => {
            expect(step()).toBe('closed');
            expect(snap().status).toBe('done');
            expectRefusal('expired');
            expect(run.emitted.some((e) => e.type === 'payment.settled')).toBe(false);
          },
        },
        events: {
          OPTIONS_OK: async () => {
            run.pending.at(-1)!.resolve(OPTIONS);
            await flush();
          },
          OPTIONS_FAIL: async () => {
            run.pending.at(-1)!.reject(new Error('timeout'));
            await flush();
          },
          RELOAD: async () => {
            run.actor.send({ type: 'pay.retry' });
            await flush();
          },
          CHOOSE: ({ payType }) => run.actor.send({ type: 'pay.choose', payType }),
          SUBMIT: async () => {
            world.pay = 'ok';
            pay(run.actor);
            await flush();
          },
          SUBMIT_GATEWAY_DOWN: async () => {
            world.pay = 'gatewayDown';
            pay(run.actor);
            await flush();
          },
          SUBMIT_EXPIRED: async () => {
            world.pay = 'expired';
            pay(run.actor);
            await flush();
          },
          PASSWORD_RIGHT: async () => {
            world.pay = 'ok';
            run.actor.send({ type: 'pay.password', password: PAY_PASSWORD });
            await flush();
          },
          PASSWORD_WRONG: async () => {
            world.pay = 'ok';
            // A malformed password is never sent.
            const sent = run.calls.pay.length;
            run.actor.send({ type: 'pay.password', password: '12345' });
            await flush();
            expect(run.calls.pay.length).toBe(sent);
            run.actor.send({ type: 'pay.password', password: '135791' });
            await flush();
          },
          PASSWORD_SHORT: async () => {
            world.pay = 'short';
            run.actor.send({ type: 'pay.password', password: PAY_PASSWORD });
            await flush();
          },
          PASSWORD_LOCKED: async () => {
            world.pay = 'locked';
            run.actor.send({ type: 'pay.password', password: PAY_PASSWORD });
            await flush();
          },
          BACK: () => run.actor.send({ type: 'pay.back' }),
          RETURN_PAID: () => comeBack('success'),
          RETURN_DECLINED: () => comeBack('fail'),
          RETURN_CANCELLED: () => comeBack('cancel'),
          RETURN_PENDING: () => comeBack('processing'),
          CALLBACK_ARRIVES: async () => {
            world.gateway = 'success';
            await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
          },
          WAIT_OUT: async () => {
            const reads = run.calls.reads;
            await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (MAX_POLLS + 1));
            expect(run.calls.reads - reads).toBeLessThanOrEqual(MAX_POLLS);
          },
          CHECK_AGAIN: async () => {
            run.actor.send({ type: 'pay.retry' });
            await flush();
          },
          GIVE_UP: async () => {
            run.actor.send({ type: 'pay.giveUp' });
            await flush();
            expect(run.calls.cancels).toBe(1);
          },
          RETRY_PAYMENT: async () => {
            world.pay = 'ok';
            world.gateway = 'processing';
            run.actor.send({ type: 'pay.retry' });
            await flush();
          },
          CHANGE_TYPE: () => run.actor.send({ type: 'pay.changeType' }),
        },
      });
      run.actor.stop();
    });
  }

  it('opening an order paid long ago announces nothing (the cart is left alone)', async () => {
    const world: World = {
      holdOptions: false,
      pay: 'ok',
      gateway: 'success',
      order: orderOf('pending', paymentOf('success', 'Card'), 'Card'),
    };
    const run = startPayment(world, null);
    await flush();
    expect(select.selectStep(run.actor.getSnapshot())).toBe('success');
    expect(run.emitted).toEqual([]);
  });

  it('a price with a member-card discount leaves only the member card to pay with', async () => {
    const world: World = {
      holdOptions: false,
      pay: 'ok',
      gateway: 'processing',
      order: orderOf('nopay', null, 'Card'),
    };
    const run = startPayment(world, null);
    await flush();
    const actor = run.actor;
    actor.stop();
    const locked = createActor(
      paymentMachine.provide({
        actors: {
          loadPayOptions: fromPromise(async () => OPTIONS),
          payOrder: fromPromise(async (): Promise<PayResult> => ({ rejection: { reason: 'payTypeLocked' } })),
        },
      }),
      { input: { order: world.order, hasMember: true } },
    ).start();
    await flush();
    locked.send({ type: 'pay.submit' });
    await flush();
    const s = locked.getSnapshot();
    expect(select.selectRefusal(s)?.reason).toBe('payTypeLocked');
    expect(select.selectIsLocked(s)).toBe(true);
    expect(select.selectOptions(s).map((o) => o.payType)).toEqual(['VIP']);
    locked.send({ type: 'pay.choose', payType: 'Card' });
    expect(select.selectPayType(locked.getSnapshot())).toBe('VIP');
    locked.send({ type: 'pay.submit' });
    expect(select.selectStep(locked.getSnapshot())).toBe('password');
  });

  it('a guest choosing the member card is told to register first, and nothing is sent', async () => {
    const paid: OrderPayInput[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          loadPayOptions: fromPromise(async () => OPTIONS),
          payOrder: fromPromise(async ({ input }): Promise<PayResult> => {
            paid.push(input);
            return { rejection: { reason: 'memberRequired' } };
          }),
        },
      }),
      { input: { order: orderOf('nopay', null, 'Card'), hasMember: false } },
    ).start();
    await flush();
    expect(select.selectPayType(actor.getSnapshot())).toBe('Card');
    actor.send({ type: 'pay.choose', payType: 'VIP' });
    actor.send({ type: 'pay.submit' });
    expect(select.selectStep(actor.getSnapshot())).toBe('choosing');
    expect(select.selectRefusal(actor.getSnapshot())?.reason).toBe('memberRequired');
    expect(paid).toEqual([]);
  });
});
