// The member card's pay password (spec §2 /member/edit-paypassword and /member/forgot-paypassword, §5 "Pay
// password: exactly 6 digits, not 123456. The repeat must match the new one. The original must be correct",
// §8 "Password" messages). Three ways in: set a first one, change one (original, new, repeat), or forget it
// (an SMS code to the member's phone is checked for a short-lived ticket that stands in for the original).
import { assign, emit, setup } from 'xstate';
import { notProvided, refusalReason } from '../shared/not-provided';
import { newPasswordProblem, repeatMatches, isSixDigits, toPinDigits } from './pay-password.rules';

/** Seconds before another SMS code may be requested (as the login's). */
export const PAY_PASSWORD_RESEND_SECONDS = 60;

export type PayPasswordMode = 'set' | 'change' | 'forgot';

export type PayPasswordErrorKind =
  | 'notSixDigits'
  | 'tooSimple'
  | 'repeatMismatch'
  | 'originalWrong'
  | 'invalidCode'
  | 'wrongCode'
  | 'sendFailed'
  | 'ticketExpired'
  | 'refused'
  | 'network';

export interface PayPasswordError {
  kind: PayPasswordErrorKind;
  /** The server's own localised words for a refusal, shown as they come. */
  message?: string;
}

export interface PayPasswordContext {
  mode: PayPasswordMode;
  /** The member's proved phone, where the forgotten password's code goes. */
  phone: string;
  original: string;
  next: string;
  repeat: string;
  code: string;
  /** vip/checkCode's proof that the SMS code was right; it replaces the original when one is forgotten. */
  ticket: string | null;
  secondsLeft: number;
  error: PayPasswordError | null;
  /** Only with the demo SMS sender: the code, so a visitor without a phone can go on. */
  demoCode: string | null;
}

export type PayPasswordEvent =
  | { type: 'pin.input'; value: string }
  | { type: 'pin.submit' }
  | { type: 'pin.retry' }
  | { type: 'pin.startOver' }
  | { type: 'sms.send' }
  | { type: 'sms.resend' }
  | { type: 'sms.setCode'; code: string }
  | { type: 'sms.verify' };

export type PayPasswordEmitted = { type: 'payPassword.saved'; mode: PayPasswordMode };

export interface SavePasswordInput {
  payPassword: string;
  /** The repeat as typed (it matched); the server checks the rule again. */
  repeatPassword: string;
  /** Changing: the password the member typed as the current one. */
  originalPassword?: string;
  /** Forgotten: vip/checkCode's ticket. */
  ticket?: string;
}

export interface SentCode {
  /** Only with the demo sender. */
  code?: string;
}

/** Server refusal reasons the flow answers in its own words (the rest show the server's message). */
const ORIGINAL_WRONG = 'passwordOriginalWrong';
const TICKET_INVALID = 'ticketInvalid';

const isRefusal = (error: unknown): error is { kind: 'business'; message: string } =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'business';

const CODE_PATTERN = /^\d{6}$/;

export const payPasswordMachine = setup({
  types: {
    context: {} as PayPasswordContext,
    events: {} as PayPasswordEvent,
    emitted: {} as PayPasswordEmitted,
    input: {} as { mode: PayPasswordMode; phone?: string },
  },
  actors: {
    /** user/sendSmsCode to the member's phone. */
    sendCode: notProvided<SentCode, { phone: string }>('sendCode'),
    /** vip/checkCode: the SMS code → a ticket. */
    checkCode: notProvided<{ ticket: string }, { phone: string; code: string }>('checkCode'),
    /** vip/updatePayPassword */
    savePassword: notProvided<unknown, SavePasswordInput>('savePassword'),
  },
  delays: {
    countdownTick: 1000,
  },
  guards: {
    isForgot: ({ context }) => context.mode === 'forgot',
    isChange: ({ context }) => context.mode === 'change',
    originalIsComplete: ({ context }) => isSixDigits(context.original),
    nextIsNotSixDigits: ({ context }) => newPasswordProblem(context.next) === 'notSixDigits',
    nextIsTooSimple: ({ context }) => newPasswordProblem(context.next) === 'tooSimple',
    repeatMatches: ({ context }) => repeatMatches(context.next, context.repeat),
    codeIsComplete: ({ context }) => CODE_PATTERN.test(context.code),
    isCounting: ({ context }) => context.secondsLeft > 1,
    originalWasWrong: (_, params: { error: unknown }) => refusalReason(params.error) === ORIGINAL_WRONG,
    ticketExpired: (_, params: { error: unknown }) => refusalReason(params.error) === TICKET_INVALID,
    wasRefused: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    setOriginal: assign((_, params: { value: string }) => ({
      original: toPinDigits(params.value),
      error: null,
    })),
    setNext: assign((_, params: { value: string }) => ({ next: toPinDigits(params.value), error: null })),
    setRepeat: assign((_, params: { value: string }) => ({ repeat: toPinDigits(params.value), error: null })),
    setCode: assign((_, params: { code: string }) => ({
      code: params.code.replace(/\D/g, '').slice(0, 6),
      error: null,
    })),
    setError: assign((_, params: PayPasswordError) => ({ error: params })),
    clearError: assign({ error: null }),
    clearOriginal: assign({ original: '' }),
    /** A mismatch or a refused new password starts the new one again: the two entries go together. */
    clearNewPasswords: assign({ next: '', repeat: '' }),
    clearAll: assign({ original: '', next: '', repeat: '' }),
    storeTicket: assign((_, params: { ticket: string }) => ({ ticket: params.ticket, code: '' })),
    dropTicket: assign({ ticket: null, code: '' }),
    startCountdown: assign((_, params: { sent: SentCode }) => ({
      secondsLeft: PAY_PASSWORD_RESEND_SECONDS,
      code: '',
      demoCode: params.sent.code ?? null,
    })),
    tick: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    endCountdown: assign({ secondsLeft: 0 }),
    announceSaved: emit(({ context }) => ({ type: 'payPassword.saved' as const, mode: context.mode })),
  },
}).createMachine({
  id: 'payPassword',
  context: ({ input }) => ({
    mode: input.mode,
    phone: input.phone ?? '',
    original: '',
    next: '',
    repeat: '',
    code: '',
    ticket: null,
    secondsLeft: 0,
    error: null,
    demoCode: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isForgot', target: 'verifyingPhone' },
        { guard: 'isChange', target: 'original' },
        { target: 'newPassword' },
      ],
    },
    verifyingPhone: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'sms.send': { target: 'sending', actions: 'clearError' } },
        },
        sending: {
          tags: 'busy',
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ phone: context.phone }),
            onDone: {
              target: 'codeEntry',
              actions: { type: 'startCountdown', params: ({ event }) => ({ sent: event.output }) },
            },
            onError: [
              {
                guard: { type: 'wasRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: {
                  type: 'setError',
                  params: ({ event }) => ({
                    kind: 'sendFailed' as const,
                    message: (event.error as Error).message,
                  }),
                },
              },
              { target: 'idle', actions: { type: 'setError', params: { kind: 'network' } } },
            ],
          },
        },
        codeEntry: {
          type: 'parallel',
          states: {
            countdown: {
              initial: 'counting',
              states: {
                counting: {
                  after: {
                    countdownTick: [
                      { guard: 'isCounting', target: 'counting', reenter: true, actions: 'tick' },
                      { target: 'canResend', actions: 'endCountdown' },
                    ],
                  },
                },
                canResend: {
                  on: {
                    'sms.resend': { target: '#payPassword.verifyingPhone.sending', actions: 'clearError' },
                  },
                },
              },
            },
            input: {
              initial: 'typing',
              states: {
                typing: {
                  on: {
                    'sms.setCode': {
                      actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) },
                    },
                    'sms.verify': [
                      { guard: 'codeIsComplete', target: 'checking', actions: 'clearError' },
                      { actions: { type: 'setError', params: { kind: 'invalidCode' } } },
                    ],
                  },
                },
                checking: {
                  tags: 'busy',
                  invoke: {
                    src: 'checkCode',
                    input: ({ context }) => ({ phone: context.phone, code: context.code }),
                    onDone: {
                      target: '#payPassword.newPassword',
                      actions: {
                        type: 'storeTicket',
                        params: ({ event }) => ({ ticket: event.output.ticket }),
                      },
                    },
                    onError: [
                      {
                        guard: { type: 'wasRefused', params: ({ event }) => ({ error: event.error }) },
                        target: 'typing',
                        actions: {
                          type: 'setError',
                          params: ({ event }) => ({
                            kind: 'wrongCode' as const,
                            message: (event.error as Error).message,
                          }),
                        },
                      },
                      { target: 'typing', actions: { type: 'setError', params: { kind: 'network' } } },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    original: {
      on: {
        'pin.input': { actions: { type: 'setOriginal', params: ({ event }) => ({ value: event.value }) } },
        'pin.submit': [
          { guard: 'originalIsComplete', target: 'newPassword', actions: 'clearError' },
          { actions: { type: 'setError', params: { kind: 'notSixDigits' } } },
        ],
      },
    },
    newPassword: {
      on: {
        'pin.input': { actions: { type: 'setNext', params: ({ event }) => ({ value: event.value }) } },
        'pin.submit': [
          { guard: 'nextIsNotSixDigits', actions: { type: 'setError', params: { kind: 'notSixDigits' } } },
          {
            guard: 'nextIsTooSimple',
            actions: ['clearNewPasswords', { type: 'setError', params: { kind: 'tooSimple' } }],
          },
          { target: 'repeat', actions: 'clearError' },
        ],
        'pin.startOver': { guard: 'isChange', target: 'original', actions: ['clearAll', 'clearError'] },
      },
    },
    repeat: {
      on: {
        'pin.input': { actions: { type: 'setRepeat', params: ({ event }) => ({ value: event.value }) } },
        'pin.submit': [
          { guard: 'repeatMatches', target: 'saving', actions: 'clearError' },
          {
            target: 'newPassword',
            actions: ['clearNewPasswords', { type: 'setError', params: { kind: 'repeatMismatch' } }],
          },
        ],
        'pin.startOver': { target: 'newPassword', actions: ['clearNewPasswords', 'clearError'] },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'savePassword',
        input: ({ context }) => ({
          payPassword: context.next,
          repeatPassword: context.repeat,
          ...(context.mode === 'change' ? { originalPassword: context.original } : {}),
          ...(context.ticket ? { ticket: context.ticket } : {}),
        }),
        onDone: { target: 'saved', actions: 'announceSaved' },
        onError: [
          {
            guard: { type: 'originalWasWrong', params: ({ event }) => ({ error: event.error }) },
            target: 'original',
            actions: [
              'clearAll',
              {
                type: 'setError',
                // The server's words say how many tries are left before the lock-out.
                params: ({ event }) => ({
                  kind: 'originalWrong' as const,
                  message: (event.error as Error).message,
                }),
              },
            ],
          },
          {
            guard: { type: 'ticketExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyingPhone',
            actions: ['clearAll', 'dropTicket', { type: 'setError', params: { kind: 'ticketExpired' } }],
          },
          {
            guard: { type: 'wasRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'newPassword',
            actions: [
              'clearNewPasswords',
              {
                type: 'setError',
                params: ({ event }) => ({
                  kind: 'refused' as const,
                  message: (event.error as Error).message,
                }),
              },
            ],
          },
          { target: 'failed', actions: { type: 'setError', params: { kind: 'network' } } },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'pin.retry': { target: 'saving', actions: 'clearError' },
        'pin.startOver': { target: 'newPassword', actions: ['clearNewPasswords', 'clearError'] },
      },
    },
    saved: {
      type: 'final',
    },
  },
});
