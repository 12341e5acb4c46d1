// One typed function per member call the storefront's member pages make (spec §7 "User, member and
// address": store/vipInfo, vip/register, vip/bind, vip/update, vip/updatePayPassword, vip/checkCode,
// vip/getVipShopList, vip/genVipToken, vip/getMemberNotifyInfo) and store/shopTexts, typed by the contract
// in src/domain/api/member.ts (as types only: its zod schemas stay on the server, which validates every
// input). A refusal rejects with an HttpError whose info names the reason (MEMBER_REFUSALS).
import type {
  CheckCodeInfo,
  CheckCodeInput,
  MemberInfo,
  MemberNotifyInfo,
  MemberRefusal,
  RegisterInfo,
  RegisterInput,
  ShopTextsInfo,
  UpdateMemberInput,
  UpdatePayPasswordInfo,
  UpdatePayPasswordInput,
  VipInfo,
  VipShopListInfo,
  VipTokenInfo,
} from '../domain/api/member';
import { isHttpError, post, type CallOptions } from './http';

export const memberApi = {
  /** The shop's member settings and the session's member (or why there is none). */
  vipInfo: async (options?: CallOptions) => post<VipInfo>('store/vipInfo', {}, options),
  register: async (body: RegisterInput, options?: CallOptions) =>
    post<RegisterInfo>('vip/register', body, options),
  /** Fast register: the member the session's proven phone already has at the counter. */
  bind: async (options?: CallOptions) => post<MemberInfo>('vip/bind', {}, options),
  update: async (body: UpdateMemberInput, options?: CallOptions) =>
    post<MemberInfo>('vip/update', body, options),
  updatePayPassword: async (body: UpdatePayPasswordInput, options?: CallOptions) =>
    post<UpdatePayPasswordInfo>('vip/updatePayPassword', body, options),
  checkCode: async (body: CheckCodeInput, options?: CallOptions) =>
    post<CheckCodeInfo>('vip/checkCode', body, options),
  shopList: async (options?: CallOptions) => post<VipShopListInfo>('vip/getVipShopList', {}, options),
  genVipToken: async (options?: CallOptions) => post<VipTokenInfo>('vip/genVipToken', {}, options),
  notifyInfo: async (options?: CallOptions) => post<MemberNotifyInfo>('vip/getMemberNotifyInfo', {}, options),
  shopTexts: async (options?: CallOptions) => post<ShopTextsInfo>('store/shopTexts', {}, options),
};

/** The reason a member call was refused (`info.reason`), or null for any other failure. */
export function memberRefusalOf(error: unknown): MemberRefusal | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  const info = error.info as { reason?: unknown } | null | undefined;
  const reason = typeof info === 'object' && info !== null ? info.reason : undefined;
  return typeof reason === 'string' ? (reason as MemberRefusal) : null;
}
