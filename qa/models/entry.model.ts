// The entry model, one source for two walks: tests/model/entry/entry.model.test.ts drives the real entry machine
// with it over every scenario (fixture shops, held and failed calls), and `npm run qa:replay -- entry`
// (qa/flows/entry.ts) opens the demo shops' links in Chromium for the scenarios marked `demo`.
import { assign, setup } from 'xstate';

/** What the customer sees first: a page of the shop (or the store list), a refused link, or a failure. */
export type EntryOutcome = 'routed' | 'invalid' | 'failed';

export interface EntryScenarioSpec {
  outcome: EntryOutcome;
  /** After tapping retry on a failure: the page the entry lands on. */
  afterRetry?: 'routed';
  /**
   * The demo shops (server/seed) reach it from a link, so QA replays it. A scenario without is walked in
   * Vitest only; docs/decisions.md Q41 says why each cannot be reached.
   */
  demo: boolean;
}

/** One scenario per rule of spec §2 "Entry routing", bad link and way of obtaining a session. */
export const ENTRY_SCENARIOS = {
  // Rule 1: an expand red bag not viewed before, unless old mode or open-table. No demo shop has one.
  redBag: { outcome: 'routed', demo: false },
  redBagViewed: { outcome: 'routed', demo: false },
  redBagOldMode: { outcome: 'routed', demo: false },
  // Rule 2: the member-centre flag.
  memberCentre: { outcome: 'routed', demo: true },
  // Rule 3: scan or dine, a shared product, auto-add.
  dine: { outcome: 'routed', demo: true },
  dineByTableNo: { outcome: 'routed', demo: true },
  // A table code exists only in the database (`npm run table-codes` prints it); no read hands one out.
  dineByCodeAndTableNo: { outcome: 'routed', demo: false },
  sharedProduct: { outcome: 'routed', demo: true },
  autoAdd: { outcome: 'routed', demo: true },
  // Rule 4: beauty shops.
  beauty: { outcome: 'routed', demo: true },
  // Rule 5: open-table by table status. A table orders only once a tab is opened, which no link does (Q41).
  tableIdle: { outcome: 'routed', demo: true },
  tableIdleByNumber: { outcome: 'routed', demo: true },
  tableOrdering: { outcome: 'routed', demo: false },
  tableOrderingMine: { outcome: 'routed', demo: false },
  tableBusyMine: { outcome: 'routed', demo: false },
  tableBusyOthers: { outcome: 'routed', demo: false },
  tableMissing: { outcome: 'invalid', demo: true },
  // Rule 6.
  kiosk: { outcome: 'routed', demo: true },
  homeDefault: { outcome: 'routed', demo: true },
  plain: { outcome: 'routed', demo: true },
  // Links without or with bad parameters.
  noShop: { outcome: 'routed', demo: true },
  badShopId: { outcome: 'invalid', demo: true },
  conflictingShopIds: { outcome: 'invalid', demo: true },
  badTable: { outcome: 'invalid', demo: true },
  badFlag: { outcome: 'invalid', demo: true },
  // Obtaining a session: a visit before the link leaves the token the link finds.
  tokenSameShop: { outcome: 'routed', demo: true },
  tokenOtherShop: { outcome: 'routed', demo: true },
  tokenRefused: { outcome: 'routed', demo: true },
  linkOpenid: { outcome: 'routed', demo: true },
  // Failures the customer can retry.
  sessionRefused: { outcome: 'failed', afterRetry: 'routed', demo: true },
  shopUnreachable: { outcome: 'failed', afterRetry: 'routed', demo: true },
  tableUnreachable: { outcome: 'failed', afterRetry: 'routed', demo: true },
  // A shop id no shop has: the server says so, and no retry could open it.
  unknownShop: { outcome: 'invalid', demo: true },
} as const satisfies Record<string, EntryScenarioSpec>;

export type EntryScenario = keyof typeof ENTRY_SCENARIOS;
export type DemoEntryScenario = {
  [K in EntryScenario]: (typeof ENTRY_SCENARIOS)[K]['demo'] extends true ? K : never;
}[EntryScenario];

const spec = (name: EntryScenario): EntryScenarioSpec => ENTRY_SCENARIOS[name];

export type EntryModelEvent = { type: 'OPEN'; scenario: EntryScenario } | { type: 'RETRY' };
export type EntryDemoEvent = { type: 'OPEN'; scenario: DemoEntryScenario } | { type: 'RETRY' };

export interface EntryModelContext {
  scenario: EntryScenario | null;
}

/** The customer's view: a link is opened and lands on a page, a refusal, or a failure to retry. */
export const entryModel = setup({
  types: { context: {} as EntryModelContext, events: {} as EntryModelEvent },
  guards: {
    lands: ({ event }) => event.type === 'OPEN' && spec(event.scenario).outcome === 'routed',
    isRefused: ({ event }) => event.type === 'OPEN' && spec(event.scenario).outcome === 'invalid',
  },
  actions: { remember: assign(({ event }) => (event.type === 'OPEN' ? { scenario: event.scenario } : {})) },
}).createMachine({
  id: 'entryModel',
  context: { scenario: null },
  initial: 'start',
  states: {
    start: {
      on: {
        OPEN: [
          { guard: 'lands', target: 'routed', actions: 'remember' },
          { guard: 'isRefused', target: 'invalid', actions: 'remember' },
          { target: 'failed', actions: 'remember' },
        ],
      },
    },
    routed: {},
    invalid: {},
    failed: { on: { RETRY: 'retried' } },
    retried: {},
  },
});

const NAMES = Object.keys(ENTRY_SCENARIOS) as EntryScenario[];
const isDemo = (name: EntryScenario): name is DemoEntryScenario => spec(name).demo;

/** Every scenario, for the Vitest walk against the real machine. */
export const ENTRY_EVENTS: EntryModelEvent[] = [
  ...NAMES.map((scenario) => ({ type: 'OPEN' as const, scenario })),
  { type: 'RETRY' },
];

/** The scenarios the demo shops reach, for the replay in Chromium. */
export const ENTRY_DEMO_EVENTS: EntryDemoEvent[] = [
  ...NAMES.filter(isDemo).map((scenario) => ({ type: 'OPEN' as const, scenario })),
  { type: 'RETRY' },
];
