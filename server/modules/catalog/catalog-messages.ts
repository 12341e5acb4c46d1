// Texts of the store/* calls in every runtime language, as LocalizedText for BusinessError and ctx.t.
// `{name}` placeholders are filled by server/i18n's translate.
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

export const catalogMessages = {
  productNotFound: {
    en: 'Product {id} does not exist in this shop.',
    'zh-CN': '本店没有编号为 {id} 的商品。',
    'zh-TW': '本店沒有編號為 {id} 的商品。',
    fr: "Le produit {id} n'existe pas dans cette boutique.",
    es: 'El producto {id} no existe en esta tienda.',
  },
  specNotFound: {
    en: 'Product {id} has no option {specId}.',
    'zh-CN': '商品 {id} 没有规格 {specId}。',
    'zh-TW': '商品 {id} 沒有規格 {specId}。',
    fr: "Le produit {id} n'a pas de variante {specId}.",
    es: 'El producto {id} no tiene la variante {specId}.',
  },
  categoryNotFound: {
    en: 'Category {id} does not exist in this shop.',
    'zh-CN': '本店没有编号为 {id} 的分类。',
    'zh-TW': '本店沒有編號為 {id} 的分類。',
    fr: "La catégorie {id} n'existe pas dans cette boutique.",
    es: 'La categoría {id} no existe en esta tienda.',
  },
  notMealSet: {
    en: '{name} is not a set meal.',
    'zh-CN': '{name} 不是套餐。',
    'zh-TW': '{name} 不是套餐。',
    fr: "{name} n'est pas un menu composé.",
    es: '{name} no es un menú combinado.',
  },
  payOnline: {
    en: 'Pay online',
    'zh-CN': '在线支付',
    'zh-TW': '線上支付',
    fr: 'Paiement en ligne',
    es: 'Pago en línea',
  },
  payWallet: {
    en: 'Bank card or wallet (AllinPay)',
    'zh-CN': '银行卡/钱包（通联支付）',
    'zh-TW': '銀行卡/錢包（通聯支付）',
    fr: 'Carte bancaire ou portefeuille (AllinPay)',
    es: 'Tarjeta bancaria o monedero (AllinPay)',
  },
  payCash: {
    en: 'Pay at the counter',
    'zh-CN': '到店付款',
    'zh-TW': '到店付款',
    fr: 'Paiement au comptoir',
    es: 'Pago en el mostrador',
  },
  payCod: {
    en: 'Cash on delivery',
    'zh-CN': '货到付款',
    'zh-TW': '貨到付款',
    fr: 'Paiement à la livraison',
    es: 'Pago contra entrega',
  },
} as const satisfies Record<string, AllLocales>;

export type CatalogMessage = keyof typeof catalogMessages;
