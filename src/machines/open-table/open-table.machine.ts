// The open-table tab as a guest's phone lives it (ARCHITECTURE.md §3 `openTable`; issue 15): the tab read and
// kept live (the tab's stream, polling when it fails), the table timer ticked from the server's clock, rounds
// sent to the kitchen, the bill asked for with a split, a part taken and paid, the bill taken back, paid.
// Three regions run side by side: `tab` (what the guest can do), `sync` (reading the tab) and `live` (what
// tells `sync` to read). The server decides every move; the machine shows the tab it answered.
import { and, assign, emit, fromCallback, raise, setup } from 'xstate';
import type { OrderProduct } from '../../domain/api/order';
import type {
  SplitRequest,
  TableCanPayInfo,
  TableConfirmInfo,
  TableQuoteInfo,
  TableTabInfo,
} from '../../domain/api/open-table';
import { errorMessage, notProvided, refusalReason } from '../shared/not-provided';
import { canTakeBack, defaultQuoteCoupon, feeBehind, myOpenPart } from './open-table.rules';

/** How often the tab is read while its stream is down. */
export const POLL_INTERVAL_MS = 4_000;
/** The timer's tick. */
export const TICK_MS = 1_000;

export interface TabRead {
  tab: TableTabInfo;
  canPay: TableCanPayInfo;
}

/** A round the guest confirmed in the menu: the cart's lines, sent once under its key (T11). */
export interface PendingRound {
  products: OrderProduct[];
  note: string;
  key: string;
}

/** What the guest asked the server for when it refused or did not answer. */
export type TabAction = 'join' | 'round' | 'confirm' | 'part' | 'cancelPay';

export interface TabProblem {
  action: TabAction;
  /** The refusal's reason (`tabNotOrdering`, `roundSubmitting`…), null when no answer came. */
  reason: string | null;
  /** The server's words, or the request layer's toast key. */
  message: string;
}

/** The table a guest opens or joins a tab of (the table page, entry routing rule 5). */
export interface TableToJoin {
  /** The code printed on the table (T24). */
  code: string;
  /** 0: idle, open a tab; 1 or 2: a tab is open, join it. */
  status: number;
  maxPerson: number;
}

export interface OpenTableInput {
  /** The tab to show, or null to open or join one at `table`. */
  tabId: number | null;
  table?: TableToJoin | null;
  /** A monotonic clock in ms (performance.now): only the time since the last read, never the date. */
  monotonic: () => number;
  /** Fresh idempotency keys (a taken part keeps its key until it is answered). */
  newKey: () => string;
}

export interface OpenTableContext {
  tabId: number | null;
  table: TableToJoin | null;
  person: number | null;
  nickName: string;
  monotonic: () => number;
  newKey: () => string;
  tab: TableTabInfo | null;
  canPay: TableCanPayInfo | null;
  /** The server's clock now: the last read's serverNow plus the monotonic time since it came. */
  now: number | null;
  receivedAt: number;
  /** The highest version the stream named: a read older than it is read again. */
  streamVersion: number;
  /** The status the `tab` region shows; a read with another sends the region to route again. */
  shown: TableTabInfo['status'] | null;
  loadError: string | null;
  round: PendingRound | null;
  /** The guest's round could not be sent because the tab stopped ordering: the cart is kept. */
  roundDropped: boolean;
  split: SplitRequest;
  /** The coupon the guest who pays all chose (decision T51); the quote's answer says whether it applies. */
  couponId: number | null;
  /**
   * The guest has chosen a coupon, or none, since the sheet opened: until then the first price read with a
   * usable coupon chooses the best one for them (decision T52).
   */
  couponPicked: boolean;
  /** What the whole bill comes to for the reader (table/quote), while the split is "pay all". */
  quote: TableQuoteInfo | null;
  /**
   * The tab as it stood when the quote was asked: a newer one (a round, a kitchen move) or another total (a fee
   * step, which moves no version) is quoted again.
   */
  quotedOn: { version: number; total: number } | null;
  picked: number[];
  /** The part being taken: its index (equal, guest) or null (items: `picked`), and its key. */
  taking: { part: number | null; key: string } | null;
  /** The order the reader pays now (the whole bill, or their part). */
  payOrderId: number | null;
  problem: TabProblem | null;
}

export type OpenTableEvent =
  | { type: 'join.person'; person: number | null }
  | { type: 'join.nickName'; nickName: string }
  | { type: 'join.submit' }
  | { type: 'tab.retry' }
  | { type: 'tab.refresh' }
  | { type: 'live.version'; version: number }
  | { type: 'live.failed' }
  | { type: 'round.send'; round: Omit<PendingRound, 'key'> & { key?: string } }
  | { type: 'round.retry' }
  | { type: 'round.drop' }
  | { type: 'bill.ask' }
  | { type: 'bill.choose'; split: SplitRequest }
  | { type: 'bill.coupon'; couponId: number | null }
  | { type: 'bill.quoteRetry' }
  | { type: 'bill.close' }
  | { type: 'bill.confirm' }
  | { type: 'line.pick'; lineId: number }
  | { type: 'part.take'; part: number | null }
  | { type: 'pay.open' }
  | { type: 'pay.done' }
  | { type: 'pay.close' }
  | { type: 'bill.takeBack' }
  | { type: 'problem.dismiss' };

type Internal = { type: 'tab.loaded' } | { type: 'tab.loadFailed' } | { type: 'tab.joined' };

export type OpenTableEmitted =
  | { type: 'tab.opened'; tabId: number }
  | { type: 'round.accepted'; key: string }
  | { type: 'tab.paid'; tabId: number }
  | { type: 'tab.closed'; tabId: number };

/** Names the server gives a refusal; anything else is "no answer". */
/** The table has a live tab this guest is joining (status 1 or 2), not an idle one to open. */
const isJoining = (context: OpenTableContext) => context.table !== null && context.table.status !== 0;

/** The split sent to table/confirm: "pay all" carries the coupon only when the last quote applied it. */
const splitToConfirm = (context: OpenTableContext): SplitRequest =>
  context.split.mode === 'all' && context.quote?.couponId != null
    ? { mode: 'all', couponId: context.quote.couponId }
    : context.split;

const problemOf = (action: TabAction, error: unknown): TabProblem => ({
  action,
  reason: refusalReason(error),
  message: errorMessage(error),
});

export const openTableMachine = setup({
  types: {
    input: {} as OpenTableInput,
    context: {} as OpenTableContext,
    events: {} as OpenTableEvent | Internal,
    emitted: {} as OpenTableEmitted,
  },
  actors: {
    /** table/order: opens the table's tab, or joins the one open (T10). */
    openTab: notProvided<TabRead, { code: string; person: number | undefined; nickName: string }>('openTab'),
    /** table/refreshOrder and table/canPay. */
    loadTab: notProvided<TabRead, { tabId: number }>('loadTab'),
    /** The tab's stream: `live.version` per event, `live.failed` when it cannot be had. */
    tabStream: fromCallback<OpenTableEvent, { tabId: number }>(() => {
      throw new Error('tabStream not provided');
    }),
    /** table/userAddProducts, then table/canPay. */
    addRound: notProvided<TabRead, { tabId: number; round: PendingRound }>('addRound'),
    /** table/confirm with the split. */
    confirmBill: notProvided<TableConfirmInfo, { tabId: number; split: SplitRequest }>('confirmBill'),
    /** table/quote: the whole bill at the reader's member price, with the coupon when one is chosen. */
    quoteBill: notProvided<TableQuoteInfo, { tabId: number; couponId: number | null }>('quoteBill'),
    /** table/payPart: a part (equal, guest) or picked lines (items). */
    payPart: notProvided<
      TableConfirmInfo,
      { tabId: number; part: number | null; lineIds: number[]; key: string }
    >('payPart'),
    /** table/cancelPay, then table/canPay. */
    cancelPay: notProvided<TabRead, { tabId: number }>('cancelPay'),
  },
  delays: {
    tick: TICK_MS,
    pollInterval: POLL_INTERVAL_MS,
  },
  guards: {
    hasTab: ({ context }) => context.tabId !== null,
    /** Opening needs a headcount within the seats; a guest joining the live tab names none (T50). */
    headcountReady: ({ context }) =>
      context.person === null
        ? isJoining(context)
        : Number.isInteger(context.person) &&
          context.person >= 1 &&
          context.person <= (context.table?.maxPerson ?? 99),
    tabEndedWhileJoining: (_, params: { reason: string | null }) => params.reason === 'headcountRequired',
    isOrdering: ({ context }) => context.tab?.status === 'ordering',
    isPaying: ({ context }) => context.tab?.status === 'paying',
    isPaid: ({ context }) => context.tab?.status === 'paid',
    statusMoved: ({ context }) => context.tab !== null && context.tab.status !== context.shown,
    behindStream: ({ context }) => context.tab !== null && context.streamVersion > context.tab.version,
    isNewVersion: ({ context }, params: { version: number }) =>
      context.tab === null || params.version > context.tab.version,
    hasRound: ({ context }) => context.round !== null,
    canAskBill: ({ context }) => context.canPay?.canPay === true,
    paysAll: ({ context }) => context.split.mode === 'all',
    staysPayingAll: ({ context }, params: { split: SplitRequest }) =>
      context.split.mode === 'all' && params.split.mode === 'all',
    choosesPayAll: (_, params: { split: SplitRequest }) => params.split.mode === 'all',
    offersDefaultCoupon: ({ context }) =>
      !context.couponPicked &&
      context.quote !== null &&
      context.quote.couponId === null &&
      defaultQuoteCoupon(context.quote) !== null,
    quoteBehindTab: ({ context }) =>
      context.tab !== null &&
      (context.tab.version !== context.quotedOn?.version || context.tab.total !== context.quotedOn.total),
    feeBehind: ({ context }) =>
      context.tab !== null && context.now !== null && feeBehind(context.tab, context.now),
    hasPayOrder: ({ context }) =>
      context.payOrderId !== null || myOpenPart(context.tab?.bill ?? null) !== null,
    isOpenPart: ({ context }, params: { part: number | null }) => {
      const bill = context.tab?.bill;
      if (!bill || bill.mode === 'all') return false;
      if (params.part === null) return bill.mode === 'items' && context.picked.length > 0;
      return bill.mode !== 'items' && bill.parts.some((p) => p.index === params.part && p.state === 'open');
    },
    isPickable: ({ context }, params: { lineId: number }) =>
      context.tab?.bill?.mode === 'items' && context.tab.bill.openLineIds.includes(params.lineId),
    isPayer: (_, params: TableConfirmInfo) => params.orderId !== null,
    canTakeBack: ({ context }) => context.tab !== null && canTakeBack(context.tab),
    noAnswer: (_, params: { reason: string | null }) => params.reason === null,
  },
  actions: {
    setPerson: assign((_, params: { person: number | null }) => ({ person: params.person })),
    tableNowIdle: assign(({ context }) => ({
      table: context.table ? { ...context.table, status: 0 } : null,
    })),
    setNickName: assign((_, params: { nickName: string }) => ({ nickName: params.nickName.slice(0, 20) })),
    storeJoined: assign(({ context }, params: TabRead) => ({
      tabId: params.tab.id,
      tab: params.tab,
      canPay: params.canPay,
      now: params.tab.serverNow,
      receivedAt: context.monotonic(),
      streamVersion: params.tab.version,
    })),
    announceOpened: emit(({ context }) => ({ type: 'tab.opened' as const, tabId: context.tabId! })),
    announceJoined: raise({ type: 'tab.joined' }),
    storeRead: assign(({ context }, params: TabRead) => ({
      tab: params.tab,
      canPay: params.canPay,
      now: params.tab.serverNow,
      receivedAt: context.monotonic(),
      loadError: null,
    })),
    storeTab: assign(({ context }, params: { tab: TableTabInfo }) => ({
      tab: params.tab,
      now: params.tab.serverNow,
      receivedAt: context.monotonic(),
    })),
    announceLoaded: raise({ type: 'tab.loaded' }),
    announceLoadFailed: raise({ type: 'tab.loadFailed' }),
    failLoad: assign((_, params: { message: string }) => ({ loadError: params.message })),
    requestRefresh: raise({ type: 'tab.refresh' }),
    noteVersion: assign(({ context }, params: { version: number }) => ({
      streamVersion: Math.max(context.streamVersion, params.version),
    })),
    tick: assign(({ context }) =>
      context.tab === null ? {} : { now: context.tab.serverNow + (context.monotonic() - context.receivedAt) },
    ),
    show: assign((_, params: { status: TableTabInfo['status'] }) => ({ shown: params.status })),
    keepRound: assign(({ context }, params: { round: OpenTableEvent & { type: 'round.send' } }) => ({
      round: { ...params.round.round, key: params.round.round.key ?? context.newKey() },
      roundDropped: false,
    })),
    roundAccepted: emit(({ context }) => ({ type: 'round.accepted' as const, key: context.round!.key })),
    clearRound: assign({ round: null }),
    dropRound: assign(({ context }) => ({ round: null, roundDropped: context.round !== null })),
    refuseRound: assign({ round: null, roundDropped: true }),
    setProblem: assign((_, params: { problem: TabProblem }) => ({ problem: params.problem })),
    clearProblem: assign({ problem: null }),
    chooseSplit: assign((_, params: { split: SplitRequest }) => ({ split: params.split })),
    defaultSplit: assign({ split: { mode: 'all' } as SplitRequest }),
    chooseCoupon: assign((_, params: { couponId: number | null }) => ({
      couponId: params.couponId,
      couponPicked: true,
    })),
    // Chosen once per sheet: a guest who then takes it off, or whose coupon the server refuses, keeps that.
    chooseDefaultCoupon: assign(({ context }) => ({
      couponId: context.quote ? defaultQuoteCoupon(context.quote) : null,
      couponPicked: true,
    })),
    // Only the guest who pays all may use a coupon: any other split goes without it and its price.
    dropCoupon: assign({ couponId: null, quote: null, couponPicked: false }),
    // The server's word on the coupon wins: one it found unusable is no longer shown as chosen.
    storeQuote: assign((_, params: TableQuoteInfo) => ({ quote: params, couponId: params.couponId })),
    // Without a price read, the bill is asked for without a coupon rather than with one never checked.
    forgetQuote: assign({ quote: null }),
    noteQuotedTab: assign(({ context }) => ({
      quotedOn: context.tab ? { version: context.tab.version, total: context.tab.total } : null,
    })),
    togglePick: assign(({ context }, params: { lineId: number }) => ({
      picked: context.picked.includes(params.lineId)
        ? context.picked.filter((id) => id !== params.lineId)
        : [...context.picked, params.lineId],
    })),
    keepPicksOpen: assign(({ context }) => ({
      picked: context.picked.filter((id) => context.tab?.bill?.openLineIds.includes(id)),
    })),
    startTaking: assign(({ context }, params: { part: number | null }) => ({
      // The same part asked again (after no answer) keeps its key: the server answers the same order.
      taking:
        context.taking && context.taking.part === params.part
          ? context.taking
          : { part: params.part, key: context.newKey() },
    })),
    storeConfirm: assign(({ context }, params: TableConfirmInfo) => ({
      tab: params.tab,
      now: params.tab.serverNow,
      receivedAt: context.monotonic(),
      payOrderId: params.orderId,
      taking: null,
      picked: [],
    })),
    useOpenPart: assign(({ context }) => ({
      payOrderId: context.payOrderId ?? myOpenPart(context.tab?.bill ?? null)?.orderId ?? null,
    })),
    forgetPayOrder: assign({ payOrderId: null }),
    announcePaid: emit(({ context }) => ({ type: 'tab.paid' as const, tabId: context.tabId! })),
    announceClosed: emit(({ context }) => ({ type: 'tab.closed' as const, tabId: context.tabId! })),
  },
}).createMachine({
  id: 'openTable',
  type: 'parallel',
  context: ({ input }) => ({
    tabId: input.tabId,
    table: input.table ?? null,
    person: null,
    nickName: '',
    monotonic: input.monotonic,
    newKey: input.newKey,
    tab: null,
    canPay: null,
    now: null,
    receivedAt: 0,
    streamVersion: 0,
    shown: null,
    loadError: null,
    round: null,
    roundDropped: false,
    split: { mode: 'all' },
    couponId: null,
    couponPicked: false,
    quote: null,
    quotedOn: null,
    picked: [],
    taking: null,
    payOrderId: null,
    problem: null,
  }),
  on: {
    'round.send': { actions: { type: 'keepRound', params: ({ event }) => ({ round: event }) } },
    'problem.dismiss': { actions: 'clearProblem' },
  },
  states: {
    tab: {
      initial: 'start',
      on: { 'tab.loaded': { guard: 'statusMoved', target: '.routing' } },
      states: {
        start: { always: [{ guard: 'hasTab', target: 'loading' }, { target: 'joining' }] },
        /** The table page: the headcount and an optional name, then the tab opens or is joined. */
        joining: {
          on: {
            'join.person': { actions: { type: 'setPerson', params: ({ event }) => event } },
            'join.nickName': { actions: { type: 'setNickName', params: ({ event }) => event } },
            'join.submit': { guard: 'headcountReady', target: 'opening', actions: 'clearProblem' },
          },
        },
        opening: {
          tags: 'busy',
          invoke: {
            src: 'openTab',
            input: ({ context }) => ({
              code: context.table!.code,
              person: context.person ?? undefined,
              nickName: context.nickName.trim(),
            }),
            onDone: {
              target: 'routing',
              actions: [
                { type: 'storeJoined', params: ({ event }) => event.output },
                'announceOpened',
                'announceJoined',
              ],
            },
            onError: [
              {
                // The tab ended while this guest was joining: the table is idle, so the page asks for the
                // headcount that opens a new one.
                guard: {
                  type: 'tabEndedWhileJoining',
                  params: ({ event }) => problemOf('join', event.error),
                },
                target: 'joining',
                actions: [
                  'tableNowIdle',
                  {
                    type: 'setProblem',
                    params: ({ event }) => ({ problem: problemOf('join', event.error) }),
                  },
                ],
              },
              {
                target: 'joining',
                actions: {
                  type: 'setProblem',
                  params: ({ event }) => ({ problem: problemOf('join', event.error) }),
                },
              },
            ],
          },
        },
        loading: {
          tags: 'loading',
          on: { 'tab.loaded': 'routing', 'tab.loadFailed': 'failed' },
        },
        failed: {
          on: { 'tab.retry': { target: 'loading', actions: 'requestRefresh' } },
        },
        routing: {
          always: [
            { guard: 'isOrdering', target: 'ordering' },
            { guard: 'isPaying', target: 'paying' },
            { guard: 'isPaid', target: 'paid' },
            { target: 'closed' },
          ],
        },
        ordering: {
          entry: [{ type: 'show', params: { status: 'ordering' } }, 'forgetPayOrder'],
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasRound', target: 'sendingRound' },
              on: {
                'bill.ask': {
                  guard: 'canAskBill',
                  target: 'choosingSplit',
                  actions: ['defaultSplit', 'dropCoupon'],
                },
              },
            },
            sendingRound: {
              tags: 'busy',
              on: { 'tab.loaded': { actions: [] } },
              invoke: {
                src: 'addRound',
                input: ({ context }) => ({ tabId: context.tabId!, round: context.round! }),
                onDone: {
                  target: '#openTable.tab.routing',
                  actions: [
                    { type: 'storeRead', params: ({ event }) => event.output },
                    'roundAccepted',
                    'clearRound',
                  ],
                },
                onError: [
                  {
                    // No answer: the round may or may not be in; the same key sends it again safely.
                    guard: { type: 'noAnswer', params: ({ event }) => problemOf('round', event.error) },
                    target: 'roundFailed',
                    actions: {
                      type: 'setProblem',
                      params: ({ event }) => ({ problem: problemOf('round', event.error) }),
                    },
                  },
                  {
                    target: 'idle',
                    actions: [
                      {
                        type: 'setProblem',
                        params: ({ event }) => ({ problem: problemOf('round', event.error) }),
                      },
                      'clearRound',
                      'requestRefresh',
                    ],
                  },
                ],
              },
            },
            roundFailed: {
              on: {
                'round.retry': { target: 'sendingRound', actions: 'clearProblem' },
                'round.drop': { target: 'idle', actions: ['clearRound', 'clearProblem'] },
              },
            },
            /** The split sheet; "pay all" shows the reader's own price for the whole bill (T51). */
            choosingSplit: {
              initial: 'pricing',
              on: {
                'bill.choose': [
                  {
                    guard: { type: 'staysPayingAll', params: ({ event }) => event },
                    actions: { type: 'chooseSplit', params: ({ event }) => event },
                  },
                  {
                    guard: { type: 'choosesPayAll', params: ({ event }) => event },
                    target: '.quoting',
                    actions: { type: 'chooseSplit', params: ({ event }) => event },
                  },
                  {
                    target: '.unpriced',
                    actions: [{ type: 'chooseSplit', params: ({ event }) => event }, 'dropCoupon'],
                  },
                ],
                'bill.coupon': {
                  guard: 'paysAll',
                  target: '.quoting',
                  actions: { type: 'chooseCoupon', params: ({ event }) => event },
                },
                'bill.close': 'idle',
                'bill.confirm': { target: 'confirming', actions: 'clearProblem' },
              },
              states: {
                pricing: { always: [{ guard: 'paysAll', target: 'quoting' }, { target: 'unpriced' }] },
                /** Equal shares, by guest, picked items: every phone sees the same bill, no price of one's own. */
                unpriced: {},
                quoting: {
                  entry: 'noteQuotedTab',
                  // Confirming now would send a coupon the server has not yet checked against the bill.
                  on: { 'bill.confirm': {} },
                  invoke: {
                    src: 'quoteBill',
                    input: ({ context }) => ({ tabId: context.tabId!, couponId: context.couponId }),
                    onDone: {
                      target: 'quoted',
                      actions: { type: 'storeQuote', params: ({ event }) => event.output },
                    },
                    onError: { target: 'quoteFailed', actions: 'forgetQuote' },
                  },
                },
                quoted: {
                  always: [
                    { guard: 'quoteBehindTab', target: 'quoting' },
                    // The best coupon is read again with the bill before it is shown as chosen.
                    { guard: 'offersDefaultCoupon', target: 'quoting', actions: 'chooseDefaultCoupon' },
                  ],
                },
                /** No price read: the bill can still be asked for, without a coupon, or the price read again. */
                quoteFailed: {
                  on: { 'bill.quoteRetry': 'quoting' },
                },
              },
            },
            confirming: {
              tags: 'busy',
              on: { 'tab.loaded': { actions: [] } },
              invoke: {
                src: 'confirmBill',
                input: ({ context }) => ({ tabId: context.tabId!, split: splitToConfirm(context) }),
                onDone: [
                  {
                    guard: { type: 'isPayer', params: ({ event }) => event.output },
                    target: '#openTable.tab.paying.payment',
                    actions: { type: 'storeConfirm', params: ({ event }) => event.output },
                  },
                  {
                    target: '#openTable.tab.paying',
                    actions: { type: 'storeConfirm', params: ({ event }) => event.output },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'setProblem',
                      params: ({ event }) => ({ problem: problemOf('confirm', event.error) }),
                    },
                    'requestRefresh',
                  ],
                },
              },
            },
          },
        },
        paying: {
          entry: [{ type: 'show', params: { status: 'paying' } }, 'dropRound'],
          on: { 'round.send': { actions: 'refuseRound' } },
          initial: 'bill',
          states: {
            bill: {
              entry: 'keepPicksOpen',
              on: {
                'line.pick': {
                  guard: { type: 'isPickable', params: ({ event }) => event },
                  actions: { type: 'togglePick', params: ({ event }) => event },
                },
                'part.take': {
                  guard: { type: 'isOpenPart', params: ({ event }) => event },
                  target: 'takingPart',
                  actions: [{ type: 'startTaking', params: ({ event }) => event }, 'clearProblem'],
                },
                'pay.open': { guard: 'hasPayOrder', target: 'payment', actions: 'useOpenPart' },
                'bill.takeBack': { guard: 'canTakeBack', target: 'takingBack', actions: 'clearProblem' },
              },
            },
            takingPart: {
              tags: 'busy',
              on: { 'tab.loaded': { actions: [] } },
              invoke: {
                src: 'payPart',
                input: ({ context }) => ({
                  tabId: context.tabId!,
                  part: context.taking!.part,
                  lineIds: context.taking!.part === null ? context.picked : [],
                  key: context.taking!.key,
                }),
                onDone: {
                  target: 'payment',
                  actions: { type: 'storeConfirm', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'bill',
                  actions: [
                    {
                      type: 'setProblem',
                      params: ({ event }) => ({ problem: problemOf('part', event.error) }),
                    },
                    'requestRefresh',
                  ],
                },
              },
            },
            /** The pay panel of the reader's order: the whole bill or their part. */
            payment: {
              on: {
                'pay.done': { target: 'bill', actions: ['forgetPayOrder', 'requestRefresh'] },
                'pay.close': { target: 'bill', actions: 'requestRefresh' },
              },
            },
            takingBack: {
              tags: 'busy',
              on: { 'tab.loaded': { actions: [] } },
              invoke: {
                src: 'cancelPay',
                input: ({ context }) => ({ tabId: context.tabId! }),
                onDone: {
                  target: '#openTable.tab.routing',
                  actions: { type: 'storeRead', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'bill',
                  actions: [
                    {
                      type: 'setProblem',
                      params: ({ event }) => ({ problem: problemOf('cancelPay', event.error) }),
                    },
                    'requestRefresh',
                  ],
                },
              },
            },
          },
        },
        paid: {
          entry: [
            { type: 'show', params: { status: 'paid' } },
            'dropRound',
            'forgetPayOrder',
            'announcePaid',
          ],
          on: { 'round.send': { actions: 'refuseRound' } },
        },
        closed: {
          entry: [
            { type: 'show', params: { status: 'closed' } },
            'dropRound',
            'forgetPayOrder',
            'announceClosed',
          ],
          on: { 'round.send': { actions: 'refuseRound' } },
        },
      },
    },
    /** Reading the tab: once at start, then whenever `live` or the timer asks. */
    sync: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'hasTab', target: 'reading' }, { target: 'idle' }] },
        idle: { on: { 'tab.refresh': { guard: 'hasTab', target: 'reading' } } },
        reading: {
          invoke: {
            src: 'loadTab',
            input: ({ context }) => ({ tabId: context.tabId! }),
            onDone: {
              target: 'checking',
              actions: [{ type: 'storeRead', params: ({ event }) => event.output }, 'announceLoaded'],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'failLoad', params: ({ event }) => ({ message: errorMessage(event.error) }) },
                'announceLoadFailed',
              ],
            },
          },
        },
        /** The stream named a newer version while this read was on its way: read again. */
        checking: {
          always: [{ guard: 'behindStream', target: 'reading' }, { target: 'idle' }],
        },
      },
    },
    /** What tells `sync` to read: the stream's versions, else a poll every few seconds. */
    live: {
      initial: 'start',
      states: {
        start: { always: [{ guard: 'hasTab', target: 'streaming' }, { target: 'off' }] },
        /** No tab yet (the table page): live once the guest is in one. */
        off: { on: { 'tab.joined': 'streaming' } },
        streaming: {
          invoke: { src: 'tabStream', input: ({ context }) => ({ tabId: context.tabId! }) },
          on: {
            'live.version': {
              guard: { type: 'isNewVersion', params: ({ event }) => event },
              actions: [{ type: 'noteVersion', params: ({ event }) => event }, 'requestRefresh'],
            },
            'live.failed': 'polling',
          },
        },
        polling: {
          tags: 'polling',
          after: { pollInterval: { target: 'polling', reenter: true, actions: 'requestRefresh' } },
        },
      },
    },
    /** The timer's second, from the server's clock; a fee step the server has not priced is read. */
    clock: {
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            tick: [
              {
                guard: and(['feeBehind', 'isOrdering']),
                target: 'waitingFee',
                actions: ['tick', 'requestRefresh'],
              },
              { target: 'ticking', reenter: true, actions: 'tick' },
            ],
          },
        },
        /** The fee's new step was asked for: no second read until the answer. */
        waitingFee: {
          on: { 'tab.loaded': 'ticking', 'tab.loadFailed': 'ticking' },
          after: { tick: { target: 'waitingFee', reenter: true, actions: 'tick' } },
        },
      },
    },
  },
});
