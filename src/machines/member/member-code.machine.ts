// The member code at the counter (spec §2 /member/bind-qrcode, §7 vip/genVipToken): a short-lived code
// drawn as a QR code and a barcode, replaced by a new one a few seconds before it expires so the code on
// screen always scans, with the seconds left counted down.
import { assign, setup } from 'xstate';
import type { VipTokenInfo } from '../../domain/api/member';
import { errorMessage, notProvided } from '../shared/not-provided';

/** A new code is fetched this many seconds before the old one expires (a scan takes a moment). */
export const MEMBER_CODE_REFRESH_MARGIN_SECONDS = 5;

export interface MemberCodeContext {
  code: VipTokenInfo | null;
  secondsLeft: number;
  error: string | null;
}

export type MemberCodeEvent = { type: 'code.refresh' } | { type: 'code.retry' };

export const memberCodeMachine = setup({
  types: {
    context: {} as MemberCodeContext,
    events: {} as MemberCodeEvent,
  },
  actors: {
    /** vip/genVipToken */
    generate: notProvided<VipTokenInfo>('generate'),
  },
  delays: {
    tick: 1000,
  },
  guards: {
    isFresh: ({ context }) => context.secondsLeft > MEMBER_CODE_REFRESH_MARGIN_SECONDS + 1,
  },
  actions: {
    storeCode: assign((_, params: { code: VipTokenInfo }) => ({
      code: params.code,
      // The server's lifetime, not the clocks': a phone's clock may be minutes off the server's.
      secondsLeft: params.code.ttlSeconds,
      error: null,
    })),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'memberCode',
  context: { code: null, secondsLeft: 0, error: null },
  initial: 'generating',
  states: {
    generating: {
      tags: 'busy',
      invoke: {
        src: 'generate',
        onDone: {
          target: 'showing',
          actions: { type: 'storeCode', params: ({ event }) => ({ code: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    showing: {
      on: { 'code.refresh': 'generating' },
      after: {
        tick: [
          { guard: 'isFresh', target: 'showing', reenter: true, actions: 'tick' },
          { target: 'generating', actions: 'tick' },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: { 'code.retry': 'generating' },
    },
  },
});
