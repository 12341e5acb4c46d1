// The SMS login page (spec §2 /pages/user/login). Loaded with loadNamespaceAsync before it renders.
import type { BaseTranslation } from '../../i18n-types';

const en_login = {
  title: 'Log in',
  intro: 'Enter your phone number and we will text you a code.',
  phone: 'Phone number',
  phonePlaceholder: 'Mobile number',
  code: 'Verification code',
  codePlaceholder: '6-digit code',
  sendCode: 'Send code',
  resendIn: 'Resend in {seconds:number}s',
  submit: 'Log in',
  phoneInvalid: 'Please enter a valid phone number.',
  codeRequired: 'Please enter the code we sent you.',
  codeSent: 'Code sent',
  demoCode: 'Demo mode: your code is {code:string}',
  wrongCode: 'The code is wrong or has expired.',
  noSmsLeft: 'No more SMS can be sent right now. Please try again later.',
  sendFailed: 'The code could not be sent. Please try again.',
  editPhone: 'Change number',
  success: 'Logged in',
} satisfies BaseTranslation;

export default en_login;
