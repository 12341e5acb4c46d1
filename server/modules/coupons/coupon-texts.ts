// The worded rules of coupons and activities (activity/* replies): what a customer reads about a coupon's
// value, threshold, validity, scope and conditions, and one line per rule of an activity, in the request's
// language. Amounts go through the engine's formatPrice so they read like the prices beside them.
import type { CouponRules } from '../../../src/domain/api/activity';
import type { Locale } from '../../../src/domain/enums';
import { CouponKind } from '../../../src/domain/coupon-kinds';
import type { ParsedActivity, ParsedCoupon } from '../../../src/domain/pricing';
import { formatPrice } from '../../../src/pricing';
import type { PriceFormat } from '../../../src/pricing/price-text';

/** How the texts of one reply are worded: the language and the shop's money. */
export interface TextContext {
  locale: Locale;
  money: Omit<PriceFormat, 'locale'>;
}

/** The validity a coupon is read with: a held coupon's concrete dates, or a template's rule. */
export interface ValidityFacts {
  validityType: number;
  startDate: string | null;
  endDate: string | null;
  weekDays: readonly number[];
  monthDays: readonly number[];
  /** Days after claiming (templates only). */
  validDays: number | null;
}

export interface ScopeFacts {
  chainScope: number;
  /** The chain's name when the coupon works across one. */
  chainName: string | null;
  /** Names of the listed shops (chain scope 2). */
  shopNames: string[];
}

interface Words {
  off: (amount: string) => string;
  percentOff: (percentPaid: number) => string;
  freeItem: string;
  specPrice: (price: string) => string;
  secondItem: (percentPaid: number) => string;
  buyGet: (buy: number, free: number) => string;
  over: (amount: string) => string;
  noMinimum: string;
  minQuantity: (n: number) => string;
  anyDay: string;
  from: (d: string) => string;
  until: (d: string) => string;
  weekDays: (days: string) => string;
  monthDays: (days: string) => string;
  validDays: (n: number) => string;
  dayNames: readonly string[];
  list: (items: string[]) => string;
  thisShop: string;
  allShops: (chain: string | null) => string;
  listedShops: (names: string) => string;
  orderTypes: (types: string) => string;
  orderTypeNames: readonly [string, string, string, string];
  membersOnly: string;
  nonMembersOnly: string;
  memberLevels: string;
  memberCardOnly: string;
  products: (n: number) => string;
  tier: (full: string, less: string) => string;
  everyTier: (full: string, less: string) => string;
  allDiscount: (percentPaid: number) => string;
  byType: string;
  /** A special price, with its per-person limit and the units still on offer when the activity caps them. */
  specialPrice: (price: string, limit: number | null, left: number | null) => string;
  gift: (full: string, name: string, quantity: number) => string;
}

const pct = (paid: number) => Math.round((100 - paid) * 100) / 100;
/** Chinese discounts read as the tenth paid: 80 % paid is 8折, 85 % is 8.5折. */
const zhe = (paid: number) => `${Math.round(paid) / 10}`.replace(/\.0$/, '');

const EN: Words = {
  off: (a) => `${a} off`,
  percentOff: (p) => `${pct(p)}% off`,
  freeItem: '1 item free',
  specPrice: (p) => `1 item for ${p}`,
  secondItem: (p) => `Second item ${pct(p)}% off`,
  buyGet: (b, f) => `Buy ${b}, get ${f} free`,
  over: (a) => `Orders over ${a}`,
  noMinimum: 'No minimum',
  minQuantity: (n) => `At least ${n} items`,
  anyDay: 'Valid any day',
  from: (d) => `From ${d}`,
  until: (d) => `Until ${d}`,
  weekDays: (d) => `On ${d}`,
  monthDays: (d) => `On day ${d} of the month`,
  validDays: (n) => `Valid ${n} days after claiming`,
  dayNames: ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'],
  list: (items) =>
    items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`,
  thisShop: 'This shop only',
  allShops: (c) => (c ? `All shops of ${c}` : 'This shop only'),
  listedShops: (n) => `Only at ${n}`,
  orderTypes: (t) => `For ${t} orders`,
  orderTypeNames: ['delivery', 'pickup', 'dine-in', 'appointment'],
  membersOnly: 'Members only',
  nonMembersOnly: 'For customers who are not members',
  memberLevels: 'Some member levels only',
  memberCardOnly: 'Pay with the member card',
  products: (n) => `Selected products only (${n})`,
  tier: (f, l) => `Spend ${f}, get ${l} off`,
  everyTier: (f, l) => `${l} off for every ${f} spent`,
  allDiscount: (p) => `${pct(p)}% off the whole order`,
  byType: 'Discounts by category',
  specialPrice: (p, limit, left) =>
    `Special price ${p}${limit === null ? '' : `, at most ${limit} each`}${left === null ? '' : `, ${left} left`}`,
  gift: (f, name, q) => `Free ${name} ×${q} over ${f}`,
};

const ZH_CN: Words = {
  off: (a) => `减${a}`,
  percentOff: (p) => `${zhe(p)}折`,
  freeItem: '免费兑换1件商品',
  specPrice: (p) => `1件商品特价${p}`,
  secondItem: (p) => `第二件${zhe(p)}折`,
  buyGet: (b, f) => `买${b}送${f}`,
  over: (a) => `满${a}可用`,
  noMinimum: '无门槛',
  minQuantity: (n) => `至少${n}件商品`,
  anyDay: '长期有效',
  from: (d) => `${d}起`,
  until: (d) => `有效期至${d}`,
  weekDays: (d) => `每${d}可用`,
  monthDays: (d) => `每月${d}日可用`,
  validDays: (n) => `领取后${n}天内有效`,
  dayNames: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  list: (items) => items.join('、'),
  thisShop: '仅限本店使用',
  allShops: (c) => (c ? `${c}全部门店可用` : '仅限本店使用'),
  listedShops: (n) => `仅限${n}使用`,
  orderTypes: (t) => `仅限${t}订单`,
  orderTypeNames: ['外卖', '自取', '堂食', '预约'],
  membersOnly: '仅限会员',
  nonMembersOnly: '仅限非会员',
  memberLevels: '仅限部分会员等级',
  memberCardOnly: '仅限会员卡支付',
  products: (n) => `仅限指定商品（${n}种）`,
  tier: (f, l) => `满${f}减${l}`,
  everyTier: (f, l) => `每满${f}减${l}`,
  allDiscount: (p) => `全场${zhe(p)}折`,
  byType: '分类折扣',
  specialPrice: (p, limit, left) =>
    `特价${p}${limit === null ? '' : `，每人限${limit}份`}${left === null ? '' : `，剩余${left}份`}`,
  gift: (f, name, q) => `满${f}送${name}×${q}`,
};

const ZH_TW: Words = {
  ...ZH_CN,
  freeItem: '免費兌換1件商品',
  specPrice: (p) => `1件商品特價${p}`,
  over: (a) => `滿${a}可用`,
  noMinimum: '無門檻',
  anyDay: '長期有效',
  from: (d) => `${d}起`,
  until: (d) => `有效期至${d}`,
  validDays: (n) => `領取後${n}天內有效`,
  dayNames: ['週一', '週二', '週三', '週四', '週五', '週六', '週日'],
  thisShop: '僅限本店使用',
  allShops: (c) => (c ? `${c}全部門店可用` : '僅限本店使用'),
  listedShops: (n) => `僅限${n}使用`,
  orderTypes: (t) => `僅限${t}訂單`,
  orderTypeNames: ['外送', '自取', '內用', '預約'],
  membersOnly: '僅限會員',
  nonMembersOnly: '僅限非會員',
  memberLevels: '僅限部分會員等級',
  memberCardOnly: '僅限會員卡支付',
  products: (n) => `僅限指定商品（${n}種）`,
  tier: (f, l) => `滿${f}減${l}`,
  everyTier: (f, l) => `每滿${f}減${l}`,
  off: (a) => `減${a}`,
  byType: '分類折扣',
  specialPrice: (p, limit, left) =>
    `特價${p}${limit === null ? '' : `，每人限${limit}份`}${left === null ? '' : `，剩餘${left}份`}`,
  gift: (f, name, q) => `滿${f}送${name}×${q}`,
  buyGet: (b, f) => `買${b}送${f}`,
};

const FR: Words = {
  off: (a) => `${a} de réduction`,
  percentOff: (p) => `-${pct(p)} %`,
  freeItem: '1 article offert',
  specPrice: (p) => `1 article à ${p}`,
  secondItem: (p) => `Deuxième article à -${pct(p)} %`,
  buyGet: (b, f) => `${b} achetés, ${f} offert${f > 1 ? 's' : ''}`,
  over: (a) => `Dès ${a} d'achat`,
  noMinimum: 'Sans minimum',
  minQuantity: (n) => `Au moins ${n} articles`,
  anyDay: 'Valable tous les jours',
  from: (d) => `À partir du ${d}`,
  until: (d) => `Jusqu'au ${d}`,
  weekDays: (d) => `Le ${d}`,
  monthDays: (d) => `Le ${d} du mois`,
  validDays: (n) => `Valable ${n} jours après l'obtention`,
  dayNames: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
  list: (items) =>
    items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`,
  thisShop: 'Dans cette boutique uniquement',
  allShops: (c) => (c ? `Dans toutes les boutiques ${c}` : 'Dans cette boutique uniquement'),
  listedShops: (n) => `Uniquement chez ${n}`,
  orderTypes: (t) => `Pour les commandes ${t}`,
  orderTypeNames: ['en livraison', 'à emporter', 'sur place', 'sur rendez-vous'],
  membersOnly: 'Réservé aux membres',
  nonMembersOnly: 'Pour les clients non membres',
  memberLevels: 'Certains niveaux de membre seulement',
  memberCardOnly: 'Paiement avec la carte de membre',
  products: (n) => `Produits sélectionnés seulement (${n})`,
  tier: (f, l) => `${l} de réduction dès ${f}`,
  everyTier: (f, l) => `${l} de réduction par tranche de ${f}`,
  allDiscount: (p) => `-${pct(p)} % sur toute la commande`,
  byType: 'Réductions par catégorie',
  specialPrice: (p, limit, left) =>
    `Prix spécial ${p}${limit === null ? '' : `, ${limit} max. par personne`}${left === null ? '' : `, encore ${left}`}`,
  gift: (f, name, q) => `${name} ×${q} offert dès ${f}`,
};

const ES: Words = {
  off: (a) => `${a} de descuento`,
  percentOff: (p) => `${pct(p)} % de descuento`,
  freeItem: '1 artículo gratis',
  specPrice: (p) => `1 artículo por ${p}`,
  secondItem: (p) => `Segundo artículo con ${pct(p)} % de descuento`,
  buyGet: (b, f) => `Compra ${b} y llévate ${f} gratis`,
  over: (a) => `En pedidos desde ${a}`,
  noMinimum: 'Sin mínimo',
  minQuantity: (n) => `Al menos ${n} artículos`,
  anyDay: 'Válido todos los días',
  from: (d) => `Desde el ${d}`,
  until: (d) => `Hasta el ${d}`,
  weekDays: (d) => `Los ${d}`,
  monthDays: (d) => `El día ${d} de cada mes`,
  validDays: (n) => `Válido ${n} días después de obtenerlo`,
  dayNames: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'],
  list: (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`),
  thisShop: 'Solo en esta tienda',
  allShops: (c) => (c ? `En todas las tiendas de ${c}` : 'Solo en esta tienda'),
  listedShops: (n) => `Solo en ${n}`,
  orderTypes: (t) => `Para pedidos ${t}`,
  orderTypeNames: ['a domicilio', 'para recoger', 'en el local', 'con cita'],
  membersOnly: 'Solo socios',
  nonMembersOnly: 'Para clientes que no son socios',
  memberLevels: 'Solo algunos niveles de socio',
  memberCardOnly: 'Paga con la tarjeta de socio',
  products: (n) => `Solo productos seleccionados (${n})`,
  tier: (f, l) => `${l} de descuento al gastar ${f}`,
  everyTier: (f, l) => `${l} de descuento por cada ${f}`,
  allDiscount: (p) => `${pct(p)} % de descuento en todo el pedido`,
  byType: 'Descuentos por categoría',
  specialPrice: (p, limit, left) =>
    `Precio especial ${p}${limit === null ? '' : `, máximo ${limit} por persona`}${left === null ? '' : `, quedan ${left}`}`,
  gift: (f, name, q) => `${name} ×${q} gratis desde ${f}`,
};

const WORDS: Record<Locale, Words> = { en: EN, 'zh-CN': ZH_CN, 'zh-TW': ZH_TW, fr: FR, es: ES };

const moneyOf = (ctx: TextContext) => (amount: number) =>
  formatPrice(amount, { locale: ctx.locale, ...ctx.money });

const CASH = new Set<number>([
  CouponKind.fullReduction,
  CouponKind.discount,
  CouponKind.expand,
  CouponKind.overSend,
  CouponKind.memberChargeGift,
]);

/** What the coupon takes off, in one phrase. */
export function couponValueText(c: ParsedCoupon, ctx: TextContext): string {
  const w = WORDS[ctx.locale];
  const money = moneyOf(ctx);
  if (CASH.has(c.type)) return w.off(money(c.reductionAmount));
  switch (c.type) {
    case CouponKind.allDiscount:
      return w.percentOff(c.discount);
    case CouponKind.product:
      return w.freeItem;
    case CouponKind.specPrice:
      return w.specPrice(money(c.discountPrice ?? 0));
    case CouponKind.secondItem:
      return w.secondItem(c.discount);
    default:
      return w.buyGet(c.buyQuantity, c.freeQuantity);
  }
}

function thresholdText(c: ParsedCoupon, ctx: TextContext): string {
  const w = WORDS[ctx.locale];
  const parts: string[] = [];
  if (c.minAmount > 0) parts.push(w.over(moneyOf(ctx)(c.minAmount)));
  if (c.minQuantity > 0) parts.push(w.minQuantity(c.minQuantity));
  return parts.length > 0 ? parts.join(' · ') : w.noMinimum;
}

export function validityText(v: ValidityFacts, locale: Locale): string {
  const w = WORDS[locale];
  const parts: string[] = [];
  if (v.startDate && v.endDate) parts.push(`${v.startDate} – ${v.endDate}`);
  else if (v.startDate) parts.push(w.from(v.startDate));
  else if (v.endDate) parts.push(w.until(v.endDate));
  if (v.validDays !== null) parts.push(w.validDays(v.validDays));
  if (v.validityType === 3 && v.weekDays.length > 0)
    parts.push(w.weekDays(w.list(v.weekDays.map((d) => w.dayNames[d - 1] ?? String(d)))));
  if (v.validityType === 4 && v.monthDays.length > 0)
    parts.push(w.monthDays(w.list(v.monthDays.map(String))));
  return parts.length > 0 ? parts.join(' · ') : w.anyDay;
}

export function scopeText(s: ScopeFacts, locale: Locale): string {
  const w = WORDS[locale];
  if (s.chainScope === 1) return w.thisShop;
  if (s.chainScope === 2 && s.shopNames.length > 0) return w.listedShops(w.list(s.shopNames));
  return w.allShops(s.chainName);
}

/** One sentence per condition of the order type, user type, member levels, member card and products. */
export function conditionTexts(
  c: Pick<ParsedCoupon, 'orderType' | 'userType' | 'memberLevel' | 'productList'> & {
    memberCardOnly?: boolean;
  },
  locale: Locale,
): string[] {
  const w = WORDS[locale];
  const out: string[] = [];
  if (c.orderType !== 0) {
    const names = w.orderTypeNames.filter((_, i) => (c.orderType & (1 << i)) !== 0);
    if (names.length > 0) out.push(w.orderTypes(w.list(names)));
  }
  if (c.userType === 2) out.push(w.membersOnly);
  else if (c.userType === 1) out.push(w.nonMembersOnly);
  if (c.memberLevel.length > 0) out.push(w.memberLevels);
  if (c.memberCardOnly) out.push(w.memberCardOnly);
  if (c.productList.length > 0) out.push(w.products(c.productList.length));
  return out;
}

export function couponRulesText(
  c: ParsedCoupon,
  validity: ValidityFacts,
  scope: ScopeFacts,
  ctx: TextContext,
): CouponRules {
  return {
    value: couponValueText(c, ctx),
    threshold: thresholdText(c, ctx),
    validity: validityText(validity, ctx.locale),
    scope: scopeText(scope, ctx.locale),
    conditions: conditionTexts(c, ctx.locale),
  };
}

/** One line per rule of a price activity (none for a coupon activity: its offers say it). */
export function activityRuleTexts(a: ParsedActivity, ctx: TextContext): string[] {
  const w = WORDS[ctx.locale];
  const money = moneyOf(ctx);
  const tiers = a.reductionList.length > 0 ? a.reductionList : a.gears;
  switch (a.type) {
    case 1:
    case 7:
      return tiers.map((g) => (a.cyclicCalc ? w.everyTier : w.tier)(money(g.full), money(g.less)));
    case 2:
      return [a.discountMode === 'byType' ? w.byType : w.allDiscount(a.discount)];
    case 3:
      return a.productList.map((p) =>
        w.specialPrice(
          money(p.discountPrice ?? 0),
          a.limit,
          p.quantity === null ? null : Math.max(0, p.quantity - p.purchasedQuantity),
        ),
      );
    case 11:
      return [w.secondItem(a.discount)];
    case 12:
      return a.productList.map((p) => w.buyGet(p.buyQuantity ?? 1, p.freeQuantity ?? 1));
    case 9:
      return [w.gift(money(a.minAmount), a.productName, a.freeQuantity)];
    default:
      return [];
  }
}
