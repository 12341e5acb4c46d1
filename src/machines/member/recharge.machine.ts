// Topping up the member card (spec §2 /member/recharge and /member/charge-success, §3 member settings
// isAllowRecharge and chargeSlogan, §7 vip/payRules, vip/giftAmountRules, store/vipChargePaySetting, §8
// payment messages): choose a tier (first-recharge tiers while the member has never recharged) or a free
// amount within the shop's limits, pay it through the shop's online gateway, come back, and read the
// recharge until the server has credited it, the gateway failed or cancelled it, or the wait runs out. The
// server decides every outcome and what it credits; this flow only asks and reads back.
import { assign, emit, setup } from 'xstate';
import type {
  ChargeInput,
  GiftAmountRulesInfo,
  PayRulesInfo,
  RechargeRefusal,
  RechargeRule,
  RechargeView,
} from '../../domain/api/member-money';
import type { PayOption } from '../../domain/api/store';
import { errorMessage, notProvided } from '../shared/not-provided';

/** How long the flow reads the recharge back after the gateway's return before it says "not completed". */
export const POLL_INTERVAL_MS = 1500;
export const MAX_POLLS = 12;

/** What the page offers, read in one go: vip/payRules, vip/giftAmountRules and store/vipChargePaySetting. */
export interface RechargeOptions {
  rules: PayRulesInfo;
  /** The gift ladder a free amount earns (decision M86). */
  gifts: GiftAmountRulesInfo['rules'];
  payOptions: PayOption[];
}

/** The server's refusal to start a recharge, with its message in the customer's language. */
export interface RechargeRejection {
  reason: RechargeRefusal;
  message: string;
}

/** vip/charge's answer: the recharge and the gateway's hosted page (null when already settled). */
export interface RechargeStarted {
  recharge: RechargeView;
  redirectUrl: string | null;
}

/** vip/charge's payload before the app adds the attempt's idempotency key. */
export type RechargeStartInput = Omit<ChargeInput, 'idempotencyKey'>;

/** What the customer picked: one of the shop's tiers, or an amount of their own. */
export type RechargeChoice = { kind: 'tier'; tierId: number } | { kind: 'free' };

/** Why the customer is back at the tiers: the last attempt's end, or the server's refusal to start one. */
export type RechargeNotice =
  { kind: 'ended'; state: 'fail' | 'cancel' } | { kind: 'refused'; rejection: RechargeRejection };

/** What vip/recharge answered: the attempt, or the server's refusal (nothing was charged). */
export type StartResult = { started: RechargeStarted } | { rejection: RechargeRejection };

export interface RechargeInput {
  /** Back from the gateway's hosted page with the recharge's id. */
  returned?: { rechargeId: number } | null;
}

export interface RechargeContext {
  options: RechargeOptions | null;
  choice: RechargeChoice | null;
  /** The free amount as typed. */
  amountText: string;
  /** The typed amount is no amount within the limits (shown on the field). */
  amountError: boolean;
  payTypeId: number | null;
  returned: { rechargeId: number } | null;
  recharge: RechargeView | null;
  redirectUrl: string | null;
  notice: RechargeNotice | null;
  /** A failure that is no refusal (network, load), as text from the request layer. */
  error: string | null;
  polls: number;
}

export type RechargeEvent =
  | { type: 'recharge.tier'; tierId: number }
  | { type: 'recharge.free' }
  | { type: 'recharge.amount'; value: string }
  | { type: 'recharge.payType'; payTypeId: number }
  | { type: 'recharge.submit' }
  | { type: 'recharge.retry' }
  | { type: 'recharge.back' }
  | { type: 'recharge.dismiss' };

export type RechargeEmitted =
  /** The app sends the browser to the gateway's hosted page. */
  | { type: 'recharge.redirect'; url: string }
  /** The server credited the recharge: the app shows what it credited and reads the member again. */
  | { type: 'recharge.credited'; recharge: RechargeView };

/** Typed text to minor units at the shop's decimals: "150", "150.5", "150.50"; null when it is none. */
export function amountOf(text: string, decimals: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,7}(\\.\\d{0,${decimals}})?$`) : /^\d{1,9}$/;
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** What the customer typed, kept to digits and one separator. */
export const amountInputOf = (value: string) => value.replace(/[^\d.,]/g, '').slice(0, 12);

export const tierOf = (context: Pick<RechargeContext, 'options' | 'choice'>): RechargeRule | null => {
  const choice = context.choice;
  if (choice?.kind !== 'tier') return null;
  return context.options?.rules.rules.find((t) => t.id === choice.tierId) ?? null;
};

/** The free amount in minor units when it is within the shop's limits, else null. */
export function freeAmountOf(context: Pick<RechargeContext, 'options' | 'amountText'>): number | null {
  const free = context.options?.rules.freeAmount;
  if (!free) return null;
  const amount = amountOf(context.amountText, context.options!.rules.numberDecimals);
  if (amount === null || amount < free.min || amount > free.max) return null;
  return amount;
}

/** The amount the chosen tier or the typed amount pays, or null while there is none to pay. */
export function chosenAmount(context: Pick<RechargeContext, 'options' | 'choice' | 'amountText'>) {
  if (context.choice?.kind === 'tier') return tierOf(context)?.payAmount ?? null;
  if (context.choice?.kind === 'free') return freeAmountOf(context);
  return null;
}

const payOptionOf = (context: RechargeContext): PayOption | null =>
  context.options?.payOptions.find((o) => o.id === context.payTypeId) ?? null;

/** The first tier (first-recharge tiers come first); a shop without tiers starts on the free amount. */
function defaultChoice(options: RechargeOptions): RechargeChoice | null {
  const tier = options.rules.rules[0];
  if (tier) return { kind: 'tier', tierId: tier.id };
  return options.rules.freeAmount ? { kind: 'free' } : null;
}

/** Top-ups are on and there is something to buy and a way to pay for it. */
export const isRechargeOpen = (options: RechargeOptions) =>
  options.rules.isAllowRecharge &&
  options.payOptions.length > 0 &&
  (options.rules.rules.length > 0 || options.rules.freeAmount !== null);

export const rechargeMachine = setup({
  types: {
    input: {} as RechargeInput,
    context: {} as RechargeContext,
    events: {} as RechargeEvent,
    emitted: {} as RechargeEmitted,
  },
  actors: {
    /** Member settings, vip/payRules (first-recharge tiers when the member has none yet), the gift rules and
     *  store/vipChargePaySetting, as one answer. */
    loadOptions: notProvided<RechargeOptions>('loadOptions'),
    /** vip/recharge: the attempt and where to pay it, or the refusal; rejects only when the outcome is
     *  unknown. */
    startRecharge: notProvided<StartResult, RechargeStartInput>('startRecharge'),
    /** vip/chargeResult: the recharge as the server has it now (it asks the gateway first while open). */
    loadRecharge: notProvided<RechargeView, { id: number }>('loadRecharge'),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
  },
  guards: {
    hasReturned: ({ context }) => context.returned !== null,
    isAllowed: ({ context }) => context.options !== null && isRechargeOpen(context.options),
    canChooseFree: ({ context }) => context.options?.rules.freeAmount != null,
    isTierOffered: ({ context }, params: { tierId: number }) =>
      context.options?.rules.rules.some((t) => t.id === params.tierId) === true,
    isPayOptionOffered: ({ context }, params: { payTypeId: number }) =>
      context.options?.payOptions.some((o) => o.id === params.payTypeId) === true,
    isAmountInvalid: ({ context }) => context.choice?.kind === 'free' && freeAmountOf(context) === null,
    canPay: ({ context }) => chosenAmount(context) !== null && payOptionOf(context) !== null,
    isCredited: ({ context }) => context.recharge?.status === 'success',
    isFailed: ({ context }) => context.recharge?.status === 'fail',
    isCancelled: ({ context }) => context.recharge?.status === 'cancel',
    canPollAgain: ({ context }) => context.polls < MAX_POLLS,
    isRefusal: (_, params: StartResult) => 'rejection' in params,
    isRedirect: (_, params: StartResult) => 'started' in params && params.started.redirectUrl !== null,
  },
  actions: {
    storeOptions: assign((_, params: { options: RechargeOptions }) => ({
      options: params.options,
      choice: defaultChoice(params.options),
      payTypeId: params.options.payOptions[0]?.id ?? null,
    })),
    chooseTier: assign((_, params: { tierId: number }) => ({
      choice: { kind: 'tier', tierId: params.tierId } as RechargeChoice,
      amountError: false,
      notice: null,
    })),
    chooseFree: assign({ choice: { kind: 'free' } as RechargeChoice, notice: null }),
    setAmount: assign((_, params: { value: string }) => ({
      amountText: amountInputOf(params.value),
      amountError: false,
    })),
    choosePayType: assign((_, params: { payTypeId: number }) => ({ payTypeId: params.payTypeId })),
    rejectAmount: assign({ amountError: true }),
    storeRefusal: assign((_, params: { rejection: RechargeRejection }) => ({
      notice: { kind: 'refused', rejection: params.rejection } as RechargeNotice,
    })),
    storeStarted: assign((_, params: { started: RechargeStarted }) => ({
      recharge: params.started.recharge,
      redirectUrl: params.started.redirectUrl,
      notice: null,
      error: null,
      polls: 0,
    })),
    storeRecharge: assign((_, params: { recharge: RechargeView }) => ({ recharge: params.recharge })),
    noteEnded: assign(({ context }) => ({
      notice: {
        kind: 'ended',
        state: context.recharge?.status === 'cancel' ? 'cancel' : 'fail',
      } as RechargeNotice,
      recharge: null,
    })),
    forgetReturn: assign({ returned: null }),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismiss: assign({ notice: null, error: null }),
    announceRedirect: emit(({ context }) => ({
      type: 'recharge.redirect' as const,
      url: context.redirectUrl!,
    })),
    announceCredited: emit(({ context }) => ({
      type: 'recharge.credited' as const,
      recharge: context.recharge!,
    })),
  },
}).createMachine({
  id: 'recharge',
  context: ({ input }) => ({
    options: null,
    choice: null,
    amountText: '',
    amountError: false,
    payTypeId: null,
    returned: input.returned ?? null,
    recharge: null,
    redirectUrl: null,
    notice: null,
    error: null,
    polls: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadOptions',
        onDone: {
          target: 'routing',
          actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'recharge.retry': { target: 'loading', actions: 'dismiss' } },
    },
    routing: {
      always: [
        // A return is read whatever the settings say now: the money may already have been taken.
        { guard: 'hasReturned', target: 'result.checking' },
        { guard: 'isAllowed', target: 'choosing' },
        { target: 'notAllowed' },
      ],
    },
    /** The shop does not take top-ups (isAllowRecharge off), or has nothing to offer. */
    notAllowed: { type: 'final' },
    choosing: {
      on: {
        'recharge.tier': {
          guard: { type: 'isTierOffered', params: ({ event }) => event },
          actions: { type: 'chooseTier', params: ({ event }) => event },
        },
        'recharge.free': { guard: 'canChooseFree', actions: 'chooseFree' },
        'recharge.amount': {
          guard: 'canChooseFree',
          actions: ['chooseFree', { type: 'setAmount', params: ({ event }) => event }],
        },
        'recharge.payType': {
          guard: { type: 'isPayOptionOffered', params: ({ event }) => event },
          actions: { type: 'choosePayType', params: ({ event }) => event },
        },
        'recharge.submit': [
          { guard: 'isAmountInvalid', actions: 'rejectAmount' },
          { guard: 'canPay', target: 'paying', actions: 'dismiss' },
        ],
        'recharge.dismiss': { actions: 'dismiss' },
      },
    },
    paying: {
      tags: 'busy',
      invoke: {
        src: 'startRecharge',
        input: ({ context }) => {
          const tier = tierOf(context);
          return {
            payTypeId: context.payTypeId!,
            ...(tier ? { ruleId: tier.id } : { amount: freeAmountOf(context)! }),
          };
        },
        onDone: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'choosing',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { rejection: RechargeRejection }).rejection,
              }),
            },
          },
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: {
              type: 'storeStarted',
              params: ({ event }) => ({ started: (event.output as { started: RechargeStarted }).started }),
            },
          },
          {
            target: 'result.routing',
            actions: {
              type: 'storeStarted',
              params: ({ event }) => ({ started: (event.output as { started: RechargeStarted }).started }),
            },
          },
        ],
        // No answer: nothing is known to have been started, and no money moves before the gateway's page.
        onError: {
          target: 'choosing',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    redirecting: {
      tags: ['busy', 'processing'],
      entry: 'announceRedirect',
    },
    /** After the gateway: the recharge's state until it is credited, ended or the wait runs out. */
    result: {
      tags: 'processing',
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'isCredited', target: '#recharge.credited' },
            { guard: 'isFailed', target: '#recharge.routingBack', actions: 'noteEnded' },
            { guard: 'isCancelled', target: '#recharge.routingBack', actions: 'noteEnded' },
            { guard: 'canPollAgain', target: 'waiting' },
            { target: 'notCompleted' },
          ],
        },
        waiting: {
          tags: 'busy',
          after: { pollInterval: 'checking' },
        },
        checking: {
          tags: 'busy',
          entry: 'countPoll',
          invoke: {
            src: 'loadRecharge',
            input: ({ context }) => ({ id: context.recharge?.id ?? context.returned!.rechargeId }),
            onDone: {
              target: 'routing',
              actions: [
                'forgetReturn',
                { type: 'storeRecharge', params: ({ event }) => ({ recharge: event.output }) },
              ],
            },
            // A lost read counts as a look: the limit still ends the wait.
            onError: [{ guard: 'canPollAgain', target: 'waiting' }, { target: 'notCompleted' }],
          },
        },
        /** "Top-up not completed": look again, or go back to the tiers. */
        notCompleted: {
          on: {
            'recharge.retry': { target: 'checking', actions: 'resetPolls' },
            'recharge.back': { target: '#recharge.routingBack', actions: ['resetPolls', 'forgetReturn'] },
          },
        },
      },
    },
    /** Leaving an unfinished wait: the tiers when top-ups are on, else the closed state. */
    routingBack: {
      always: [{ guard: 'isAllowed', target: 'choosing' }, { target: 'notAllowed' }],
    },
    credited: {
      type: 'final',
      entry: 'announceCredited',
    },
  },
});
