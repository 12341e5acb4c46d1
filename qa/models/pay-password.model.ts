// Setting a first pay password as the member sees it on /member/edit-paypassword, one source for two walks:
// tests/model/member/pay-password.model.test.ts drives the real payPassword machine with it, and
// `npm run qa:replay -- pay-password` (qa/flows/pay-password.ts) the page in Chromium.
import { setup } from 'xstate';

export type PayPasswordJourneyEvent =
  { type: 'TYPE_SIMPLE' } | { type: 'TYPE_NEW' } | { type: 'REPEAT_OTHER' } | { type: 'REPEAT_SAME' };

/**
 * A new member with no pay password types a new one: 123456 is refused at once (spec §5), a repeat that
 * differs sends them back to type the new one again, and the same six digits twice save it.
 */
export const payPasswordJourneyModel = setup({
  types: { events: {} as PayPasswordJourneyEvent },
}).createMachine({
  id: 'payPasswordJourney',
  initial: 'newPassword',
  states: {
    newPassword: { on: { TYPE_SIMPLE: 'tooSimple', TYPE_NEW: 'repeat' } },
    tooSimple: { on: { TYPE_NEW: 'repeat' } },
    repeat: { on: { REPEAT_OTHER: 'mismatch', REPEAT_SAME: 'saved' } },
    mismatch: { on: { TYPE_NEW: 'repeat' } },
    saved: { type: 'final' },
  },
});

export const PAY_PASSWORD_JOURNEY_EVENTS: PayPasswordJourneyEvent[] = [
  { type: 'TYPE_SIMPLE' },
  { type: 'TYPE_NEW' },
  { type: 'REPEAT_OTHER' },
  { type: 'REPEAT_SAME' },
];

/** The digits each event types (the replay and the model test type the same). */
export const JOURNEY_DIGITS = { simple: '123456', next: '864209', other: '864201' } as const;
