import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PayRulesInfo, RechargeView } from '../../../src/domain/api/member-money';
import type { PayOption } from '../../../src/domain/api/store';
import {
  MAX_POLLS,
  POLL_INTERVAL_MS,
  amountOf,
  rechargeMachine,
  type RechargeEmitted,
  type RechargeOptions,
  type RechargeStartInput,
  type StartResult,
} from '../../../src/machines/member/recharge.machine';
import * as select from '../../../src/machines/member/recharge.selectors';
import {
  RECHARGE_EVENTS as EVENTS,
  rechargeModel as model,
  type RechargeModelContext as ModelContext,
} from '../../../qa/models/recharge.model';
import { coveragePaths } from '../support';

const REDIRECT = '/#/order/stripe-pay?trade=sbx_recharge_1';

const CARD: PayOption = {
  id: 7,
  payType: 'Card',
  name: 'Card',
  orderTypes: [],
  needsMember: false,
  online: true,
};

const rulesOf = (isAllowRecharge: boolean): PayRulesInfo => ({
  isAllowRecharge,
  chargeSlogan: 'Top up 100, get 10 free',
  isFirstCharge: true,
  rules: [
    { id: 3, payAmount: 5000, giftAmount: 0, points: 0, coupons: [], limitCards: [], firstOnly: true },
    {
      id: 4,
      payAmount: 10000,
      giftAmount: 1000,
      points: 50,
      coupons: [{ templateId: 9, name: 'Free drink', quantity: 1 }],
      limitCards: [{ templateId: 2, name: '3 × Chendol', uses: 3, quantity: 1 }],
      firstOnly: false,
    },
  ],
  freeAmount: { min: 1000, max: 500000 },
  currency: 'SGD',
  numberDecimals: 2,
});

const optionsOf = (allowed: boolean): RechargeOptions => ({
  rules: rulesOf(allowed),
  gifts: [
    { payAmount: 5000, giftAmount: 500 },
    { payAmount: 10000, giftAmount: 1000 },
  ],
  payOptions: [CARD],
});

function rechargeOf(status: RechargeView['status']): RechargeView {
  return {
    id: 21,
    status,
    amount: 5000,
    giftAmount: 0,
    points: 0,
    coupons: [],
    limitCards: [],
    ruleId: 3,
    credited:
      status === 'success'
        ? {
            amount: 5000,
            giftAmount: 0,
            points: 0,
            couponIds: [],
            amountAfter: 5000,
            giftAfter: 0,
            pointsAfter: 0,
          }
        : null,
    createdAt: '2026-11-25T10:00:00Z',
    completedAt: status === 'processing' ? null : '2026-11-25T10:01:00Z',
    currency: 'SGD',
    numberDecimals: 2,
  };
}

type World = { holdOptions: boolean; refuse: boolean; gateway: RechargeView['status'] };

function startRecharge(world: World, returned: { rechargeId: number } | null) {
  const pending: { resolve(v: RechargeOptions): void; reject(e: Error): void }[] = [];
  const calls: { start: RechargeStartInput[]; reads: number[] } = { start: [], reads: [] };
  const emitted: RechargeEmitted[] = [];
  const actor = createActor(
    rechargeMachine.provide({
      actors: {
        loadOptions: fromPromise(() =>
          world.holdOptions
            ? new Promise<RechargeOptions>((resolve, reject) => pending.push({ resolve, reject }))
            : Promise.resolve(optionsOf(true)),
        ),
        startRecharge: fromPromise(async ({ input }): Promise<StartResult> => {
          calls.start.push(input);
          if (world.refuse)
            return { rejection: { reason: 'firstChargeInProgress', message: 'Another top-up is open.' } };
          return { started: { recharge: rechargeOf('processing'), redirectUrl: REDIRECT } };
        }),
        loadRecharge: fromPromise(async ({ input }) => {
          calls.reads.push(input.id);
          return rechargeOf(world.gateway);
        }),
      },
    }),
    { input: { returned } },
  );
  actor.on('*', (e) => emitted.push(e as RechargeEmitted));
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

describe('recharge (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const world: World = { holdOptions: true, refuse: false, gateway: 'processing' };
      let run = startRecharge(world, null);
      const snap = () => run.actor.getSnapshot();
      const step = () => select.selectStep(snap());
      /** The gateway sends the customer back: the app starts the flow again with the recharge's id. */
      const comeBack = async (gateway: RechargeView['status']) => {
        world.gateway = gateway;
        world.holdOptions = false;
        run.actor.stop();
        run = startRecharge(world, { rechargeId: 21 });
        await flush();
        expect(run.calls.reads[0]).toBe(21);
      };
      const expectChoice = (choice: ModelContext['choice']) => {
        if (choice === 'tier') {
          expect(select.selectChosenTier(snap())?.id).toBe(3);
          expect(select.selectAmount(snap())).toBe(5000);
        } else if (choice === 'free') {
          expect(select.selectChoice(snap())).toEqual({ kind: 'free' });
          expect(select.selectAmount(snap())).toBe(8850);
          // 88.50 earns the gift of the 50.00 step of the ladder.
          expect(select.selectFreeGift(snap())).toBe(500);
        } else {
          expect(select.selectAmount(snap())).toBeNull();
          expect(select.selectCanSubmit(snap())).toBe(false);
        }
      };

      await path.run({
        states: {
          loading: () => {
            expect(step()).toBe('loading');
            expect(select.selectIsBusy(snap())).toBe(true);
          },
          loadFailed: () => expect(step()).toBe('loadFailed'),
          closed: () => {
            expect(step()).toBe('notAllowed');
            expect(snap().status).toBe('done');
          },
          choosing: ({ context }) => {
            expect(step()).toBe('choosing');
            expect(select.selectTiers(snap()).map((t) => t.id)).toEqual([3, 4]);
            expect(select.selectRules(snap())?.chargeSlogan).toBe('Top up 100, get 10 free');
            expectChoice(context.choice);
            const notice = select.selectNotice(snap());
            if (context.notice === null) expect(notice).toBeNull();
            else if (context.notice === 'refused')
              expect(notice).toEqual({
                kind: 'refused',
                rejection: { reason: 'firstChargeInProgress', message: 'Another top-up is open.' },
              });
            else expect(notice).toEqual({ kind: 'ended', state: context.notice });
          },
          gateway: () => {
            expect(step()).toBe('redirecting');
            expect(run.emitted.at(-1)).toEqual({ type: 'recharge.redirect', url: REDIRECT });
          },
          processing: () => {
            expect(step()).toBe('processing');
            expect(select.selectIsBusy(snap())).toBe(true);
          },
          notCompleted: () => expect(step()).toBe('notCompleted'),
          credited: () => {
            expect(step()).toBe('credited');
            expect(run.emitted.filter((e) => e.type === 'recharge.credited')).toEqual([
              { type: 'recharge.credited', recharge: rechargeOf('success') },
            ]);
          },
        },
        events: {
          RULES_OK: async () => {
            run.pending.at(-1)!.resolve(optionsOf(true));
            await flush();
          },
          RULES_CLOSED: async () => {
            run.pending.at(-1)!.resolve(optionsOf(false));
            await flush();
          },
          RULES_FAIL: async () => {
            run.pending.at(-1)!.reject(new Error('timeout'));
            await flush();
          },
          RELOAD: async () => {
            run.actor.send({ type: 'recharge.retry' });
            await flush();
          },
          CHOOSE_TIER: () => run.actor.send({ type: 'recharge.tier', tierId: 3 }),
          TYPE_AMOUNT: () => run.actor.send({ type: 'recharge.amount', value: '88.50' }),
          TYPE_BAD_AMOUNT: () => {
            // Below the minimum of 10.00: the pay button has nothing to pay, and a submit marks the field.
            run.actor.send({ type: 'recharge.amount', value: '5' });
            const sent = run.calls.start.length;
            run.actor.send({ type: 'recharge.submit' });
            expect(select.selectAmountError(snap())).toBe(true);
            expect(run.calls.start.length).toBe(sent);
          },
          SUBMIT: async () => {
            world.refuse = false;
            const choice = select.selectChoice(snap());
            run.actor.send({ type: 'recharge.submit' });
            await flush();
            expect(run.calls.start.at(-1)).toEqual(
              choice?.kind === 'free' ? { payTypeId: 7, amount: 8850 } : { payTypeId: 7, ruleId: 3 },
            );
          },
          SUBMIT_REFUSED: async () => {
            world.refuse = true;
            run.actor.send({ type: 'recharge.submit' });
            await flush();
          },
          RETURN_PAID: () => comeBack('success'),
          RETURN_DECLINED: () => comeBack('fail'),
          RETURN_CANCELLED: () => comeBack('cancel'),
          RETURN_PENDING: () => comeBack('processing'),
          CALLBACK_ARRIVES: async () => {
            world.gateway = 'success';
            await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
          },
          WAIT_OUT: async () => {
            const reads = run.calls.reads.length;
            await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (MAX_POLLS + 1));
            expect(run.calls.reads.length - reads).toBeLessThanOrEqual(MAX_POLLS);
          },
          CHECK_AGAIN: async () => {
            run.actor.send({ type: 'recharge.retry' });
            await flush();
          },
          BACK: () => run.actor.send({ type: 'recharge.back' }),
        },
      });
      run.actor.stop();
    });
  }

  it('a typed amount reads at the shop decimals, and anything else is no amount', () => {
    expect(amountOf('88.5', 2)).toBe(8850);
    expect(amountOf('88,50', 2)).toBe(8850);
    expect(amountOf('100', 2)).toBe(10000);
    expect(amountOf('1.234', 2)).toBeNull();
    expect(amountOf('', 2)).toBeNull();
    expect(amountOf('12.5', 0)).toBeNull();
    expect(amountOf('12', 0)).toBe(12);
  });

  it('a tier the page never offered is not chosen, and the summary keeps the one shown', async () => {
    const run = startRecharge({ holdOptions: false, refuse: false, gateway: 'processing' }, null);
    await flush();
    run.actor.send({ type: 'recharge.tier', tierId: 4 });
    run.actor.send({ type: 'recharge.tier', tierId: 99 });
    expect(select.selectChosenTier(run.actor.getSnapshot())?.payAmount).toBe(10000);
  });

  it('a lost answer to the start leaves the customer on the tiers with the reason, nothing redirected', async () => {
    const actor = createActor(
      rechargeMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => optionsOf(true)),
          startRecharge: fromPromise(async (): Promise<StartResult> => {
            throw new Error('http.serverError');
          }),
        },
      }),
      { input: {} },
    );
    const emitted: RechargeEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as RechargeEmitted));
    actor.start();
    await flush();
    actor.send({ type: 'recharge.submit' });
    await flush();
    expect(select.selectStep(actor.getSnapshot())).toBe('choosing');
    expect(select.selectError(actor.getSnapshot())).toBe('http.serverError');
    expect(emitted).toEqual([]);
  });
});
