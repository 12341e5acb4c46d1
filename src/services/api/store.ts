// One typed function per store/* call of spec §7, typed by the contract in src/domain/api/store.ts (see
// ./call: the server validates, the browser takes its types from the same schemas).
import type { storeContract, StoreAction } from '../../domain/api/store';
import { contractCalls, type ContractInfo, type ContractInput } from './call';

type Contract = typeof storeContract;
export type StoreInput<A extends StoreAction> = ContractInput<Contract, A>;
export type StoreInfo<A extends StoreAction> = ContractInfo<Contract, A>;

const call = contractCalls<Contract>('store');

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
