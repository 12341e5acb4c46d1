// What a member may recharge (vip/payRules, vip/giftAmountRules): the tiers and free-amount limits of the
// session's membership scope, the chain's when the shop is in one, else the shop's own (like members).
// A shop whose member settings close recharging (isAllowRecharge false, or the member function closed)
// refuses both calls, so the page never offers what vip/charge would refuse.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  GiftAmountRulesInfo,
  PayRulesInfo,
  RechargeCoupon,
  RechargeLimitCard,
  RechargeRule,
  RechargeRefusal,
} from '../../../src/domain/api/member-money';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import {
  couponTemplates,
  limitCardTemplates,
  memberMoneyRules,
  members,
  rechargeRules,
  type MemberSettingRow,
  type RechargeCouponGrant,
  type RechargeLimitCardGrant,
  type RechargeRuleRow,
  type ShopRow,
} from '../../db/schema';
import { BusinessError, type RequestContext, type Session } from '../../http/action';
import type { LocalizedText, MessageParams } from '../../i18n';
import { localize } from '../catalog/catalog';
import { memberMoneyMessages } from './member-money-messages';

export const refuseMoney = (
  reason: RechargeRefusal,
  message: LocalizedText,
  params?: MessageParams,
  status?: number,
) => new BusinessError(message, params, { reason }, status);

/** A membership scope: the chain's (every branch shares it) or one shop's. */
export interface MemberScope {
  chainId: number | null;
  shopId: number;
}

export const scopeOfSession = (session: Session): MemberScope => ({
  chainId: session.chainId,
  shopId: session.shopId,
});

/** Rows of a scoped rules table that belong to the scope. */
export function inScope(
  table: typeof rechargeRules | typeof memberMoneyRules,
  scope: MemberScope,
): SQL | undefined {
  return scope.chainId !== null ? eq(table.chainId, scope.chainId) : eq(table.shopId, scope.shopId);
}

/** The shop's row and member settings as the order path reads them (cached). */
export interface ShopMoney {
  row: ShopRow;
  memberSetting: MemberSettingRow | undefined;
}

export async function shopMoney(app: FastifyInstance, ctx: RequestContext<'session'>): Promise<ShopMoney> {
  const entry = await app.catalogCache.entry(app.db, ctx.session.shopId, ctx.catalogueLocale, ctx.now);
  if (!entry) throw refuseMoney('rechargeClosed', memberMoneyMessages.rechargeClosed, undefined, 404);
  return { row: entry.shop.row, memberSetting: entry.memberSetting };
}

export function ensureRechargeOpen(shop: ShopMoney): MemberSettingRow {
  const setting = shop.memberSetting;
  if (!setting?.isFunctionOpen || !setting.isAllowRecharge)
    throw refuseMoney('rechargeClosed', memberMoneyMessages.rechargeClosed);
  return setting;
}

export interface MoneyRules {
  freeAmount: { min: number; max: number } | null;
  pointsPerUnit: number;
}

export async function moneyRules(db: Executor, scope: MemberScope): Promise<MoneyRules> {
  const [row] = await db.select().from(memberMoneyRules).where(inScope(memberMoneyRules, scope));
  const freeAmount =
    row?.freeAmountMin != null && row.freeAmountMax != null
      ? { min: row.freeAmountMin, max: row.freeAmountMax }
      : null;
  return { freeAmount, pointsPerUnit: row?.pointsPerUnit ?? 0 };
}

/** The scope's active tiers, in the merchant's order then by amount. */
export async function activeTiers(db: Executor, scope: MemberScope): Promise<RechargeRuleRow[]> {
  return db
    .select()
    .from(rechargeRules)
    .where(and(inScope(rechargeRules, scope), eq(rechargeRules.active, true)))
    .orderBy(asc(rechargeRules.sort), asc(rechargeRules.payAmount), asc(rechargeRules.id));
}

/** Whether the member has ever been credited a recharge (false for a session without a member). */
export async function hasCharged(db: Executor, memberId: number | null): Promise<boolean> {
  if (memberId === null) return false;
  const [row] = await db
    .select({ isCharged: members.isCharged })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.isCharged ?? false;
}

/**
 * The gift a free amount earns (decision M86): the gift of the largest tier at or below it that is not
 * for the first recharge only. A free amount earns no points and no coupons: those belong to the tiers.
 */
export function giftForAmount(amount: number, tiers: readonly RechargeRuleRow[]): number {
  let best: RechargeRuleRow | null = null;
  for (const tier of tiers) {
    if (tier.firstOnly || tier.payAmount > amount) continue;
    if (!best || tier.payAmount > best.payAmount) best = tier;
  }
  return best?.giftAmount ?? 0;
}

/** The coupons a tier grants, named in the request's language (a template since deleted is left out). */
export async function namedCoupons(
  db: Executor,
  grants: readonly RechargeCouponGrant[],
  locale: CatalogueLocale,
): Promise<RechargeCoupon[]> {
  if (grants.length === 0) return [];
  const rows = await db
    .select({ id: couponTemplates.id, name: couponTemplates.name })
    .from(couponTemplates)
    .where(
      inArray(
        couponTemplates.id,
        grants.map((g) => g.templateId),
      ),
    );
  const names = new Map(rows.map((r) => [r.id, localize(r.name, locale)]));
  return grants.flatMap((g) =>
    names.has(g.templateId)
      ? [{ templateId: g.templateId, name: names.get(g.templateId)!, quantity: g.quantity }]
      : [],
  );
}

/** The limit cards a tier grants, named in the request's language (a template since deleted is left out). */
export async function namedLimitCards(
  db: Executor,
  grants: readonly RechargeLimitCardGrant[],
  locale: CatalogueLocale,
): Promise<RechargeLimitCard[]> {
  if (grants.length === 0) return [];
  const rows = await db
    .select({ id: limitCardTemplates.id, name: limitCardTemplates.name, uses: limitCardTemplates.uses })
    .from(limitCardTemplates)
    .where(
      inArray(
        limitCardTemplates.id,
        grants.map((g) => g.templateId),
      ),
    );
  const templates = new Map(rows.map((r) => [r.id, r]));
  return grants.flatMap((g) => {
    const template = templates.get(g.templateId);
    return template
      ? [
          {
            templateId: g.templateId,
            name: localize(template.name, locale),
            uses: template.uses,
            quantity: g.quantity,
          },
        ]
      : [];
  });
}

async function toRule(db: Executor, tier: RechargeRuleRow, locale: CatalogueLocale): Promise<RechargeRule> {
  return {
    id: tier.id,
    payAmount: tier.payAmount,
    giftAmount: tier.giftAmount,
    points: tier.points,
    coupons: await namedCoupons(db, tier.coupons, locale),
    limitCards: await namedLimitCards(db, tier.limitCards, locale),
    firstOnly: tier.firstOnly,
  };
}

/** vip/payRules: the tiers this member may buy now; first-recharge tiers only while they never charged. */
export async function payRules(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { is_first?: boolean | undefined },
): Promise<PayRulesInfo> {
  const shop = await shopMoney(app, ctx);
  const setting = ensureRechargeOpen(shop);
  const scope = scopeOfSession(ctx.session);
  const [tiers, rules, charged] = [
    await activeTiers(app.db, scope),
    await moneyRules(app.db, scope),
    await hasCharged(app.db, ctx.session.memberId),
  ];
  const open = tiers.filter(
    (t) => (!t.firstOnly || !charged) && (input.is_first === undefined || t.firstOnly === input.is_first),
  );
  const list: RechargeRule[] = [];
  for (const tier of open) list.push(await toRule(app.db, tier, ctx.catalogueLocale));
  return {
    isAllowRecharge: true,
    chargeSlogan: localize(setting.chargeSlogan, ctx.catalogueLocale),
    isFirstCharge: !charged,
    rules: list,
    freeAmount: rules.freeAmount,
    currency: shop.row.settings.currency,
    numberDecimals: shop.row.settings.numberDecimals,
  };
}

/** vip/giftAmountRules: the gift ladder a free amount is read against, and the free-amount limits. */
export async function giftAmountRules(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
): Promise<GiftAmountRulesInfo> {
  const shop = await shopMoney(app, ctx);
  ensureRechargeOpen(shop);
  const scope = scopeOfSession(ctx.session);
  const tiers = (await activeTiers(app.db, scope)).filter((t) => !t.firstOnly);
  const ladder = [...tiers].sort((a, b) => a.payAmount - b.payAmount);
  return {
    rules: ladder.map((t) => ({ payAmount: t.payAmount, giftAmount: t.giftAmount })),
    freeAmount: (await moneyRules(app.db, scope)).freeAmount,
    currency: shop.row.settings.currency,
    numberDecimals: shop.row.settings.numberDecimals,
  };
}
