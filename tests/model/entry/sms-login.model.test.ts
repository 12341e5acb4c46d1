import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { H5LoginInfo } from '../../../src/domain/api/user';
import {
  RESEND_SECONDS,
  smsLoginMachine,
  type SmsErrorKind,
  type SmsLoginEmitted,
} from '../../../src/machines/entry/sms-login.machine';
import * as select from '../../../src/machines/entry/sms-login.selectors';
import { coveragePaths } from '../support';

const RIGHT_CODE = '246810';
const SESSION: H5LoginInfo = {
  token: 'T-login',
  expiresAt: '2030-01-01T00:00:00Z',
  openid: 'device-1',
  shopId: 1,
  customerId: 3,
  isMember: true,
  phone: '13800138000',
  member: null,
};

type CodeKind = 'none' | 'right' | 'wrong' | 'short';
interface ModelContext {
  phoneValid: boolean;
  code: CodeKind;
  error: SmsErrorKind | null;
}
type ModelEvent =
  | { type: 'TYPE_PHONE'; valid: boolean }
  | { type: 'SEND' }
  | { type: 'SEND_NO_SMS_LEFT' }
  | { type: 'SEND_REFUSED' }
  | { type: 'SEND_OFFLINE' }
  | { type: 'TYPE_CODE'; code: Exclude<CodeKind, 'none'> }
  | { type: 'VERIFY' }
  | { type: 'VERIFY_OFFLINE' }
  | { type: 'WAIT_A_SECOND' }
  | { type: 'WAIT_OUT' }
  | { type: 'RESEND' }
  | { type: 'EDIT_PHONE' };

/** The customer's view: typing a phone, then a code while the resend countdown runs, then logged in. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    phoneValid: ({ context }) => context.phoneValid,
    codeIs: ({ context }, kind: CodeKind) => context.code === kind,
    codeIsRight: ({ context }) => context.code === 'right',
  },
  actions: {
    typePhone: assign(({ event }) =>
      event.type === 'TYPE_PHONE' ? { phoneValid: event.valid, error: null } : {},
    ),
    typeCode: assign(({ event }) => (event.type === 'TYPE_CODE' ? { code: event.code, error: null } : {})),
    fail: assign((_, kind: SmsErrorKind) => ({ error: kind })),
    sent: assign({ code: 'none' as CodeKind, error: null }),
    clear: assign({ error: null }),
  },
}).createMachine({
  id: 'smsModel',
  context: { phoneValid: false, code: 'none', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TYPE_PHONE: { actions: 'typePhone' },
        SEND: [
          { guard: 'phoneValid', target: 'codeEntry', actions: 'sent' },
          { actions: { type: 'fail', params: 'invalidPhone' } },
        ],
        SEND_NO_SMS_LEFT: { guard: 'phoneValid', actions: { type: 'fail', params: 'noSmsLeft' } },
        SEND_REFUSED: { guard: 'phoneValid', actions: { type: 'fail', params: 'sendFailed' } },
        SEND_OFFLINE: { guard: 'phoneValid', actions: { type: 'fail', params: 'network' } },
      },
    },
    codeEntry: {
      on: {
        TYPE_CODE: { actions: 'typeCode' },
        VERIFY: [
          { guard: { type: 'codeIs', params: 'right' }, target: 'loggedIn' },
          { guard: { type: 'codeIs', params: 'wrong' }, actions: { type: 'fail', params: 'wrongCode' } },
          { actions: { type: 'fail', params: 'invalidCode' } },
        ],
        VERIFY_OFFLINE: { guard: 'codeIsRight', actions: { type: 'fail', params: 'network' } },
        EDIT_PHONE: { target: 'editing', actions: 'clear' },
      },
      initial: 'counting',
      states: {
        counting: { on: { WAIT_A_SECOND: 'counting', WAIT_OUT: 'canResend' } },
        canResend: { on: { RESEND: { target: 'counting', actions: 'sent' } } },
      },
    },
    loggedIn: {},
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'TYPE_PHONE', valid: true },
  { type: 'TYPE_PHONE', valid: false },
  { type: 'SEND' },
  { type: 'SEND_NO_SMS_LEFT' },
  { type: 'SEND_REFUSED' },
  { type: 'SEND_OFFLINE' },
  { type: 'TYPE_CODE', code: 'right' },
  { type: 'TYPE_CODE', code: 'wrong' },
  { type: 'TYPE_CODE', code: 'short' },
  { type: 'VERIFY' },
  { type: 'VERIFY_OFFLINE' },
  { type: 'WAIT_A_SECOND' },
  { type: 'WAIT_OUT' },
  { type: 'RESEND' },
  { type: 'EDIT_PHONE' },
];

const CODES = { right: RIGHT_CODE, wrong: '111111', short: '123' } as const;

const refusal = (message: string) => Object.assign(new Error(message), { kind: 'business' });
const offline = () => Object.assign(new Error('timeout'), { kind: 'network', code: 5 });

function start() {
  const world = {
    quota: 10,
    refuseSend: false,
    offline: false,
    sends: 0,
    /** While set, the SMS is not sent until it settles. */
    sendGate: null as Promise<void> | null,
  };
  const emitted: SmsLoginEmitted[] = [];
  const actor = createActor(
    smsLoginMachine.provide({
      actors: {
        checkQuota: fromPromise(async () => {
          if (world.offline) throw offline();
          return { quantity: world.quota };
        }),
        sendCode: fromPromise(async () => {
          if (world.sendGate) await world.sendGate;
          if (world.refuseSend) throw refusal('Too many codes requested');
          world.sends += 1;
          return { expiresAt: '2030-01-01T00:10:00Z', sendsLeft: 2 };
        }),
        logIn: fromPromise(async ({ input }) => {
          if (world.offline) throw offline();
          if (input.code !== RIGHT_CODE) throw refusal('Wrong code');
          return SESSION;
        }),
      },
    }),
    { input: {} },
  );
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, world, emitted };
}

/** Runs queued promise reactions (fake timers also fake setTimeout). */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('smsLogin (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const { actor, world, emitted } = start();
      const snap = () => actor.getSnapshot();
      const expectError = (kind: SmsErrorKind | null) =>
        expect(select.selectError(snap())?.kind ?? null).toBe(kind);
      /** Which field takes typing now; a locked one must indeed ignore it (the form shows it read-only). */
      const expectEditable = (fields: { phone: boolean; code: boolean }) => {
        expect(select.selectCanEditPhone(snap())).toBe(fields.phone);
        expect(select.selectCanEditCode(snap())).toBe(fields.code);
      };
      const expectTypingIgnored = () => {
        const { phone, code } = snap().context;
        actor.send({ type: 'sms.setPhone', phone: '13911112222' });
        actor.send({ type: 'sms.setCode', code: '999999' });
        expect(select.selectPhone(snap())).toBe(phone);
        expect(select.selectCode(snap())).toBe(code);
      };
      await path.run({
        states: {
          editing: ({ context }) => {
            expect(select.selectCanSend(snap())).toBe(true);
            expectEditable({ phone: true, code: false });
            expect(select.selectIsCodeStep(snap())).toBe(false);
            expect(select.selectPhoneLooksValid(snap())).toBe(context.phoneValid);
            expectError(context.error);
          },
          'codeEntry.counting': ({ context }) => {
            expect(select.selectIsCodeStep(snap())).toBe(true);
            expectEditable({ phone: false, code: true });
            expect(select.selectSecondsLeft(snap())).toBeGreaterThan(0);
            expect(select.selectCanResend(snap())).toBe(false);
            expectError(context.error);
          },
          'codeEntry.canResend': ({ context }) => {
            expect(select.selectSecondsLeft(snap())).toBe(0);
            expectEditable({ phone: false, code: true });
            expect(select.selectCanResend(snap())).toBe(true);
            expectError(context.error);
          },
          loggedIn: () => {
            expect(select.selectIsLoggedIn(snap())).toBe(true);
            expectEditable({ phone: false, code: false });
            expect(emitted).toEqual([{ type: 'auth.loggedIn', session: SESSION }]);
          },
        },
        events: {
          TYPE_PHONE: ({ valid }) => {
            actor.send({ type: 'sms.setPhone', phone: valid ? '138 0013 8000' : '1380013' });
          },
          SEND: async () => {
            const sends = world.sends;
            let letSend = () => {};
            world.sendGate = new Promise<void>((resolve) => (letSend = resolve));
            actor.send({ type: 'sms.send' });
            if (select.selectIsBusy(snap())) {
              // Checking the quota, then sending: the phone in use cannot change under the request.
              expectEditable({ phone: false, code: false });
              expectTypingIgnored();
              await flush();
              expect(select.selectIsBusy(snap())).toBe(true);
              expectEditable({ phone: false, code: false });
              expectTypingIgnored();
            }
            world.sendGate = null;
            letSend();
            await flush();
            if (select.selectIsCodeStep(snap())) {
              expect(world.sends).toBe(sends + 1);
              expect(select.selectSecondsLeft(snap())).toBe(RESEND_SECONDS);
            }
          },
          SEND_NO_SMS_LEFT: async () => {
            world.quota = 0;
            actor.send({ type: 'sms.send' });
            await flush();
            world.quota = 10;
          },
          SEND_REFUSED: async () => {
            world.refuseSend = true;
            actor.send({ type: 'sms.send' });
            await flush();
            world.refuseSend = false;
            expect(select.selectError(snap())?.message).toBe('Too many codes requested');
          },
          SEND_OFFLINE: async () => {
            world.offline = true;
            actor.send({ type: 'sms.send' });
            await flush();
            world.offline = false;
          },
          TYPE_CODE: ({ code }) => {
            actor.send({ type: 'sms.setCode', code: CODES[code] });
            expect(select.selectCanVerify(snap())).toBe(code !== 'short');
          },
          VERIFY: async () => {
            actor.send({ type: 'sms.verify' });
            if (select.selectIsBusy(snap())) {
              // Checking the code: the code being checked cannot change under it.
              expectEditable({ phone: false, code: false });
              expectTypingIgnored();
            }
            await flush();
          },
          VERIFY_OFFLINE: async () => {
            world.offline = true;
            actor.send({ type: 'sms.verify' });
            await flush();
            world.offline = false;
          },
          WAIT_A_SECOND: async () => {
            const before = select.selectSecondsLeft(snap());
            await vi.advanceTimersByTimeAsync(1000);
            expect(select.selectSecondsLeft(snap())).toBe(before - 1);
          },
          WAIT_OUT: async () => {
            await vi.advanceTimersByTimeAsync(RESEND_SECONDS * 1000);
          },
          RESEND: async () => {
            const sends = world.sends;
            actor.send({ type: 'sms.resend' });
            await flush();
            expect(world.sends).toBe(sends + 1);
            expect(select.selectSecondsLeft(snap())).toBe(RESEND_SECONDS);
          },
          EDIT_PHONE: () => {
            actor.send({ type: 'sms.editPhone' });
          },
        },
      });
    });
  }
});
