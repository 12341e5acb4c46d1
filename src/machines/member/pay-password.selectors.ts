// What the pay password pages read from the payPassword actor.
import type { SnapshotFrom } from 'xstate';
import type { payPasswordMachine } from './pay-password.machine';
import { PAY_PASSWORD_LENGTH } from './pay-password.rules';

type S = SnapshotFrom<typeof payPasswordMachine>;

/** The step on screen: which PIN is being typed, the SMS step, the saved or failed end. */
export type PayPasswordStep = 'sms' | 'original' | 'newPassword' | 'repeat' | 'saving' | 'failed' | 'saved';

export const selectStep = (s: S): PayPasswordStep => {
  if (s.matches('verifyingPhone')) return 'sms';
  if (s.matches('original')) return 'original';
  if (s.matches('newPassword')) return 'newPassword';
  if (s.matches('repeat')) return 'repeat';
  if (s.matches('saving')) return 'saving';
  if (s.matches('failed')) return 'failed';
  return 'saved';
};

export const selectMode = (s: S) => s.context.mode;
export const selectError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsSaved = (s: S) => s.status === 'done';
/** The digits of the PIN on screen (the field is the machine's, so a step change empties it). */
export const selectPin = (s: S): string => {
  if (s.matches('original')) return s.context.original;
  if (s.matches('repeat') || s.matches('saving') || s.matches('failed')) return s.context.repeat;
  return s.context.next;
};
export const selectPinComplete = (s: S) => selectPin(s).length === PAY_PASSWORD_LENGTH;
export const selectCanStartOver = (s: S) => s.can({ type: 'pin.startOver' });
export const selectCanRetry = (s: S) => s.can({ type: 'pin.retry' });

// The SMS step of a forgotten password.
export const selectPhone = (s: S) => s.context.phone;
export const selectCode = (s: S) => s.context.code;
export const selectDemoCode = (s: S) => s.context.demoCode;
export const selectSecondsLeft = (s: S) => s.context.secondsLeft;
export const selectCanSend = (s: S) => s.matches({ verifyingPhone: 'idle' });
export const selectIsCodeStep = (s: S) => s.matches({ verifyingPhone: 'codeEntry' });
export const selectCanResend = (s: S) =>
  s.matches({ verifyingPhone: { codeEntry: { countdown: 'canResend' } } });
export const selectCanVerify = (s: S) =>
  s.matches({ verifyingPhone: { codeEntry: { input: 'typing' } } }) && s.context.code.length === 6;
export const selectCanEditCode = (s: S) => s.can({ type: 'sms.setCode', code: '' });
