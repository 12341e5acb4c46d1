// The unpaid order's countdown (spec §4 "Unpaid orders are cancelled if payment is not completed within a
// countdown shown in minutes and seconds"). The deadline is the server's (order.payDeadlineAt); the time
// left is read from the clock on every tick rather than counted down, so a throttled or hidden tab never
// drifts. At zero the flow announces `countdown.expired`: the page reads the order again, which the
// server has cancelled (nopay_cancel) by then.
import { assign, emit, setup } from 'xstate';

export interface CountdownInput {
  /** ISO 8601 instant after which the server cancels the order. */
  deadlineAt: string;
  /** Server time minus browser time, ms (0 when unknown: the browser's clock is trusted). */
  offsetMs?: number;
  clock: () => Date;
}

export interface CountdownContext {
  deadline: number;
  offsetMs: number;
  clock: () => Date;
  /** Time left at the last reading, ms, never below 0. */
  remainingMs: number;
}

export type CountdownEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  /** The order was read again: its deadline or the clock offset may have moved. */
  | { type: 'countdown.sync'; deadlineAt: string; offsetMs?: number };

export type CountdownEmitted = { type: 'countdown.expired' };

const remainingAt = (context: Pick<CountdownContext, 'deadline' | 'offsetMs' | 'clock'>) =>
  Math.max(0, context.deadline - (context.clock().getTime() + context.offsetMs));

const parseDeadline = (text: string) => {
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : at;
};

type SyncEvent = Extract<CountdownEvent, { type: 'countdown.sync' }>;
const syncParams = ({ event }: { event: SyncEvent }) => ({
  deadlineAt: event.deadlineAt,
  offsetMs: event.offsetMs,
});

export const unpaidCountdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
    emitted: {} as CountdownEmitted,
  },
  delays: {
    /** Until the shown second changes: the display turns over on the second, not up to 1 s late. */
    tick: ({ context }) => context.remainingMs % 1000 || 1000,
  },
  guards: {
    isOver: ({ context }) => context.remainingMs <= 0,
    leavesTime: ({ context }, params: { deadlineAt: string; offsetMs?: number }) =>
      remainingAt({
        clock: context.clock,
        deadline: parseDeadline(params.deadlineAt),
        offsetMs: params.offsetMs ?? context.offsetMs,
      }) > 0,
  },
  actions: {
    measure: assign(({ context }) => ({ remainingMs: remainingAt(context) })),
    resync: assign(({ context }, params: { deadlineAt: string; offsetMs?: number }) => ({
      deadline: parseDeadline(params.deadlineAt),
      offsetMs: params.offsetMs ?? context.offsetMs,
    })),
    announceExpired: emit({ type: 'countdown.expired' as const }),
  },
}).createMachine({
  id: 'unpaidCountdown',
  context: ({ input }) => {
    const context = {
      deadline: parseDeadline(input.deadlineAt),
      offsetMs: input.offsetMs ?? 0,
      clock: input.clock,
      remainingMs: 0,
    };
    return { ...context, remainingMs: remainingAt(context) };
  },
  initial: 'running',
  states: {
    running: {
      tags: 'counting',
      entry: 'measure',
      always: { guard: 'isOver', target: 'expired' },
      after: { tick: { target: 'running', reenter: true } },
      on: {
        'page.hidden': 'paused',
        'countdown.sync': {
          target: 'running',
          reenter: true,
          actions: { type: 'resync', params: syncParams },
        },
      },
    },
    // A hidden page neither renders nor needs timers; coming back reads the clock afresh.
    paused: {
      tags: 'counting',
      on: {
        'page.visible': 'running',
        'countdown.sync': { actions: { type: 'resync', params: syncParams } },
      },
    },
    // Only a deadline still ahead restarts the count: an order read again that is not cancelled yet
    // (the server is a moment behind) must not make the page read it again and again.
    expired: {
      entry: ['measure', 'announceExpired'],
      on: {
        'countdown.sync': {
          guard: { type: 'leavesTime', params: syncParams },
          target: 'running',
          actions: { type: 'resync', params: syncParams },
        },
      },
    },
  },
});
