// Log in with a phone number and an SMS code (spec §5 "The phone must be correct. An SMS code is required",
// §8 SMS messages: wrong code, no SMS left, send failed). The phone follows the server's own rule
// (src/domain/api/user-rules.ts normalizePhone), so a number the browser accepts is one the server accepts.
import { assign, emit, setup } from 'xstate';
import type { H5LoginInfo, SendSmsCodeInfo, SmsQuantityInfo } from '../../domain/api/user';
import { normalizePhone, SMS_CODE_LENGTH } from '../../domain/api/user-rules';
import { notProvided } from '../shared/not-provided';

/** Seconds before another code may be requested. */
export const RESEND_SECONDS = 60;

export type SmsErrorKind =
  'invalidPhone' | 'invalidCode' | 'wrongCode' | 'noSmsLeft' | 'sendFailed' | 'network';

export interface SmsError {
  kind: SmsErrorKind;
  /** The server's own words for a refused send or code, shown as is. */
  message?: string;
}

export interface SmsLoginContext {
  phone: string;
  /** Country calling code without "+"; "86" (mainland) by default. */
  areaCode: string;
  code: string;
  secondsLeft: number;
  error: SmsError | null;
  /** Only with the demo sender: the code, so a visitor without a phone can log in. */
  demoCode: string | null;
}

export type SmsLoginEvent =
  | { type: 'sms.setPhone'; phone: string }
  | { type: 'sms.setAreaCode'; areaCode: string }
  | { type: 'sms.send' }
  | { type: 'sms.resend' }
  | { type: 'sms.setCode'; code: string }
  | { type: 'sms.verify' }
  | { type: 'sms.editPhone' };

export type SmsLoginEmitted = { type: 'auth.loggedIn'; session: H5LoginInfo };

export interface SmsInput {
  phone: string;
  areaCode: string;
}

const codePattern = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/**
 * The request layer rejects with { kind: 'business', message } when the server refused the call, and
 * with another kind (network, timeout, server...) when no answer came.
 */
const isRefusal = (error: unknown): error is { kind: 'business'; message: string } =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'business';

export const smsLoginMachine = setup({
  types: {
    context: {} as SmsLoginContext,
    events: {} as SmsLoginEvent,
    emitted: {} as SmsLoginEmitted,
    input: {} as { phone?: string; areaCode?: string },
  },
  actors: {
    /** user/getSmsQuantity */
    checkQuota: notProvided<SmsQuantityInfo>('checkQuota'),
    /** user/sendSmsCode */
    sendCode: notProvided<SendSmsCodeInfo, SmsInput>('sendCode'),
    /** user/h5Login: checks the code and opens the session. */
    logIn: notProvided<H5LoginInfo, SmsInput & { code: string }>('logIn'),
  },
  delays: {
    countdownTick: 1000,
  },
  guards: {
    phoneIsValid: ({ context }) => normalizePhone(context.phone, context.areaCode) !== null,
    codeIsComplete: ({ context }) => codePattern.test(context.code),
    hasQuota: (_, params: { quantity: number }) => params.quantity > 0,
    isCounting: ({ context }) => context.secondsLeft > 1,
    wasRefused: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    setPhone: assign((_, params: { phone: string }) => ({ phone: params.phone, error: null })),
    setAreaCode: assign((_, params: { areaCode: string }) => ({
      areaCode: params.areaCode.replace(/^\+/, ''),
      error: null,
    })),
    setCode: assign((_, params: { code: string }) => ({
      code: params.code.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH),
      error: null,
    })),
    setError: assign((_, params: SmsError) => ({ error: params })),
    clearError: assign({ error: null }),
    startCountdown: assign((_, params: { sent: SendSmsCodeInfo }) => ({
      secondsLeft: RESEND_SECONDS,
      code: '',
      demoCode: params.sent.code ?? null,
    })),
    tick: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    endCountdown: assign({ secondsLeft: 0 }),
    announceLogin: emit((_, params: { session: H5LoginInfo }) => ({
      type: 'auth.loggedIn' as const,
      session: params.session,
    })),
  },
}).createMachine({
  id: 'smsLogin',
  context: ({ input }) => ({
    phone: input.phone ?? '',
    areaCode: input.areaCode ?? '86',
    code: '',
    secondsLeft: 0,
    error: null,
    demoCode: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'sms.setPhone': { actions: { type: 'setPhone', params: ({ event }) => ({ phone: event.phone }) } },
        'sms.setAreaCode': {
          actions: { type: 'setAreaCode', params: ({ event }) => ({ areaCode: event.areaCode }) },
        },
        'sms.send': [
          { guard: 'phoneIsValid', target: 'checkingQuota', actions: 'clearError' },
          { actions: { type: 'setError', params: { kind: 'invalidPhone' } } },
        ],
      },
    },
    checkingQuota: {
      tags: 'busy',
      invoke: {
        src: 'checkQuota',
        onDone: [
          { guard: { type: 'hasQuota', params: ({ event }) => event.output }, target: 'sending' },
          { target: 'editing', actions: { type: 'setError', params: { kind: 'noSmsLeft' } } },
        ],
        onError: { target: 'editing', actions: { type: 'setError', params: { kind: 'network' } } },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone, areaCode: context.areaCode }),
        onDone: {
          target: 'codeEntry',
          actions: { type: 'startCountdown', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'wasRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: {
              type: 'setError',
              params: ({ event }) => ({
                kind: 'sendFailed' as const,
                message: (event.error as Error).message,
              }),
            },
          },
          { target: 'editing', actions: { type: 'setError', params: { kind: 'network' } } },
        ],
      },
    },
    codeEntry: {
      type: 'parallel',
      on: {
        'sms.editPhone': { target: 'editing', actions: 'clearError' },
      },
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
              on: { 'sms.resend': { target: '#smsLogin.checkingQuota', actions: 'clearError' } },
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
                  { guard: 'codeIsComplete', target: 'verifying', actions: 'clearError' },
                  { actions: { type: 'setError', params: { kind: 'invalidCode' } } },
                ],
              },
            },
            verifying: {
              tags: 'busy',
              invoke: {
                src: 'logIn',
                input: ({ context }) => ({
                  phone: context.phone,
                  areaCode: context.areaCode,
                  code: context.code,
                }),
                onDone: {
                  target: '#smsLogin.loggedIn',
                  actions: { type: 'announceLogin', params: ({ event }) => ({ session: event.output }) },
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
    loggedIn: {
      type: 'final',
    },
  },
});
