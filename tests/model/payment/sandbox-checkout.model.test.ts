import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { SandboxCompleteInfo, SandboxSession } from '../../../src/domain/api/order-life';
import {
  sandboxCheckoutMachine,
  type SandboxCheckoutEmitted,
  type SandboxCompleteRequest,
} from '../../../src/machines/payment/sandbox-checkout.machine';
import * as select from '../../../src/machines/payment/sandbox-checkout.selectors';
import { coveragePaths, settle } from '../support';

/** What is in the card field: nothing, too few digits, a pasted run of too many, or a test card. */
type Card = 'empty' | 'short' | 'long' | 'good';
type Style = SandboxSession['style'];
interface ModelContext {
  style: Style;
  card: Card;
  cardError: boolean;
  /** The gateway refused the last choice. */
  declined: boolean;
  choice: 'pay' | 'cancel' | null;
  /** The customer tapped again while the gateway was answering. */
  tappedAgain: boolean;
}
type ModelEvent =
  | { type: 'OPEN'; style: Style }
  | { type: 'OPEN_WITHOUT_TRADE' }
  | { type: 'SESSION_OK' }
  | { type: 'SESSION_FINISHED' }
  | { type: 'SESSION_FAIL' }
  | { type: 'TYPE'; card: Exclude<Card, 'empty'> }
  | { type: 'PAY' }
  | { type: 'CANCEL' }
  | { type: 'TAP_AGAIN' }
  | { type: 'GATEWAY_OK' }
  | { type: 'GATEWAY_DECLINES' };

const isCardBad = (c: ModelContext) => c.style === 'card' && c.card !== 'good';

/**
 * The customer's view of the hosted page: open it from the shop's link (card or wallet, or a link without
 * a trade), type a card number, pay or cancel, tap again while it works, and leave for the shop or read
 * the gateway's refusal.
 */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    isCardPage: ({ context }) => context.style === 'card',
    isCardBad: ({ context }) => isCardBad(context),
    isFirstTapAgain: ({ context }) => !context.tappedAgain,
  },
}).createMachine({
  id: 'sandboxCheckoutModel',
  context: {
    style: 'card',
    card: 'empty',
    cardError: false,
    declined: false,
    choice: null,
    tappedAgain: false,
  },
  initial: 'closed',
  states: {
    /** Before the page opens: the link decides what it reads. */
    closed: {
      on: {
        OPEN: { target: 'loading', actions: assign(({ event }) => ({ style: event.style })) },
        OPEN_WITHOUT_TRADE: 'notFound',
      },
    },
    loading: {
      on: { SESSION_OK: 'editing', SESSION_FINISHED: 'finished', SESSION_FAIL: 'notFound' },
    },
    editing: {
      on: {
        TYPE: {
          guard: 'isCardPage',
          actions: assign(({ event }) => ({ card: event.card, cardError: false })),
        },
        PAY: [
          { guard: 'isCardBad', actions: assign({ cardError: true, declined: false }) },
          {
            target: 'submitting',
            actions: assign({ choice: 'pay' as const, cardError: false, declined: false }),
          },
        ],
        CANCEL: {
          target: 'submitting',
          actions: assign({ choice: 'cancel' as const, cardError: false, declined: false }),
        },
      },
    },
    submitting: {
      on: {
        // A transition of its own (not an empty one) so that the paths take it.
        TAP_AGAIN: { guard: 'isFirstTapAgain', actions: assign({ tappedAgain: true }) },
        GATEWAY_OK: 'left',
        GATEWAY_DECLINES: {
          target: 'editing',
          actions: assign({ choice: null, declined: true, tappedAgain: false }),
        },
      },
    },
    finished: {},
    notFound: {},
    left: {},
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'OPEN', style: 'card' },
  { type: 'OPEN', style: 'wallet' },
  { type: 'OPEN_WITHOUT_TRADE' },
  { type: 'SESSION_OK' },
  { type: 'SESSION_FINISHED' },
  { type: 'SESSION_FAIL' },
  { type: 'TYPE', card: 'short' },
  { type: 'TYPE', card: 'long' },
  { type: 'TYPE', card: 'good' },
  { type: 'PAY' },
  { type: 'CANCEL' },
  { type: 'TAP_AGAIN' },
  { type: 'GATEWAY_OK' },
  { type: 'GATEWAY_DECLINES' },
];

const TRADE = 'sbx_trade_1';
const RETURN_URL = '/#/order/allin-pay-callback?orderId=9&paymentId=31&trade=sbx_trade_1';
const DECLINED = 'Card declined';

/** What the customer types, and what the field keeps of it (digits and spaces, at most 23 characters). */
const TYPED: Record<Exclude<Card, 'empty'>, string> = {
  short: '4242',
  long: 'x4242-4242 4242 4242 4242 4242 4242',
  good: '4242 4242 4242 4242',
};
const SHOWN: Record<Card, string> = {
  empty: '',
  short: '4242',
  long: '42424242 4242 4242 4242',
  good: '4242 4242 4242 4242',
};

const sessionOf = (style: Style, state: SandboxSession['state']): SandboxSession => ({
  tradeNo: TRADE,
  style,
  merchantName: '焰堡汉堡',
  description: 'Order P0009',
  amount: 3200,
  currency: 'CNY',
  numberDecimals: 2,
  state,
  expiresAt: '2026-11-19T10:15:00Z',
});

interface Deferred<T, I> {
  input: I;
  resolve(value: T): void;
  reject(error: Error): void;
}

function startCheckout(tradeNo: string | null) {
  const loads: Deferred<SandboxSession, { tradeNo: string }>[] = [];
  const completes: Deferred<SandboxCompleteInfo, SandboxCompleteRequest>[] = [];
  const emitted: SandboxCheckoutEmitted[] = [];
  const actor = createActor(
    sandboxCheckoutMachine.provide({
      actors: {
        loadSession: fromPromise(
          ({ input }) =>
            new Promise<SandboxSession>((resolve, reject) => loads.push({ input, resolve, reject })),
        ),
        complete: fromPromise(
          ({ input }) =>
            new Promise<SandboxCompleteInfo>((resolve, reject) => completes.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: { tradeNo } },
  );
  actor.on('*', (e) => emitted.push(e as SandboxCheckoutEmitted));
  actor.start();
  return { actor, loads, completes, emitted };
}

/** The request the customer's choice should make, as the gateway's contract takes it. */
const expectedRequest = (m: ModelContext): SandboxCompleteRequest => {
  if (m.choice === 'cancel') return { tradeNo: TRADE, outcome: 'cancel' };
  return m.style === 'card'
    ? { tradeNo: TRADE, outcome: 'succeed', cardNumber: '4242424242424242' }
    : { tradeNo: TRADE, outcome: 'succeed' };
};

describe('sandboxCheckout (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      let run = null as ReturnType<typeof startCheckout> | null;
      let style: Style = 'card';
      const current = () => {
        expect(run).not.toBeNull();
        return run!;
      };
      const snap = () => current().actor.getSnapshot();
      /** What every step of an open page shows: the session, the field, and which button works. */
      const expectPage = (m: ModelContext) => {
        const s = snap();
        expect(select.selectIsLoading(s)).toBe(false);
        expect(select.selectIsNotFound(s)).toBe(false);
        expect(select.selectSession(s)).toEqual(sessionOf(m.style, 'processing'));
        expect(select.selectCardNumber(s)).toBe(SHOWN[m.card]);
        expect(select.selectCardError(s)).toBe(m.cardError);
        expect(select.selectSubmitting(s)).toBe(m.choice);
      };

      await path.run({
        states: {
          closed: () => expect(run).toBeNull(),
          loading: ({ context }) => {
            const m = context as ModelContext;
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(select.selectSession(snap())).toBeNull();
            expect(current().loads.map((l) => l.input)).toEqual([{ tradeNo: TRADE }]);
            expect(style).toBe(m.style);
          },
          editing: ({ context }) => {
            const m = context as ModelContext;
            expectPage(m);
            expect(select.selectError(snap())).toBe(m.declined ? DECLINED : null);
            expect(current().emitted).toEqual([]);
          },
          submitting: ({ context }) => {
            const m = context as ModelContext;
            expectPage(m);
            expect(select.selectError(snap())).toBeNull();
            expect(current().completes.at(-1)!.input).toEqual(expectedRequest(m));
          },
          left: ({ context }) => {
            const m = context as ModelContext;
            expectPage(m);
            expect(current().emitted).toEqual([{ type: 'gateway.leave', url: RETURN_URL }]);
            expect(snap().status).toBe('done');
          },
          finished: () => {
            const s = snap();
            expect(select.selectIsLoading(s)).toBe(false);
            expect(select.selectIsNotFound(s)).toBe(false);
            expect(select.selectSession(s)?.state).toBe('success');
            expect(select.selectSubmitting(s)).toBeNull();
            // Nothing left to choose: a tap asks nothing.
            current().actor.send({ type: 'gateway.pay' });
            expect(current().completes).toEqual([]);
          },
          notFound: () => {
            const s = snap();
            expect(select.selectIsNotFound(s)).toBe(true);
            expect(select.selectIsLoading(s)).toBe(false);
            expect(select.selectSession(s)).toBeNull();
            expect(select.selectError(s)).toBeNull();
            expect(current().completes).toEqual([]);
          },
        },
        events: {
          OPEN: async (event) => {
            style = event.style;
            run = startCheckout(TRADE);
            await settle();
          },
          OPEN_WITHOUT_TRADE: async () => {
            run = startCheckout(null);
            await settle();
            // No trade number: the gateway is not even asked.
            expect(current().loads).toEqual([]);
          },
          SESSION_OK: async () => {
            current().loads.at(-1)!.resolve(sessionOf(style, 'processing'));
            await settle();
          },
          SESSION_FINISHED: async () => {
            current().loads.at(-1)!.resolve(sessionOf(style, 'success'));
            await settle();
          },
          SESSION_FAIL: async () => {
            current().loads.at(-1)!.reject(new Error('Payment session not found'));
            await settle();
          },
          TYPE: ({ card }) => current().actor.send({ type: 'gateway.cardNumber', value: TYPED[card] }),
          PAY: async () => {
            const sent = current().completes.length;
            current().actor.send({ type: 'gateway.pay' });
            await settle();
            if (select.selectCardError(snap())) expect(current().completes).toHaveLength(sent);
          },
          CANCEL: async () => {
            current().actor.send({ type: 'gateway.cancel' });
            await settle();
          },
          TAP_AGAIN: async () => {
            const sent = current().completes.length;
            current().actor.send({ type: 'gateway.pay' });
            current().actor.send({ type: 'gateway.cancel' });
            current().actor.send({ type: 'gateway.cardNumber', value: '4000 0000 0000 0002' });
            await settle();
            expect(current().completes).toHaveLength(sent);
          },
          GATEWAY_OK: async () => {
            current().completes.at(-1)!.resolve({ returnUrl: RETURN_URL, state: 'success' });
            await settle();
          },
          GATEWAY_DECLINES: async () => {
            current().completes.at(-1)!.reject(new Error(DECLINED));
            await settle();
          },
        },
      });
      run?.actor.stop();
    });
  }

  it('a wallet pays without a card number even when none was typed', async () => {
    const run = startCheckout(TRADE);
    run.loads[0]!.resolve(sessionOf('wallet', 'processing'));
    await settle();
    run.actor.send({ type: 'gateway.pay' });
    expect(select.selectCardError(run.actor.getSnapshot())).toBe(false);
    expect(run.completes.map((c) => c.input)).toEqual([{ tradeNo: TRADE, outcome: 'succeed' }]);
    run.actor.stop();
  });

  it('a card number of 12 or 19 digits is taken, 11 or 20 is refused, spaces anywhere', async () => {
    const cases: [string, boolean][] = [
      ['4242 4242 4242', true],
      ['4242424242424242424', true],
      ['4242 4242 424', false],
      ['42424242424242424242', false],
      ['4 2 4 2 4 2 4 2 4 2 4 2', true],
    ];
    for (const [typed, taken] of cases) {
      const run = startCheckout(TRADE);
      run.loads[0]!.resolve(sessionOf('card', 'processing'));
      await settle();
      run.actor.send({ type: 'gateway.cardNumber', value: typed });
      run.actor.send({ type: 'gateway.pay' });
      expect(select.selectCardError(run.actor.getSnapshot()), typed).toBe(!taken);
      expect(run.completes.length, typed).toBe(taken ? 1 : 0);
      if (taken) expect(run.completes[0]!.input.cardNumber).toBe(typed.replace(/ /g, ''));
      run.actor.stop();
    }
  });
});
