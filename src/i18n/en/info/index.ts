// The profile page (spec §2 /pages/user/info). Loaded with loadNamespaceAsync before it renders.
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
} satisfies BaseTranslation;

export default en_info;
