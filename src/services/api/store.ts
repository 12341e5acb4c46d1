// One typed function per store/* call of spec §7, from the contract in src/domain/api/store.ts: the
// input is checked with the contract's schema before it is sent, and the reply's info is parsed with the
// contract's reply schema, so a view never renders a shape the contract does not promise.
import type { z } from 'zod';
import { storeContract, type StoreAction } from '../../domain/api/store';
import { checked, post, type CallOptions } from '../http';

type Contract = typeof storeContract;
export type StoreInput<A extends StoreAction> = z.input<Contract[A]['input']>;
export type StoreInfo<A extends StoreAction> = z.output<Contract[A]['info']>;

function call<A extends StoreAction>(action: A) {
  const { input, info } = storeContract[action];
  const path = `store/${action}`;
  return async (body: StoreInput<A>, options?: CallOptions): Promise<StoreInfo<A>> =>
    post(path, checked(input as z.ZodType, body, path), options, info as unknown as z.ZodType<StoreInfo<A>>);
}

export const storeApi = {
  list: call('list'),
  detail: call('detail'),
  paySetting: call('paySetting'),
  vipChargePaySetting: call('vipChargePaySetting'),
  levels: call('levels'),
  products: call('products'),
  productTypes: call('productTypes'),
  productsChunk: call('productsChunk'),
  productDetail: call('productDetail'),
  comboCheck: call('comboCheck'),
  productTastes: call('productTastes'),
  productTaxes: call('productTaxes'),
  checkStock: call('checkStock'),
  productSearch: call('productSearch'),
  specProductList: call('specProductList'),
  stockQuery: call('stockQuery'),
  memberSetting: call('memberSetting'),
} satisfies { [A in StoreAction]: unknown };
