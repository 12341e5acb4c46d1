// One typed function per identity and SMS call (spec §7 "User, member and address") and the store/userInfo
// pair, from the contract in src/domain/api/user.ts. Inputs are checked with the contract's schemas before
// they are sent; replies are typed by the contract.
import {
  emptyInput,
  h5entryInput,
  h5LoginInput,
  sendSmsCodeInput,
  setUserInfoInput,
  tokenInput,
  verifyCodeInput,
  type H5entryInput,
  type H5LoginInfo,
  type H5LoginInput,
  type SendSmsCodeInfo,
  type SendSmsCodeInput,
  type SessionInfo,
  type SetUserInfoInput,
  type SmsQuantityInfo,
  type TokenInput,
  type UserInfo,
  type VerifyCodeInfo,
  type VerifyCodeInput,
} from '../../domain/api/user';
import { checked, post, type CallOptions } from '../http';

export const userApi = {
  /** A session for a shop and this browser's openid (or device id). */
  h5entry: async (body: H5entryInput, options?: CallOptions) =>
    post<SessionInfo>('user/h5entry', checked(h5entryInput, body, 'user/h5entry'), options),
  /** Moves a valid token of any shop to this shop. */
  token: async (body: TokenInput, options?: CallOptions) =>
    post<SessionInfo>('user/token', checked(tokenInput, body, 'user/token'), options),
  sendSmsCode: async (body: SendSmsCodeInput, options?: CallOptions) =>
    post<SendSmsCodeInfo>('user/sendSmsCode', checked(sendSmsCodeInput, body, 'user/sendSmsCode'), options),
  verifyCode: async (body: VerifyCodeInput, options?: CallOptions) =>
    post<VerifyCodeInfo>('user/verifyCode', checked(verifyCodeInput, body, 'user/verifyCode'), options),
  getSmsQuantity: async (options?: CallOptions) =>
    post<SmsQuantityInfo>('user/getSmsQuantity', checked(emptyInput, {}, 'user/getSmsQuantity'), options),
  h5Login: async (body: H5LoginInput, options?: CallOptions) =>
    post<H5LoginInfo>('user/h5Login', checked(h5LoginInput, body, 'user/h5Login'), options),
  userInfo: async (options?: CallOptions) =>
    post<UserInfo>('store/userInfo', checked(emptyInput, {}, 'store/userInfo'), options),
  setUserInfo: async (body: SetUserInfoInput, options?: CallOptions) =>
    post<UserInfo>('store/setUserInfo', checked(setUserInfoInput, body, 'store/setUserInfo'), options),
};
