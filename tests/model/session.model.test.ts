import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { UserInfo } from '../../src/domain/api/user';
import type { Locale, OrderType } from '../../src/domain/enums';
import {
  sessionMachine,
  type RestoredSession,
  type SessionEmitted,
} from '../../src/machines/session.machine';
import * as select from '../../src/machines/session.selectors';
import { coveragePaths, settle } from './support';

/** Spec §4: in a browser, dine 103, selfPickup 54, openTable 203, appointment 303, anything else 4. */
const BROWSER_CODES: Record<OrderType, number> = {
  takeaway: 4,
  selfPickup: 54,
  dine: 103,
  openTable: 203,
  appointment: 303,
};

const USER: UserInfo = {
  customer: {
    id: 1,
    openid: 'device-1',
    nickname: 'Guest',
    gender: 0,
    birthday: null,
    avatar: '',
    phone: '13800000000',
  },
  member: null,
};

type ModelEvent =
  | { type: 'SHOW' }
  | { type: 'SIGN_IN' }
  | { type: 'SIGN_OUT' }
  | { type: 'TOKEN_EXPIRES' }
  | { type: 'SET_ORDER_TYPE'; orderType: OrderType }
  | { type: 'SET_LANGUAGE'; language: Locale }
  | { type: 'LANGUAGE_SAVED_ELSEWHERE'; language: Locale };

/** The customer's view: guest or signed in, with an order type and a language. */
const model = setup({
  types: { context: {} as { orderType: OrderType; language: Locale }, events: {} as ModelEvent },
  actions: {
    setOrderType: assign(({ event }) =>
      event.type === 'SET_ORDER_TYPE' ? { orderType: event.orderType } : {},
    ),
    setLanguage: assign(({ event }) =>
      event.type === 'SET_LANGUAGE' || event.type === 'LANGUAGE_SAVED_ELSEWHERE'
        ? { language: event.language }
        : {},
    ),
  },
}).createMachine({
  id: 'sessionModel',
  context: { orderType: 'takeaway', language: 'zh-CN' },
  initial: 'guest',
  on: {
    SET_ORDER_TYPE: { actions: 'setOrderType' },
    SET_LANGUAGE: { actions: 'setLanguage' },
    LANGUAGE_SAVED_ELSEWHERE: { actions: 'setLanguage' },
  },
  states: {
    guest: { on: { SHOW: 'guest', SIGN_IN: 'member' } },
    member: { on: { SHOW: 'member', SIGN_OUT: 'guest', TOKEN_EXPIRES: 'guest' } },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'SHOW' },
  { type: 'SIGN_IN' },
  { type: 'SIGN_OUT' },
  { type: 'TOKEN_EXPIRES' },
  ...(['takeaway', 'selfPickup', 'dine', 'openTable', 'appointment'] as const).map((orderType) => ({
    type: 'SET_ORDER_TYPE' as const,
    orderType,
  })),
  { type: 'SET_LANGUAGE', language: 'en' },
  { type: 'SET_LANGUAGE', language: 'zh-CN' },
  { type: 'LANGUAGE_SAVED_ELSEWHERE', language: 'en' },
  { type: 'LANGUAGE_SAVED_ELSEWHERE', language: 'zh-CN' },
];

async function start() {
  const world = { token: false, savedLanguage: null as Locale | null, refuseToken: false, launches: 0 };
  const emitted: SessionEmitted[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        clearLaunchFlags: fromPromise(async () => {
          world.launches += 1;
        }),
        restore: fromPromise(async () => ({ hasToken: world.token, language: world.savedLanguage })),
        loadUserInfo: fromPromise(async () => {
          if (world.refuseToken) {
            world.token = false;
            throw new Error('unauthorized');
          }
          return USER;
        }),
        saveLanguage: fromPromise(async ({ input }) => {
          world.savedLanguage = input.language;
        }),
        signOut: fromPromise(async () => {
          world.token = false;
        }),
      },
    }),
    { input: { platform: 'browserWeb', isKiosk: false, isOverseas: false, language: 'zh-CN' } },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  await settle();
  return { actor, world, emitted };
}

describe('session (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const { actor, world, emitted } = await start();
      const checkShared = (state: { context: { orderType: OrderType; language: Locale } }) => {
        const s = actor.getSnapshot();
        expect(world.launches).toBe(1);
        expect(s.matches('idle')).toBe(true);
        expect(select.selectOrderType(s)).toBe(state.context.orderType);
        expect(select.selectClientTypeCode(s)).toBe(BROWSER_CODES[state.context.orderType]);
        expect(select.selectLanguage(s)).toBe(state.context.language);
      };
      await path.run({
        states: {
          guest: (state) => {
            checkShared(state);
            expect(select.selectIsLoggedIn(actor.getSnapshot())).toBe(false);
          },
          member: (state) => {
            checkShared(state);
            expect(select.selectUser(actor.getSnapshot())).toEqual(USER);
          },
        },
        events: {
          SHOW: async () => {
            actor.send({ type: 'session.show' });
            await settle();
          },
          SIGN_IN: async () => {
            world.token = true;
            actor.send({ type: 'session.signedIn' });
            await settle();
          },
          SIGN_OUT: async () => {
            actor.send({ type: 'session.signedOut' });
            await settle();
          },
          TOKEN_EXPIRES: async () => {
            world.refuseToken = true;
            actor.send({ type: 'session.show' });
            await settle();
            world.refuseToken = false;
          },
          SET_ORDER_TYPE: async ({ orderType }) => {
            const before = actor.getSnapshot().context.orderType;
            const count = emitted.length;
            actor.send({ type: 'session.setOrderType', orderType });
            await settle();
            const fresh = emitted.slice(count);
            expect(fresh).toEqual(
              before === orderType
                ? []
                : [{ type: 'orderType.changed', orderType, clientTypeCode: BROWSER_CODES[orderType] }],
            );
          },
          SET_LANGUAGE: async ({ language }) => {
            const before = actor.getSnapshot().context.language;
            const count = emitted.length;
            actor.send({ type: 'session.setLanguage', language });
            await settle();
            expect(emitted.slice(count)).toEqual(
              before === language ? [] : [{ type: 'language.changed', language }],
            );
            if (before !== language) expect(world.savedLanguage).toBe(language);
          },
          LANGUAGE_SAVED_ELSEWHERE: async ({ language }) => {
            const before = actor.getSnapshot().context.language;
            const count = emitted.length;
            world.savedLanguage = language;
            actor.send({ type: 'session.show' });
            await settle();
            expect(emitted.slice(count)).toEqual(
              before === language ? [] : [{ type: 'language.changed', language }],
            );
          },
        },
      });
    });
  }

  it('uses the platform codes outside a plain browser (wechat web dine is 102)', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          clearLaunchFlags: fromPromise<void, void>(async () => undefined),
          restore: fromPromise<RestoredSession, void>(async () => ({ hasToken: false, language: null })),
        },
      }),
      {
        input: { platform: 'wechatWeb', isKiosk: false, isOverseas: true, language: 'en', orderType: 'dine' },
      },
    ).start();
    expect(select.selectClientTypeCode(actor.getSnapshot())).toBe(102);
    actor.send({ type: 'session.setOrderType', orderType: 'selfPickup' });
    expect(select.selectClientTypeCode(actor.getSnapshot())).toBe(53);
  });

  it('starts even when the launch flags cannot be cleared', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          clearLaunchFlags: fromPromise<void, void>(async () => {
            throw new Error('storage');
          }),
          restore: fromPromise<RestoredSession, void>(async () => ({ hasToken: false, language: null })),
        },
      }),
      { input: { platform: 'browserWeb', isKiosk: false, isOverseas: false, language: 'zh-CN' } },
    ).start();
    await settle();
    expect(select.selectIsReady(actor.getSnapshot())).toBe(true);
  });
});
