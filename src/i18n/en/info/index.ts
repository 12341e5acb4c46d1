// The customer's own pages: the "my" tab (spec §2 /pages/user/center) and the profile (/pages/user/info).
// Loaded with loadNamespaceAsync before they render.
import type { BaseTranslation } from '../../i18n-types';

const en_info = {
  title: 'My profile',
  nickname: 'Nickname',
  gender: 'Gender',
  birthday: 'Birthday',
  phone: 'Phone',
  unknown: 'Not set',
  male: 'Male',
  female: 'Female',
  saved: 'Saved',
  nicknameRequired: 'Please enter a nickname.',
  notLoggedIn: 'Log in to see and edit your profile.',
  user: {
    centerTitle: 'Me',
    loginEntry: 'Log in / sign up',
    loginPrompt: 'Log in to see your orders, coupons and member card.',
    guest: 'Guest',
    editInfo: 'Edit profile',
    logout: 'Log out',
    language: 'Language',
    level: 'Level',
    points: 'Points',
    balance: 'Balance',
    giftBalance: 'Gift balance',
  },
} satisfies BaseTranslation;

export default en_info;
