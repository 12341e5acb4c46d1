// One typed function per identity and SMS call (spec §7 "User, member and address") and the store/userInfo
// pair, typed by the contract in src/domain/api/user.ts; the server validates every input (see ./call).
import type {
  H5entryInput,
  H5LoginInfo,
  H5LoginInput,
  SendSmsCodeInfo,
  SendSmsCodeInput,
  SessionInfo,
  SetUserInfoInput,
  SmsQuantityInfo,
  TokenInput,
  UserInfo,
  VerifyCodeInfo,
  VerifyCodeInput,
} from '../../domain/api/user';
import { post, type CallOptions } from '../http';

export const userApi = {
  /** An anonymous session for a shop and this browser's device id. */
  h5entry: async (body: H5entryInput, options?: CallOptions) =>
    post<SessionInfo>('user/h5entry', body, options),
  /** Moves a valid token of any shop to this shop. */
  token: async (body: TokenInput, options?: CallOptions) => post<SessionInfo>('user/token', body, options),
  sendSmsCode: async (body: SendSmsCodeInput, options?: CallOptions) =>
    post<SendSmsCodeInfo>('user/sendSmsCode', body, options),
  verifyCode: async (body: VerifyCodeInput, options?: CallOptions) =>
    post<VerifyCodeInfo>('user/verifyCode', body, options),
  getSmsQuantity: async (options?: CallOptions) => post<SmsQuantityInfo>('user/getSmsQuantity', {}, options),
  h5Login: async (body: H5LoginInput, options?: CallOptions) =>
    post<H5LoginInfo>('user/h5Login', body, options),
  /** Ends the session on the server, so the token stops working everywhere at once. */
  logout: async (options?: CallOptions) => post<null>('user/logout', {}, options),
  userInfo: async (options?: CallOptions) => post<UserInfo>('store/userInfo', {}, options),
  setUserInfo: async (body: SetUserInfoInput, options?: CallOptions) =>
    post<UserInfo>('store/setUserInfo', body, options),
};
