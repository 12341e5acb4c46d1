import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { UserInfo } from '../../../src/domain/api/user';
import type { Locale, OrderType } from '../../../src/domain/enums';
import {
  sessionMachine,
  type RestoredSession,
  type SessionEmitted,
} from '../../../src/machines/entry/session.machine';
import * as select from '../../../src/machines/entry/session.selectors';
import { coveragePaths, settle } from '../support';

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

/** A visitor's session (opened by the entry page): the customer without a phone. */
const VISITOR: UserInfo = {
  customer: { ...USER.customer, id: 2, nickname: '', phone: '' },
  member: null,
};

type ModelLanguage = 'en' | 'zh-CN';

type ModelEvent =
  | { type: 'SHOW' }
  | { type: 'SIGN_IN' }
  | { type: 'SIGN_OUT' }
  | { type: 'TOKEN_EXPIRES' }
  | { type: 'SET_ORDER_TYPE'; orderType: OrderType }
  | { type: 'SET_LANGUAGE'; language: ModelLanguage }
  | { type: 'LANGUAGE_SAVED_ELSEWHERE'; language: ModelLanguage }
  | { type: 'SET_LANGUAGE_WHILE_SHOWING'; language: ModelLanguage }
  | { type: 'SET_LANGUAGE_WHILE_REFRESHING'; language: ModelLanguage }
  | { type: 'SET_LANGUAGE_TWICE_QUICKLY'; language: ModelLanguage }
  | { type: 'SIGN_IN_WHILE_SHOWING' }
  | { type: 'SIGN_IN_WHILE_REFRESHING' }
  | { type: 'SIGN_IN_WHILE_SIGNING_OUT' };

/**
 * The customer's view: guest or signed in, with an order type and a language. The WHILE events tap or
 * sign in while a session call is still waiting for its answer: the tap must count, and the answer to the
 * older request must not undo it.
 */
const model = setup({
  types: { context: {} as { orderType: OrderType; language: ModelLanguage }, events: {} as ModelEvent },
  actions: {
    setOrderType: assign(({ event }) =>
      event.type === 'SET_ORDER_TYPE' ? { orderType: event.orderType } : {},
    ),
    setLanguage: assign(({ event }) => ('language' in event ? { language: event.language } : {})),
  },
}).createMachine({
  id: 'sessionModel',
  context: { orderType: 'takeaway', language: 'zh-CN' },
  initial: 'guest',
  on: {
    SET_ORDER_TYPE: { actions: 'setOrderType' },
    SET_LANGUAGE: { actions: 'setLanguage' },
    LANGUAGE_SAVED_ELSEWHERE: { actions: 'setLanguage' },
    SET_LANGUAGE_WHILE_SHOWING: { actions: 'setLanguage' },
    SET_LANGUAGE_TWICE_QUICKLY: { actions: 'setLanguage' },
  },
  states: {
    guest: {
      on: {
        SHOW: 'guest',
        SIGN_IN: 'member',
        SIGN_IN_WHILE_SHOWING: 'member',
        SIGN_IN_WHILE_REFRESHING: 'member',
      },
    },
    member: {
      on: {
        SHOW: 'member',
        SIGN_OUT: 'guest',
        TOKEN_EXPIRES: 'guest',
        // Only a stored token makes show read the user, so only a member can tap during that read.
        SET_LANGUAGE_WHILE_REFRESHING: { actions: 'setLanguage' },
        SIGN_IN_WHILE_SIGNING_OUT: 'member',
      },
    },
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
  ...(['en', 'zh-CN'] as const).flatMap((language) => [
    { type: 'SET_LANGUAGE' as const, language },
    { type: 'LANGUAGE_SAVED_ELSEWHERE' as const, language },
    { type: 'SET_LANGUAGE_WHILE_SHOWING' as const, language },
    { type: 'SET_LANGUAGE_WHILE_REFRESHING' as const, language },
    { type: 'SET_LANGUAGE_TWICE_QUICKLY' as const, language },
  ]),
  { type: 'SIGN_IN_WHILE_SHOWING' },
  { type: 'SIGN_IN_WHILE_REFRESHING' },
  { type: 'SIGN_IN_WHILE_SIGNING_OUT' },
];

interface World {
  /** The stored token and whose it is. */
  token: 'visitor' | 'member' | null;
  savedLanguage: Locale | null;
  refuseToken: boolean;
  launches: number;
  /** While set, every call waits (its work is done, its answer not yet given) until released. */
  hold: boolean;
  pending: (() => void)[];
  /** The answer to the most recently started user/info call: the only one that may be kept. */
  newestUser: UserInfo | null;
}

/** Answers at once, or when the test releases it while the world holds answers. */
function answer<T>(world: World, outcome: { value: T } | { error: Error }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const give = () => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value));
    if (world.hold) world.pending.push(give);
    else give();
  });
}

/** Gives the held answers, oldest first or newest first, and lets the session settle. */
async function release(world: World, order: 'oldestFirst' | 'newestFirst') {
  world.hold = false;
  const held = world.pending.splice(0);
  for (const give of order === 'oldestFirst' ? held : held.reverse()) give();
  await settle();
}

/** Gives the oldest held answer only; the next call is held too. */
async function releaseOne(world: World) {
  world.pending.shift()?.();
  await settle();
}

async function start(
  world: World = {
    token: null,
    savedLanguage: null,
    refuseToken: false,
    launches: 0,
    hold: false,
    pending: [],
    newestUser: null,
  },
) {
  const emitted: SessionEmitted[] = [];
  // Like the real storage, each call reads or writes when it starts; only its answer may be held.
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        clearLaunchFlags: fromPromise(() => {
          world.launches += 1;
          return answer<void>(world, { value: undefined });
        }),
        restore: fromPromise(() =>
          answer(world, { value: { hasToken: world.token !== null, language: world.savedLanguage } }),
        ),
        loadUserInfo: fromPromise(() => {
          if (world.refuseToken || world.token === null) {
            world.token = null;
            world.newestUser = null;
            return answer<UserInfo>(world, { error: new Error('unauthorized') });
          }
          const user = structuredClone(world.token === 'member' ? USER : VISITOR);
          world.newestUser = user;
          return answer(world, { value: user });
        }),
        saveLanguage: fromPromise(({ input }) => {
          world.savedLanguage = input.language;
          return answer<void>(world, { value: undefined });
        }),
        signOut: fromPromise(() => {
          world.token = null;
          return answer<void>(world, { value: undefined });
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
      const snap = () => actor.getSnapshot();
      const checkShared = (state: { context: { orderType: OrderType; language: Locale } }) => {
        const s = snap();
        expect(world.launches).toBe(1);
        expect(select.selectIsReady(s)).toBe(true);
        expect(s.matches({ language: 'settled' })).toBe(true);
        expect(select.selectOrderType(s)).toBe(state.context.orderType);
        expect(select.selectClientTypeCode(s)).toBe(BROWSER_CODES[state.context.orderType]);
        expect(select.selectLanguage(s)).toBe(state.context.language);
      };
      /** Taps a language; the screens must follow at once, whatever the session is doing. */
      const tapLanguage = (language: Locale) => {
        const before = select.selectLanguage(snap());
        const count = emitted.length;
        actor.send({ type: 'session.setLanguage', language });
        expect(select.selectLanguage(snap())).toBe(language);
        expect(emitted.slice(count)).toEqual(
          before === language ? [] : [{ type: 'language.changed', language }],
        );
        if (before !== language) expect(world.savedLanguage).toBe(language);
      };
      /** The login page stores the new token, then tells the session. */
      const logIn = () => {
        world.token = 'member';
        actor.send({ type: 'session.signedIn' });
      };
      await path.run({
        states: {
          guest: (state) => {
            checkShared(state);
            expect(select.selectIsLoggedIn(snap())).toBe(false);
          },
          member: (state) => {
            checkShared(state);
            // The newest answer is kept, never an older request's.
            expect(select.selectUser(snap())).toBe(world.newestUser);
            expect(select.selectUser(snap())).toEqual(USER);
            expect(select.selectHasPhone(snap())).toBe(true);
          },
        },
        events: {
          SHOW: async () => {
            actor.send({ type: 'session.show' });
            await settle();
          },
          SIGN_IN: async () => {
            logIn();
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
            const before = snap().context.orderType;
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
            tapLanguage(language);
            await settle();
          },
          LANGUAGE_SAVED_ELSEWHERE: async ({ language }) => {
            const before = snap().context.language;
            const count = emitted.length;
            world.savedLanguage = language;
            actor.send({ type: 'session.show' });
            await settle();
            expect(emitted.slice(count)).toEqual(
              before === language ? [] : [{ type: 'language.changed', language }],
            );
          },
          SET_LANGUAGE_WHILE_SHOWING: async ({ language }) => {
            // Restore reads the language saved before the tap and answers after it.
            world.hold = true;
            actor.send({ type: 'session.show' });
            expect(snap().matches({ user: 'showing' })).toBe(true);
            tapLanguage(language);
            await release(world, 'oldestFirst');
          },
          SET_LANGUAGE_WHILE_REFRESHING: async ({ language }) => {
            world.hold = true;
            actor.send({ type: 'session.show' });
            await releaseOne(world);
            expect(snap().matches({ user: 'refreshingUser' })).toBe(true);
            tapLanguage(language);
            // The tap neither waits for nor cancels the user read.
            expect(snap().matches({ user: 'refreshingUser' })).toBe(true);
            await release(world, 'oldestFirst');
          },
          SET_LANGUAGE_TWICE_QUICKLY: async ({ language }) => {
            world.hold = true;
            tapLanguage('fr');
            tapLanguage(language);
            // The first save answers last; the second choice still stands and stays saved.
            await release(world, 'newestFirst');
            expect(world.savedLanguage).toBe(language);
          },
          SIGN_IN_WHILE_SHOWING: async () => {
            // Restore read the storage before the login wrote the token.
            world.hold = true;
            actor.send({ type: 'session.show' });
            logIn();
            await release(world, 'oldestFirst');
          },
          SIGN_IN_WHILE_REFRESHING: async () => {
            // The entry page's visitor session is being read when the login finishes; the visitor's
            // answer comes last.
            world.token = 'visitor';
            world.hold = true;
            actor.send({ type: 'session.show' });
            await releaseOne(world);
            expect(snap().matches({ user: 'refreshingUser' })).toBe(true);
            logIn();
            await release(world, 'newestFirst');
          },
          SIGN_IN_WHILE_SIGNING_OUT: async () => {
            world.hold = true;
            actor.send({ type: 'session.signedOut' });
            logIn();
            await release(world, 'oldestFirst');
          },
        },
      });
    });
  }

  it('a show during a user read (a member-card payment) reads the user again and keeps that answer', async () => {
    const { actor, world } = await start({
      token: 'member',
      savedLanguage: null,
      refuseToken: false,
      launches: 0,
      hold: false,
      pending: [],
      newestUser: null,
    });
    world.hold = true;
    actor.send({ type: 'session.show' });
    await releaseOne(world);
    expect(actor.getSnapshot().matches({ user: 'refreshingUser' })).toBe(true);
    const beforePayment = world.newestUser;
    actor.send({ type: 'session.show' });
    // The read that began before the payment must not be the one kept.
    expect(world.newestUser).not.toBe(beforePayment);
    await release(world, 'newestFirst');
    expect(actor.getSnapshot().matches({ user: 'idle' })).toBe(true);
    expect(select.selectUser(actor.getSnapshot())).toBe(world.newestUser);
  });

  it('a language picked while the app launches is the one it starts in and saves', async () => {
    const world: World = {
      token: 'member',
      savedLanguage: 'fr',
      refuseToken: false,
      launches: 0,
      hold: true,
      pending: [],
      newestUser: null,
    };
    const started = start(world);
    const { actor } = await started;
    expect(actor.getSnapshot().matches({ user: 'launching' })).toBe(true);
    actor.send({ type: 'session.setLanguage', language: 'es' });
    expect(select.selectLanguage(actor.getSnapshot())).toBe('es');
    await release(world, 'oldestFirst');
    expect(select.selectIsReady(actor.getSnapshot())).toBe(true);
    expect(select.selectLanguage(actor.getSnapshot())).toBe('es');
    expect(world.savedLanguage).toBe('es');
    expect(select.selectUser(actor.getSnapshot())).toEqual(USER);
  });

  it('signing in while the app launches still clears the launch flags, then reads the new user', async () => {
    const world: World = {
      token: null,
      savedLanguage: null,
      refuseToken: false,
      launches: 0,
      hold: true,
      pending: [],
      newestUser: null,
    };
    const { actor } = await start(world);
    expect(actor.getSnapshot().matches({ user: 'launching' })).toBe(true);
    world.token = 'member';
    actor.send({ type: 'session.signedIn' });
    await release(world, 'oldestFirst');
    expect(world.launches).toBe(1);
    expect(select.selectUser(actor.getSnapshot())).toBe(world.newestUser);
    expect(select.selectHasPhone(actor.getSnapshot())).toBe(true);
  });

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
