// The order that pays a tab's bill, or one part of it (decisions T21, T26): an open-table order of client
// type 203 owned by whoever pays, taking no stock (the rounds took it). A part carries no member or coupon of
// its own (the bill is priced for everyone, T19); the whole bill's order carries its payer's member and
// coupon (T51). A member's card pays either at order/pay.
import { eq } from 'drizzle-orm';
import { splitByWeights } from '../../../src/pricing/split-bill';
import type { Executor } from '../../db/client';
import { tables } from '../../db/schema';
import { payOptions } from '../catalog/catalog-shop';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { shopToday } from '../../../src/domain/hours';
import { orderAmounts, type OrderValues, type PreparedOrder } from '../orders/orders';
import { OPEN_TABLE_CLIENT_TYPE, refuse, type LineRow, type TabEnv, type TabRow } from './tab-access';
import { flagOf, type TabPricing } from './tab-pricing';

/** A part of the frozen bill: `amount` of `of`. */
export interface BillShare {
  amount: number;
  of: number;
}

type Amounts = ReturnType<typeof orderAmounts>;
const SCALED = [
  'listAmount',
  'productDiscount',
  'goodsAmount',
  'activityDiscount',
  'couponDiscount',
  'goodsNet',
  'deliveryFee',
  'packingFee',
  'dishwareFee',
  'serviceCharge',
  'feesAmount',
  'taxAdded',
  'taxIncluded',
] as const;

/**
 * The bill's money columns scaled to a part by the largest remainder (each within a unit of its exact
 * share), the total exactly the part, and the rounding what makes goods, fees and taxes add up to it.
 */
export function shareAmounts(amounts: Amounts, share: BillShare): Amounts {
  const weights = [share.amount, share.of - share.amount];
  const scale = (value: number) => Math.sign(value) * splitByWeights(Math.abs(value), weights)[0]!;
  const scaled = { ...amounts };
  for (const key of SCALED) scaled[key] = scale(amounts[key]);
  scaled.total = share.amount;
  scaled.rounding = share.amount - scaled.goodsNet - scaled.feesAmount - scaled.taxAdded;
  return scaled;
}

/**
 * The order for `payer` of the bill (share null) or of a part of it: `lines` are the tab's lines it pays
 * for (a part's: its guest's or its picked lines; equal shares: all), their amounts scaled to the order's
 * goods so they add up to them.
 */
export async function billOrder(
  env: TabEnv,
  entry: CatalogEntry,
  tab: TabRow,
  pricing: TabPricing,
  lines: LineRow[],
  payer: number,
  share: BillShare | null,
  db: Executor = env.db,
  own: { memberId: number | null; couponId: number | null } = { memberId: null, couponId: null },
): Promise<PreparedOrder> {
  const { now } = env;
  const { row: shop } = entry.shop;
  const option = payOptions(shop, entry.memberSetting, env.locale, env.catalogueLocale).find((o) =>
    o.orderTypes.includes('openTable'),
  );
  if (!option) throw refuse('openTableUnavailable');
  const [table] = await db.select().from(tables).where(eq(tables.id, tab.tableId));
  const amounts = share ? shareAmounts(orderAmounts(pricing), share) : orderAmounts(pricing);
  const values: OrderValues = {
    shopId: tab.shopId,
    customerId: payer,
    // The payer's card is chosen when paying (order/pay); only the whole bill takes the payer's terms (T51).
    memberId: own.memberId,
    orderType: 'openTable',
    clientTypeCode: OPEN_TABLE_CLIENT_TYPE,
    source: 'openTable',
    status: 'nopay',
    payType: option.payType,
    payTypeId: option.id,
    currency: tab.currency,
    numberDecimals: tab.numberDecimals,
    ...amounts,
    note: tab.note,
    contact: null,
    distance: null,
    tableId: tab.tableId,
    tableName: table?.name ?? null,
    tableArea: table?.area ?? null,
    person: tab.person,
    deliveryTime: null,
    pickupTime: null,
    isPickerPack: false,
    businessDate: shopToday(now, shop.settings.timezone),
    // The rounds took the stock: cancelling this order must not give it back a second time.
    reserved: [],
    createdAt: now,
    statusChangedAt: now,
    payDeadlineAt: new Date(now.getTime() + shop.payWindowMinutes * 60_000),
    couponId: own.couponId,
    limitCardId: null,
    activityUnits: 0,
  };
  const priced = lines.map((l) => pricing.lines.find((p) => p.flag === flagOf(l))!);
  const lineAmounts = !share
    ? priced.map((p) => p.net)
    : lines.length === 0
      ? []
      : // Lines carry the part's goods between them (a bill of only its table fee has none).
        splitByWeights(
          Math.max(0, amounts.goodsNet),
          priced.map((p) => Math.max(0, p.net)),
        );
  const orderLines = lines.map((l, position) => ({
    productId: l.productId,
    specId: l.specId,
    name: l.name,
    specName: l.specName,
    tastes: l.tastes,
    mealset: l.mealset,
    position,
    quantity: l.quantity,
    unitPrice: priced[position]!.listUnitPrice,
    amount: lineAmounts[position]!,
  }));
  return {
    shopId: tab.shopId,
    shopName: shop.name,
    values,
    lines: orderLines,
    demands: [],
    pricing,
    unitCounts: [],
  };
}
