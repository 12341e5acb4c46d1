import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type { PayType } from '../../../src/domain/enums';
import type { Coupon, CouponEvaluation } from '../../../src/domain/pricing';
import {
  couponSelectionMachine,
  type CouponChange,
  type CouponNotice,
} from '../../../src/machines/coupon/coupon-selection.machine';
import * as select from '../../../src/machines/coupon/coupon-selection.selectors';
import { coveragePaths, settle } from '../support';

// The customer's coupons: ¥5 off for anyone (1), ¥8 off paid by member card (2), a free product (3, the
// item on line "p"), and ¥10 off orders over ¥1000 (4, never reached here).
const held = (id: number, name: string, pricing: Partial<Coupon>): CustomerCoupon => ({
  id,
  templateId: id,
  name,
  kind: pricing.type ?? 4,
  state: 'usable',
  source: 'activity',
  claimedAt: '2026-11-01T10:00:00+08:00',
  orderId: null,
  usedAt: null,
  rules: {
    value: name,
    threshold: 'No minimum',
    validity: 'Until 2026-12-31',
    scope: 'This shop',
    conditions: [],
  },
  pricing: { id, name, type: 4, ...pricing } as CustomerCoupon['pricing'],
});
const COUPONS = [
  held(1, '¥5 off', { type: 4, reductionAmount: 500 }),
  held(2, '¥8 off by card', { type: 4, reductionAmount: 800, memberCardOnly: true }),
  held(3, 'Free cake', { type: 17, productList: [7] }),
  held(4, '¥10 off over ¥1000', { type: 4, reductionAmount: 1000, minAmount: 100000 }),
];

interface World {
  payType: PayType;
  /** The product coupon's item is in the cart. */
  item: boolean;
}

/** What the engine says of each coupon on the cart (a ¥30 order; the cake line "p" when item). */
function evaluate(coupons: readonly Coupon[], world: World): CouponEvaluation[] {
  return coupons.map((c) => {
    const reasons: CouponEvaluation['reasons'] = [];
    if (c.memberCardOnly && world.payType !== 'VIP') reasons.push('payType');
    if (c.type === 17 && !world.item) reasons.push('product');
    if ((c.minAmount ?? 0) > 3000) reasons.push('amount');
    const usable = reasons.length === 0;
    const amount = c.type === 17 ? 1200 : (c.reductionAmount ?? 0);
    return {
      id: c.id,
      name: c.name,
      type: c.type,
      reductionAmount: c.reductionAmount ?? 0,
      usable,
      reasons,
      amount: usable ? amount : 0,
      base: 3000,
    };
  });
}

interface ModelContext extends World {
  chosen: number | null;
  cleared: boolean;
}
type ModelEvent =
  | { type: 'LOGIN' }
  | { type: 'LOAD_OK' }
  | { type: 'LOAD_FAIL' }
  | { type: 'RETRY' }
  | { type: 'PAY'; payType: PayType }
  | { type: 'ITEM'; present: boolean }
  | { type: 'CHOOSE'; id: number }
  | { type: 'CLEAR' }
  | { type: 'REFUSED' }
  | { type: 'RELOAD' };

const usableIn = (w: World, id: number) =>
  id === 1 || (id === 2 && w.payType === 'VIP') || (id === 3 && w.item);

/** The spec's choice after a recalculation: a gone item or an unusable coupon drops, then the default pick. */
function settled(m: ModelContext): number | null {
  let chosen = m.chosen;
  if (chosen !== null && !usableIn(m, chosen)) chosen = null;
  if (m.cleared) return null;
  if (chosen !== null) return chosen;
  return m.payType === 'VIP' ? 2 : 1;
}

const world = (m: ModelContext, changes: Partial<World>) => ({ ...m, ...changes });

const couponModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    usable: ({ context, event }) => event.type === 'CHOOSE' && usableIn(context, event.id),
  },
}).createMachine({
  id: 'couponSelectionModel',
  context: { payType: 'VIP', item: true, chosen: null, cleared: false },
  initial: 'guest',
  // The cart changes whatever the coupons are doing; the choice follows only once they are listed.
  on: {
    PAY: { actions: assign(({ context, event }) => world(context, { payType: event.payType })) },
    ITEM: { actions: assign(({ context, event }) => world(context, { item: event.present })) },
  },
  states: {
    guest: { on: { LOGIN: 'loading' } },
    loading: {
      on: {
        LOAD_OK: { target: 'ready', actions: assign(({ context }) => ({ chosen: settled(context) })) },
        LOAD_FAIL: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        PAY: {
          actions: assign(({ context, event }) => {
            const next = world(context, { payType: event.payType });
            return { ...next, chosen: settled(next) };
          }),
        },
        ITEM: {
          actions: assign(({ context, event }) => {
            const next = world(context, { item: event.present });
            return { ...next, chosen: settled(next) };
          }),
        },
        CHOOSE: {
          guard: 'usable',
          actions: assign(({ event }) => ({ chosen: (event as { id: number }).id, cleared: false })),
        },
        CLEAR: { actions: assign({ chosen: null, cleared: true }) },
        REFUSED: { target: 'loading', actions: assign({ chosen: null, cleared: true }) },
        RELOAD: 'loading',
      },
    },
  },
});

describe('couponSelection (model-based)', () => {
  for (const path of coveragePaths(couponModel, [
    { type: 'LOGIN' },
    { type: 'LOAD_OK' },
    { type: 'LOAD_FAIL' },
    { type: 'RETRY' },
    { type: 'PAY', payType: 'Cash' },
    { type: 'PAY', payType: 'VIP' },
    { type: 'ITEM', present: false },
    { type: 'ITEM', present: true },
    { type: 'CHOOSE', id: 3 },
    { type: 'CHOOSE', id: 2 },
    { type: 'CHOOSE', id: 4 },
    { type: 'CLEAR' },
    { type: 'REFUSED' },
    { type: 'RELOAD' },
  ])) {
    it(path.description, async () => {
      const now: World = { payType: 'VIP', item: true };
      const loads: { resolve(): void; reject(e: Error): void }[] = [];
      const changes: CouponChange[] = [];
      let priced: Coupon[] = [];
      const actor = createActor(
        couponSelectionMachine.provide({
          actors: {
            loadCoupons: fromPromise(
              () =>
                new Promise<CustomerCoupon[]>((resolve, reject) =>
                  loads.push({ resolve: () => resolve(COUPONS), reject }),
                ),
            ),
          },
        }),
        { input: { loggedIn: false } },
      );
      /** The confirm page: the cart re-priced with what the flow chose, then its evaluations passed back. */
      const reprice = () =>
        actor.send({
          type: 'coupons.priced',
          evaluations: evaluate(priced, now),
          lineFlags: now.item ? ['a', 'p'] : ['a'],
          payType: now.payType,
        });
      actor.on('coupons.changed', (change) => {
        changes.push(change);
        priced = change.coupons;
        reprice();
      });
      actor.start();
      reprice();
      const snap = () => actor.getSnapshot();
      const lastNotice = (): CouponNotice | null => select.selectNotice(snap());
      await path.run({
        states: {
          guest: () => {
            expect(select.selectIsGuest(snap())).toBe(true);
            expect(select.selectOptions(snap())).toEqual([]);
          },
          loading: () => expect(select.selectIsLoading(snap())).toBe(true),
          failed: () => {
            expect(select.selectLoadFailed(snap())).toBe(true);
            expect(select.selectError(snap())).toBe('offline');
          },
          ready: (state) => {
            const m = state.context as ModelContext;
            expect(select.selectChosenId(snap())).toBe(m.chosen);
            expect(select.selectIsCleared(snap())).toBe(m.cleared);
            // The cart is priced with the flow's choice: the last change the page was told of.
            expect(changes.at(-1)?.couponId ?? null).toBe(m.chosen);
            const options = select.selectOptions(snap());
            expect(options).toHaveLength(4);
            const usable = options.filter((o) => o.usable).map((o) => o.id);
            expect(select.selectUsableCount(snap())).toBe(usable.length);
            // Usable ones first; the over-¥1000 coupon says how much is short.
            expect(options.slice(0, usable.length).every((o) => o.usable)).toBe(true);
            expect(options.find((o) => o.id === 4)).toMatchObject({ reasons: ['amount'], short: 97000 });
            expect(select.selectChosen(snap())?.id ?? null).toBe(m.chosen);
          },
        },
        events: {
          LOGIN: () => actor.send({ type: 'coupons.login' }),
          LOAD_OK: async () => {
            loads.at(-1)!.resolve();
            await settle();
          },
          LOAD_FAIL: async () => {
            loads.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: () => actor.send({ type: 'coupons.retry' }),
          PAY: ({ payType }) => {
            const before = select.selectChosenId(snap());
            now.payType = payType;
            reprice();
            // The member-card coupon is dropped with words, not silently.
            if (snap().matches('ready') && before === 2 && payType !== 'VIP')
              expect(lastNotice()).toEqual({ kind: 'payTypeDropped', name: '¥8 off by card' });
          },
          ITEM: ({ present }) => {
            const before = select.selectChosenId(snap());
            now.item = present;
            reprice();
            if (snap().matches('ready') && before === 3 && !present)
              expect(lastNotice()).toEqual({ kind: 'productCleared', name: 'Free cake' });
          },
          CHOOSE: ({ id }) => actor.send({ type: 'coupons.choose', id }),
          CLEAR: () => actor.send({ type: 'coupons.clear' }),
          REFUSED: () => {
            actor.send({ type: 'coupons.refused', reasons: ['payType'] });
            expect(lastNotice()).toEqual({ kind: 'refused', reasons: ['payType'] });
          },
          RELOAD: () => actor.send({ type: 'coupons.reload' }),
        },
      });
      actor.stop();
    });
  }
});

describe('couponSelection', () => {
  it('a logged-in customer’s coupons load at once, and a kept "no coupon" stays cleared', async () => {
    const actor = createActor(
      couponSelectionMachine.provide({
        actors: { loadCoupons: fromPromise(async () => COUPONS) },
      }),
      { input: { loggedIn: true, kept: { chosenId: null, lineFlag: null, cleared: true } } },
    );
    actor.start();
    expect(select.selectIsLoading(actor.getSnapshot())).toBe(true);
    await settle();
    actor.send({
      type: 'coupons.priced',
      evaluations: evaluate(
        COUPONS.map((c) => c.pricing),
        { payType: 'VIP', item: true },
      ),
      lineFlags: ['a', 'p'],
      payType: 'VIP',
    });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(select.selectChosenId(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('a product coupon pointed at a line leaves with that line', async () => {
    const actor = createActor(
      couponSelectionMachine.provide({ actors: { loadCoupons: fromPromise(async () => COUPONS) } }),
      { input: { loggedIn: true } },
    );
    actor.start();
    await settle();
    const priced = (lineFlags: string[]) =>
      actor.send({
        type: 'coupons.priced',
        evaluations: evaluate(
          COUPONS.map((c) => c.pricing),
          { payType: 'Cash', item: true },
        ),
        lineFlags,
        payType: 'Cash',
      });
    priced(['a', 'p', 'q']);
    actor.send({ type: 'coupons.choose', id: 3, lineFlag: 'q' });
    expect(select.selectChosenId(actor.getSnapshot())).toBe(3);
    // A line that is not in the cart cannot be pointed at.
    actor.send({ type: 'coupons.choose', id: 3, lineFlag: 'zz' });
    expect(actor.getSnapshot().context.lineFlag).toBe('q');
    priced(['a', 'p']);
    expect(select.selectNotice(actor.getSnapshot())).toEqual({ kind: 'productCleared', name: 'Free cake' });
    expect(select.selectChosenId(actor.getSnapshot())).toBe(1);
    actor.stop();
  });
});
