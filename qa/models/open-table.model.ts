// An open-table tab as one guest lives it, one source for two walks: tests/model/open-table/
// open-table.model.test.ts drives the real machine with it against a fake server, and qa/flows/open-table.ts
// the pages in Chromium. The kitchen's moves, a stream that fails and the clock passing a fee step are
// the world's events; what the guest sees of them is checked in every state.
import { assign, setup } from 'xstate';

export interface OpenTableModelContext {
  /** The tab has a round (one or more: the count does not change what the guest can do). */
  rounds: number;
  /** The bill was split in two equal shares (else one guest pays it all). */
  split: boolean;
  /** Shares already paid by the reader. */
  partsPaid: number;
}

export type OpenTableModelEvent =
  | { type: 'AT_TABLE' }
  | { type: 'OPEN' }
  | { type: 'OPEN_TOO_MANY' }
  | { type: 'LOAD' }
  | { type: 'LOAD_FAIL' }
  | { type: 'RETRY' }
  | { type: 'SEND_ROUND' }
  | { type: 'SEND_ROUND_LOST' }
  | { type: 'RETRY_ROUND' }
  | { type: 'DROP_ROUND' }
  | { type: 'KITCHEN_MOVES' }
  | { type: 'STREAM_FAILS' }
  | { type: 'FEE_STEP' }
  | { type: 'ASK_BILL' }
  | { type: 'CLOSE_BILL' }
  | { type: 'CONFIRM_ALL' }
  | { type: 'CONFIRM_EQUAL' }
  | { type: 'OPEN_PAY' }
  | { type: 'TAKE_PART' }
  | { type: 'PAY' }
  | { type: 'PAY_CLOSE' }
  | { type: 'OTHER_PAYS' }
  | { type: 'TAKE_BACK' };

export const openTableModel = setup({
  types: { context: {} as OpenTableModelContext, events: {} as OpenTableModelEvent },
  guards: {
    hasRound: ({ context }) => context.rounds > 0,
    isSplit: ({ context }) => context.split,
    isWhole: ({ context }) => !context.split,
    lastShareLeft: ({ context }) => context.split && context.partsPaid === 0,
    nothingPaid: ({ context }) => context.partsPaid === 0,
    othersShareLeft: ({ context }) => context.split && context.partsPaid === 1,
  },
  actions: {
    addRound: assign({ rounds: 1 }),
    splitInTwo: assign({ split: true }),
    wholeBill: assign({ split: false }),
    payShare: assign({ partsPaid: 1 }),
  },
}).createMachine({
  id: 'openTableModel',
  context: { rounds: 0, split: false, partsPaid: 0 },
  initial: 'start',
  states: {
    /** The tab's page (LOAD), or the table page of a guest without a tab (AT_TABLE). */
    start: { on: { LOAD: 'ordering', LOAD_FAIL: 'failed', AT_TABLE: 'joining' } },
    /** The headcount (at most the table's seats) and an optional name open or join the table's tab. */
    joining: { on: { OPEN: 'ordering', OPEN_TOO_MANY: {} } },
    failed: { on: { RETRY: 'ordering' } },
    /** The tab takes rounds; the kitchen, the stream and the clock move it live. */
    ordering: {
      on: {
        SEND_ROUND: { actions: 'addRound' },
        SEND_ROUND_LOST: 'roundFailed',
        KITCHEN_MOVES: { guard: 'hasRound' },
        STREAM_FAILS: {},
        FEE_STEP: {},
        ASK_BILL: { guard: 'hasRound', target: 'choosingSplit' },
      },
    },
    /** No answer to a round: it is sent again under its key, or dropped. */
    // The lost answer's round did reach the kitchen: dropped or not, the tab shows it once.
    roundFailed: {
      on: {
        RETRY_ROUND: { target: 'ordering', actions: 'addRound' },
        DROP_ROUND: { target: 'ordering', actions: 'addRound' },
      },
    },
    choosingSplit: {
      on: {
        CLOSE_BILL: 'ordering',
        CONFIRM_ALL: { target: 'payment', actions: 'wholeBill' },
        CONFIRM_EQUAL: { target: 'bill', actions: 'splitInTwo' },
      },
    },
    /** The bill frozen, with its parts. */
    bill: {
      on: {
        OPEN_PAY: { guard: 'isWhole', target: 'payment' },
        TAKE_PART: { guard: 'lastShareLeft', target: 'payment' },
        OTHER_PAYS: { guard: 'othersShareLeft', target: 'paid' },
        TAKE_BACK: { guard: 'nothingPaid', target: 'ordering', actions: 'wholeBill' },
      },
    },
    payment: {
      on: {
        PAY: [{ guard: 'isSplit', target: 'bill', actions: 'payShare' }, { target: 'paid' }],
        PAY_CLOSE: { guard: 'isWhole', target: 'bill' },
      },
    },
    paid: { type: 'final' },
  },
});

export const OPEN_TABLE_EVENTS: OpenTableModelEvent[] = [
  { type: 'AT_TABLE' },
  { type: 'OPEN' },
  { type: 'OPEN_TOO_MANY' },
  { type: 'LOAD' },
  { type: 'LOAD_FAIL' },
  { type: 'RETRY' },
  { type: 'SEND_ROUND' },
  { type: 'SEND_ROUND_LOST' },
  { type: 'RETRY_ROUND' },
  { type: 'DROP_ROUND' },
  { type: 'KITCHEN_MOVES' },
  { type: 'STREAM_FAILS' },
  { type: 'FEE_STEP' },
  { type: 'ASK_BILL' },
  { type: 'CLOSE_BILL' },
  { type: 'CONFIRM_ALL' },
  { type: 'CONFIRM_EQUAL' },
  { type: 'OPEN_PAY' },
  { type: 'TAKE_PART' },
  { type: 'PAY' },
  { type: 'PAY_CLOSE' },
  { type: 'OTHER_PAYS' },
  { type: 'TAKE_BACK' },
];
