import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type Actor } from 'xstate';
import {
  PAY_PASSWORD_RESEND_SECONDS,
  payPasswordMachine,
  type PayPasswordEmitted,
  type PayPasswordErrorKind,
  type PayPasswordMode,
  type SavePasswordInput,
  type SentCode,
} from '../../../src/machines/member/pay-password.machine';
import * as select from '../../../src/machines/member/pay-password.selectors';
import {
  JOURNEY_DIGITS,
  PAY_PASSWORD_JOURNEY_EVENTS,
  payPasswordJourneyModel,
} from '../../../qa/models/pay-password.model';
import { coveragePaths, settle } from '../support';

// The customer's view of the pay password pages: which way in, which step shows, which message stands.
interface ModelContext {
  mode: PayPasswordMode | null;
  error: PayPasswordErrorKind | null;
}
type ModelEvent =
  | { type: 'START_SET' }
  | { type: 'START_CHANGE' }
  | { type: 'START_FORGOT' }
  | { type: 'SEND_CODE' }
  | { type: 'SEND_OK' }
  | { type: 'SEND_REFUSED' }
  | { type: 'ENTER_CODE' }
  | { type: 'CODE_OK' }
  | { type: 'CODE_WRONG' }
  | { type: 'SUBMIT_SHORT' }
  | { type: 'ENTER_ORIGINAL' }
  | { type: 'ENTER_NEW' }
  | { type: 'ENTER_123456' }
  | { type: 'REPEAT_SAME' }
  | { type: 'REPEAT_OTHER' }
  | { type: 'SAVE_OK' }
  | { type: 'SAVE_ORIGINAL_WRONG' }
  | { type: 'SAVE_TICKET_EXPIRED' }
  | { type: 'SAVE_REFUSED' }
  | { type: 'NO_ANSWER' }
  | { type: 'RETRY' }
  | { type: 'START_OVER' };

const payPasswordModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    changing: ({ context }) => context.mode === 'change',
    forgetting: ({ context }) => context.mode === 'forgot',
  },
  actions: {
    fail: assign((_, params: { error: PayPasswordErrorKind }) => ({ error: params.error })),
    clear: assign({ error: null }),
  },
}).createMachine({
  id: 'payPasswordModel',
  context: { mode: null, error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        START_SET: { target: 'newPassword', actions: assign({ mode: 'set' }) },
        START_CHANGE: { target: 'original', actions: assign({ mode: 'change' }) },
        START_FORGOT: { target: 'sms', actions: assign({ mode: 'forgot' }) },
      },
    },
    sms: { on: { SEND_CODE: { target: 'sending', actions: 'clear' } } },
    sending: {
      on: {
        SEND_OK: 'codeEntry',
        SEND_REFUSED: { target: 'sms', actions: { type: 'fail', params: { error: 'sendFailed' } } },
      },
    },
    codeEntry: { on: { ENTER_CODE: { target: 'checking', actions: 'clear' } } },
    checking: {
      on: {
        CODE_OK: 'newPassword',
        CODE_WRONG: { target: 'codeEntry', actions: { type: 'fail', params: { error: 'wrongCode' } } },
      },
    },
    original: {
      on: {
        SUBMIT_SHORT: { actions: { type: 'fail', params: { error: 'notSixDigits' } } },
        ENTER_ORIGINAL: { target: 'newPassword', actions: 'clear' },
      },
    },
    newPassword: {
      on: {
        SUBMIT_SHORT: { actions: { type: 'fail', params: { error: 'notSixDigits' } } },
        ENTER_123456: { actions: { type: 'fail', params: { error: 'tooSimple' } } },
        ENTER_NEW: { target: 'repeat', actions: 'clear' },
        START_OVER: { guard: 'changing', target: 'original', actions: 'clear' },
      },
    },
    repeat: {
      on: {
        REPEAT_SAME: { target: 'saving', actions: 'clear' },
        REPEAT_OTHER: {
          target: 'newPassword',
          actions: { type: 'fail', params: { error: 'repeatMismatch' } },
        },
        START_OVER: { target: 'newPassword', actions: 'clear' },
      },
    },
    saving: {
      on: {
        SAVE_OK: 'saved',
        SAVE_ORIGINAL_WRONG: {
          guard: 'changing',
          target: 'original',
          actions: { type: 'fail', params: { error: 'originalWrong' } },
        },
        SAVE_TICKET_EXPIRED: {
          guard: 'forgetting',
          target: 'sms',
          actions: { type: 'fail', params: { error: 'ticketExpired' } },
        },
        SAVE_REFUSED: { target: 'newPassword', actions: { type: 'fail', params: { error: 'refused' } } },
        NO_ANSWER: { target: 'failed', actions: { type: 'fail', params: { error: 'network' } } },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'saving', actions: 'clear' },
        START_OVER: { target: 'newPassword', actions: 'clear' },
      },
    },
    saved: {},
  },
});

/** A refusal as the request layer rejects with it: an HttpError of kind business, its reason in info. */
function refusal(message: string, reason?: string): Error {
  return Object.assign(new Error(message), {
    name: 'HttpError',
    kind: 'business',
    info: reason ? { reason } : null,
  });
}
const offline = () => Object.assign(new Error('timeout'), { name: 'HttpError', kind: 'timeout' });

interface Pending<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

const EVENTS: ModelEvent[] = [
  { type: 'START_SET' },
  { type: 'START_CHANGE' },
  { type: 'START_FORGOT' },
  { type: 'SEND_CODE' },
  { type: 'SEND_OK' },
  { type: 'SEND_REFUSED' },
  { type: 'ENTER_CODE' },
  { type: 'CODE_OK' },
  { type: 'CODE_WRONG' },
  { type: 'SUBMIT_SHORT' },
  { type: 'ENTER_ORIGINAL' },
  { type: 'ENTER_NEW' },
  { type: 'ENTER_123456' },
  { type: 'REPEAT_SAME' },
  { type: 'REPEAT_OTHER' },
  { type: 'SAVE_OK' },
  { type: 'SAVE_ORIGINAL_WRONG' },
  { type: 'SAVE_TICKET_EXPIRED' },
  { type: 'SAVE_REFUSED' },
  { type: 'NO_ANSWER' },
  { type: 'RETRY' },
  { type: 'START_OVER' },
];

const PHONE = '+6591234567';

describe('payPassword (model-based)', () => {
  for (const path of coveragePaths(payPasswordModel, EVENTS)) {
    it(path.description, async () => {
      const sends: Pending<{ code?: string }>[] = [];
      const checks: Pending<{ ticket: string }>[] = [];
      const saves: Pending<unknown>[] = [];
      const saved: SavePasswordInput[] = [];
      const emitted: PayPasswordEmitted[] = [];
      let actor: Actor<typeof payPasswordMachine> | null = null;
      const pending = <T>(list: Pending<T>[]) =>
        new Promise<T>((resolve, reject) => list.push({ resolve, reject }));
      const start = (mode: PayPasswordMode) => {
        actor = createActor(
          payPasswordMachine.provide({
            actors: {
              sendCode: fromPromise(({ input }) => {
                expect(input.phone).toBe(PHONE);
                return pending(sends);
              }),
              checkCode: fromPromise(() => pending(checks)),
              savePassword: fromPromise(({ input }) => {
                saved.push(input);
                return pending(saves);
              }),
            },
          }),
          { input: { mode, phone: PHONE } },
        );
        actor.on('*', (e) => emitted.push(e as PayPasswordEmitted));
        actor.start();
      };
      const real = () => actor!.getSnapshot();
      const type = (value: string) => {
        actor!.send({ type: 'pin.input', value });
        actor!.send({ type: 'pin.submit' });
      };
      const errorIs = (state: { context: unknown }) =>
        expect(select.selectError(real())?.kind ?? null).toBe((state.context as ModelContext).error);

      await path.run({
        states: {
          choosing: () => expect(actor).toBeNull(),
          sms: (state) => {
            expect(select.selectStep(real())).toBe('sms');
            expect(select.selectCanSend(real())).toBe(true);
            errorIs(state);
          },
          sending: () => expect(select.selectIsBusy(real())).toBe(true),
          codeEntry: (state) => {
            expect(select.selectIsCodeStep(real())).toBe(true);
            expect(select.selectSecondsLeft(real())).toBe(PAY_PASSWORD_RESEND_SECONDS);
            expect(select.selectCanEditCode(real())).toBe(true);
            errorIs(state);
          },
          checking: () => expect(select.selectIsBusy(real())).toBe(true),
          original: (state) => {
            expect(select.selectStep(real())).toBe('original');
            errorIs(state);
          },
          newPassword: (state) => {
            expect(select.selectStep(real())).toBe('newPassword');
            // A refused or mismatched new password is typed again from an empty field.
            if (state.context.error !== 'notSixDigits') expect(select.selectPin(real())).toBe('');
            errorIs(state);
          },
          repeat: () => {
            expect(select.selectStep(real())).toBe('repeat');
            expect(select.selectPin(real())).toBe('');
          },
          saving: () => {
            expect(select.selectStep(real())).toBe('saving');
            const last = saved.at(-1)!;
            expect(last.payPassword).toBe('864209');
            expect(last.repeatPassword).toBe('864209');
            const mode = select.selectMode(real());
            expect(last.originalPassword).toBe(mode === 'change' ? '135790' : undefined);
            expect(last.ticket).toBe(mode === 'forgot' ? 'ticket-1' : undefined);
          },
          failed: () => {
            expect(select.selectStep(real())).toBe('failed');
            expect(select.selectCanRetry(real())).toBe(true);
            expect(select.selectError(real())?.kind).toBe('network');
          },
          saved: () => {
            expect(select.selectIsSaved(real())).toBe(true);
            expect(emitted.at(-1)).toEqual({ type: 'payPassword.saved', mode: select.selectMode(real()) });
          },
        },
        events: {
          START_SET: () => start('set'),
          START_CHANGE: () => start('change'),
          START_FORGOT: () => start('forgot'),
          SEND_CODE: async () => {
            actor!.send({ type: 'sms.send' });
            await settle();
          },
          SEND_OK: async () => {
            sends.at(-1)!.resolve({});
            await settle();
          },
          SEND_REFUSED: async () => {
            sends.at(-1)!.reject(refusal('No SMS left'));
            await settle();
          },
          ENTER_CODE: async () => {
            actor!.send({ type: 'sms.setCode', code: '12 34 56' });
            actor!.send({ type: 'sms.verify' });
            await settle();
          },
          CODE_OK: async () => {
            checks.at(-1)!.resolve({ ticket: 'ticket-1' });
            await settle();
          },
          CODE_WRONG: async () => {
            checks.at(-1)!.reject(refusal('Wrong code', 'wrongCode'));
            await settle();
          },
          SUBMIT_SHORT: () => type('12a4'),
          ENTER_ORIGINAL: () => type('135790'),
          ENTER_NEW: () => type('864209'),
          ENTER_123456: () => type('123456'),
          REPEAT_SAME: async () => {
            type('864209');
            await settle();
          },
          REPEAT_OTHER: () => type('864201'),
          SAVE_OK: async () => {
            saves.at(-1)!.resolve(null);
            await settle();
          },
          SAVE_ORIGINAL_WRONG: async () => {
            saves.at(-1)!.reject(refusal('The original password is incorrect', 'passwordOriginalWrong'));
            await settle();
          },
          SAVE_TICKET_EXPIRED: async () => {
            saves.at(-1)!.reject(refusal('Expired', 'ticketInvalid'));
            await settle();
          },
          SAVE_REFUSED: async () => {
            saves.at(-1)!.reject(refusal('Not accepted'));
            await settle();
          },
          NO_ANSWER: async () => {
            saves.at(-1)!.reject(offline());
            await settle();
          },
          RETRY: async () => {
            actor!.send({ type: 'pin.retry' });
            await settle();
          },
          START_OVER: () => actor!.send({ type: 'pin.startOver' }),
        },
      });
      (actor as Actor<typeof payPasswordMachine> | null)?.stop();
    });
  }
});

describe('payPassword timing', () => {
  afterEach(() => vi.useRealTimers());

  it('a forgotten password offers a new code only when the countdown has run out', async () => {
    vi.useFakeTimers();
    const actor = createActor(
      payPasswordMachine.provide({
        actors: {
          sendCode: fromPromise<SentCode, { phone: string }>(async () => ({ code: '246810' })),
          checkCode: fromPromise(async () => ({ ticket: 't' })),
          savePassword: fromPromise<unknown, SavePasswordInput>(async () => null),
        },
      }),
      { input: { mode: 'forgot', phone: PHONE } },
    ).start();
    actor.send({ type: 'sms.send' });
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectDemoCode(actor.getSnapshot())).toBe('246810');
    expect(select.selectCanResend(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync((PAY_PASSWORD_RESEND_SECONDS - 1) * 1000);
    expect(select.selectSecondsLeft(actor.getSnapshot())).toBe(1);
    expect(select.selectCanResend(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(select.selectCanResend(actor.getSnapshot())).toBe(true);
    // Typing the code goes on while the countdown runs; a short code is refused without a call.
    actor.send({ type: 'sms.setCode', code: '123' });
    actor.send({ type: 'sms.verify' });
    expect(select.selectError(actor.getSnapshot())?.kind).toBe('invalidCode');
    actor.stop();
  });
});

// The QA replay's model (qa/models/pay-password.model.ts) walked against the real machine: what Chromium
// replays on /member/edit-paypassword is what the machine does.
describe('payPassword journey (QA model)', () => {
  for (const path of coveragePaths(payPasswordJourneyModel, PAY_PASSWORD_JOURNEY_EVENTS)) {
    it(path.description, async () => {
      const saved: SavePasswordInput[] = [];
      const actor = createActor(
        payPasswordMachine.provide({
          actors: {
            savePassword: fromPromise<unknown, SavePasswordInput>(async ({ input }) => {
              saved.push(input);
              return null;
            }),
          },
        }),
        { input: { mode: 'set', phone: PHONE } },
      ).start();
      const real = () => actor.getSnapshot();
      const type = async (value: string) => {
        actor.send({ type: 'pin.input', value });
        actor.send({ type: 'pin.submit' });
        await settle();
      };
      await path.run({
        states: {
          newPassword: () => {
            expect(select.selectStep(real())).toBe('newPassword');
            expect(select.selectError(real())).toBeNull();
          },
          tooSimple: () => {
            expect(select.selectStep(real())).toBe('newPassword');
            expect(select.selectError(real())?.kind).toBe('tooSimple');
          },
          repeat: () => expect(select.selectStep(real())).toBe('repeat'),
          mismatch: () => {
            expect(select.selectStep(real())).toBe('newPassword');
            expect(select.selectError(real())?.kind).toBe('repeatMismatch');
          },
          saved: () => {
            expect(select.selectIsSaved(real())).toBe(true);
            expect(saved).toEqual([
              { payPassword: JOURNEY_DIGITS.next, repeatPassword: JOURNEY_DIGITS.next },
            ]);
          },
        },
        events: {
          TYPE_SIMPLE: () => type(JOURNEY_DIGITS.simple),
          TYPE_NEW: () => type(JOURNEY_DIGITS.next),
          REPEAT_OTHER: () => type(JOURNEY_DIGITS.other),
          REPEAT_SAME: () => type(JOURNEY_DIGITS.next),
        },
      });
      actor.stop();
    });
  }
});
