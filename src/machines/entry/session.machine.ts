// The app-wide session: launch and show of spec §4 "Launch and show", the order type and the client type
// code it implies (spec §4 "Client type codes"), and the interface language (spec §1).
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { UserInfo } from '../../domain/api/user';
import { codeFor, type ClientPlatform } from '../../domain/client-type';
import { DEFAULTS, type Locale, type OrderType } from '../../domain/enums';
import { notProvided } from '../shared/not-provided';

export interface SessionInput {
  platform: ClientPlatform;
  isKiosk: boolean;
  isOverseas: boolean;
  /** The language resolved at start (src/services/env.ts resolveLanguage). */
  language: Locale;
  orderType?: OrderType;
}

export interface SessionContext {
  platform: ClientPlatform;
  isKiosk: boolean;
  isOverseas: boolean;
  language: Locale;
  orderType: OrderType;
  clientTypeCode: number;
  /** Old mode: an expired fastfood shop confirmed into dine ordering (spec §4 shop status). */
  fromOld: boolean;
  user: UserInfo | null;
  hasToken: boolean;
  /**
   * The customer picked a language since this show began: the saved language that restore read is older,
   * so it must not replace the pick.
   */
  languagePicked: boolean;
}

export interface RestoredSession {
  hasToken: boolean;
  /** The saved user-language, if one is saved. */
  language: Locale | null;
}

export type SessionEvent =
  | { type: 'session.show' }
  | { type: 'session.setOrderType'; orderType: OrderType }
  | { type: 'session.setLanguage'; language: Locale }
  | { type: 'session.setOldMode' }
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

export type SessionEmitted =
  | { type: 'orderType.changed'; orderType: OrderType; clientTypeCode: number }
  | { type: 'language.changed'; language: Locale };

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    clearLaunchFlags: notProvided<void>('clearLaunchFlags'),
    restore: notProvided<RestoredSession>('restore'),
    loadUserInfo: notProvided<UserInfo>('loadUserInfo'),
    saveLanguage: notProvided<void, { language: Locale }>('saveLanguage'),
    signOut: notProvided<void>('signOut'),
  },
  guards: {
    restoredWithToken: (_, params: RestoredSession) => params.hasToken,
    isOtherOrderType: ({ context }, params: { orderType: OrderType }) =>
      params.orderType !== context.orderType,
    isOtherLanguage: ({ context }, params: { language: Locale }) => params.language !== context.language,
  },
  actions: {
    storeOrderType: assign(({ context }, params: { orderType: OrderType }) => ({
      orderType: params.orderType,
      clientTypeCode: codeFor(context.platform, params.orderType),
    })),
    announceOrderType: emit(({ context }) => ({
      type: 'orderType.changed' as const,
      orderType: context.orderType,
      clientTypeCode: context.clientTypeCode,
    })),
    /**
     * Applies the saved language; the UI hears of it only when it differs from the one in use. A language
     * picked while restore was reading is newer than what it read, so it stays.
     */
    applyRestored: enqueueActions(({ context, enqueue }, params: RestoredSession) => {
      enqueue.assign({ hasToken: params.hasToken });
      if (params.language && !context.languagePicked && params.language !== context.language) {
        enqueue.assign({ language: params.language });
        enqueue.emit({ type: 'language.changed', language: params.language });
      }
    }),
    beginShow: assign({ languagePicked: false }),
    pickLanguage: assign((_, params: { language: Locale }) => ({
      language: params.language,
      languagePicked: true,
    })),
    announceLanguage: emit(({ context }) => ({
      type: 'language.changed' as const,
      language: context.language,
    })),
    storeUser: assign((_, params: { user: UserInfo }) => ({ user: params.user, hasToken: true })),
    markSignedIn: assign({ hasToken: true }),
    forgetUser: assign({ user: null, hasToken: false }),
    markOldMode: assign({ fromOld: true }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const orderType = input.orderType ?? DEFAULTS.orderType;
    return {
      platform: input.platform,
      isKiosk: input.isKiosk,
      isOverseas: input.isOverseas,
      language: input.language,
      orderType,
      clientTypeCode: codeFor(input.platform, orderType),
      fromOld: false,
      user: null,
      hasToken: false,
      languagePicked: false,
    };
  },
  on: {
    'session.setOrderType': {
      guard: { type: 'isOtherOrderType', params: ({ event }) => ({ orderType: event.orderType }) },
      actions: [
        { type: 'storeOrderType', params: ({ event }) => ({ orderType: event.orderType }) },
        'announceOrderType',
      ],
    },
    'session.setOldMode': { actions: 'markOldMode' },
  },
  // The user and the language are independent: a language tap never waits for (or cancels) a user refresh,
  // and a sign-in never waits for a language save.
  type: 'parallel',
  states: {
    user: {
      initial: 'launching',
      // A new token makes any user read under way stale: the transition leaves the current state (even
      // refreshingUser itself, whose old call is dropped) and reads the user again. It is declared on the
      // region, not the root, so the language region is left alone.
      on: {
        'session.signedIn': { target: '.refreshingUser', actions: 'markSignedIn' },
      },
      states: {
        launching: {
          invoke: {
            src: 'clearLaunchFlags',
            // A storage failure must not keep the app from starting: the flags only hide repeat dialogs.
            onDone: 'showing',
            onError: 'showing',
          },
          // Showing comes next and reads the stored token, already the new one; the launch flags must
          // still be cleared first.
          on: { 'session.signedIn': { actions: 'markSignedIn' } },
        },
        showing: {
          tags: 'busy',
          invoke: {
            src: 'restore',
            onDone: [
              {
                guard: { type: 'restoredWithToken', params: ({ event }) => event.output },
                target: 'refreshingUser',
                actions: { type: 'applyRestored', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'applyRestored', params: ({ event }) => event.output } },
            ],
            onError: 'idle',
          },
          // Restore may have read the storage before the new token was written: read it again.
          on: { 'session.signedIn': { target: 'showing', reenter: true, actions: 'markSignedIn' } },
        },
        refreshingUser: {
          tags: 'busy',
          invoke: {
            src: 'loadUserInfo',
            onDone: {
              target: 'idle',
              actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            },
            // The token was refused or the call failed: the request layer already said why; carry on as a
            // guest.
            onError: { target: 'idle', actions: 'forgetUser' },
          },
          // A show during the read (a member-card payment just changed the balance, or the customer came
          // back to the tab) may make the read under way stale: read again, and drop the older answer.
          on: { 'session.show': { target: 'refreshingUser', reenter: true } },
        },
        idle: {
          on: {
            'session.show': { target: 'showing', actions: 'beginShow' },
            'session.signedOut': 'signingOut',
          },
        },
        signingOut: {
          tags: 'busy',
          invoke: {
            src: 'signOut',
            onDone: { target: 'idle', actions: 'forgetUser' },
            onError: { target: 'idle', actions: 'forgetUser' },
          },
        },
      },
    },
    language: {
      initial: 'settled',
      // The screens switch at the tap; saving only remembers the choice for the next visit. A tap while a
      // save is under way starts a save of the newer choice (the older one's answer is no longer heard).
      on: {
        'session.setLanguage': {
          guard: { type: 'isOtherLanguage', params: ({ event }) => ({ language: event.language }) },
          target: '.saving',
          actions: [
            { type: 'pickLanguage', params: ({ event }) => ({ language: event.language }) },
            'announceLanguage',
          ],
        },
      },
      states: {
        settled: {},
        saving: {
          invoke: {
            src: 'saveLanguage',
            input: ({ context }) => ({ language: context.language }),
            // The new language applies for this visit even if it could not be saved for the next one.
            onDone: 'settled',
            onError: 'settled',
          },
        },
      },
    },
  },
});
