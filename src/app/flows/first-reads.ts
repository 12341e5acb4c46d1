// The bodies of the reads a shop link starts with: the session (user/h5entry or user/token), the shop
// (store/detail) and the menu's categories with their first page (store/productTypes). The flows that send
// them and the early reads of a cold start (../early.ts) both build them here: the same body makes the same
// request, which is how the request layer knows an early reply answers its call (decision K50).
import type { ProductTypesInput, StoreDetailInput } from '../../domain/api/store';
import type { H5entryInput, TokenInput } from '../../domain/api/user';

export const openSessionBody = (input: { shopId: number; openid: string }): H5entryInput => ({
  id: input.shopId,
  openid: input.openid,
});

export const moveSessionBody = (input: { shopId: number; token: string }): TokenInput => ({
  id: input.shopId,
  token: input.token,
});

export const shopBody = (input: { shopId: number }): StoreDetailInput => ({ appId: input.shopId });

/** The categories, and in the same reply the first pages of the first screen's categories. */
export const menuTypesBody = (input: { version: string | null; pageLimit: number }): ProductTypesInput => ({
  version: input.version ?? undefined,
  firstPages: input.pageLimit,
});
