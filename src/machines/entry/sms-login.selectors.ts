// What the login page reads from the SMS login actor.
import type { SnapshotFrom } from 'xstate';
import { normalizePhone, SMS_CODE_LENGTH } from '../../domain/api/user-rules';
import type { smsLoginMachine } from './sms-login.machine';

type S = SnapshotFrom<typeof smsLoginMachine>;

export const selectPhone = (s: S) => s.context.phone;
export const selectAreaCode = (s: S) => s.context.areaCode;
export const selectCode = (s: S) => s.context.code;
export const selectSecondsLeft = (s: S) => s.context.secondsLeft;
export const selectError = (s: S) => s.context.error;
export const selectDemoCode = (s: S) => s.context.demoCode;
export const selectIsBusy = (s: S) => s.hasTag('busy');
/** The code step is showing (the code field and the countdown). */
export const selectIsCodeStep = (s: S) => s.matches('codeEntry');
export const selectIsLoggedIn = (s: S) => s.status === 'done';
export const selectPhoneLooksValid = (s: S) => normalizePhone(s.context.phone, s.context.areaCode) !== null;
export const selectCanSend = (s: S) => s.matches('editing');
export const selectCanResend = (s: S) => s.matches({ codeEntry: { countdown: 'canResend' } });
export const selectCanVerify = (s: S) =>
  s.matches({ codeEntry: { input: 'typing' } }) && s.context.code.length === SMS_CODE_LENGTH;
/** Typing in the phone field counts: not while the code is being requested or is on its way. */
export const selectCanEditPhone = (s: S) => s.can({ type: 'sms.setPhone', phone: '' });
/** Typing in the code field counts: not before a code was sent, nor while it is being checked. */
export const selectCanEditCode = (s: S) => s.can({ type: 'sms.setCode', code: '' });
