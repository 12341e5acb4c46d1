// Shop-level reads of the store/* calls: shop info and the store-list card, member levels, member settings
// and the pay types a shop accepts, mapped from the rows in the request's catalogue language.
import { asc, eq, type SQL } from 'drizzle-orm';
import type { CatalogueLocale, Locale, OrderType } from '../../../src/domain/enums';
import type { MemberSetting } from '../../../src/domain/catalog';
import type { MemberLevel, ShopInfo, ShopSummary } from '../../../src/domain/shop';
import type { PayOption } from '../../../src/domain/api/store';
import type { Executor } from '../../db/client';
import {
  chains,
  memberLevels,
  memberSettings,
  shops,
  type MemberSettingRow,
  type ShopRow,
} from '../../db/schema';
import { catalogMessages } from './catalog-messages';
import { imageUrl, localize } from './catalog';
import { translate } from '../../i18n';

export interface ShopRecord {
  row: ShopRow;
  chainName: { en: string; zh: string } | null;
}

export async function loadShops(db: Executor, where?: SQL): Promise<ShopRecord[]> {
  const query = db
    .select({ row: shops, chainName: chains.name })
    .from(shops)
    .leftJoin(chains, eq(chains.id, shops.chainId));
  const rows = await (where ? query.where(where) : query).orderBy(asc(shops.id));
  return rows.map((r) => ({ row: r.row, chainName: r.chainName }));
}

export async function loadShop(db: Executor, shopId: number): Promise<ShopRecord | undefined> {
  const [record] = await loadShops(db, eq(shops.id, shopId));
  return record;
}

/** Levels of the shop's membership scope: its chain's when it is in one, else its own; lowest rank first. */
export async function loadLevels(
  db: Executor,
  shop: Pick<ShopRow, 'id' | 'chainId'>,
  locale: CatalogueLocale,
): Promise<MemberLevel[]> {
  const scope =
    shop.chainId !== null ? eq(memberLevels.chainId, shop.chainId) : eq(memberLevels.shopId, shop.id);
  const rows = await db
    .select()
    .from(memberLevels)
    .where(scope)
    .orderBy(asc(memberLevels.level), asc(memberLevels.id));
  return rows.map((row) => ({
    id: row.id,
    name: localize(row.name, locale),
    discount: row.discount,
    level: row.level,
  }));
}

/** "09:00-14:00, 17:00-22:00": the opening hours as the shop card prints them. */
export const businessHoursText = (ranges: readonly { start: string; end: string }[]) =>
  ranges.map((r) => `${r.start}-${r.end}`).join(', ');

export function toShopInfo(record: ShopRecord, levels: MemberLevel[], locale: CatalogueLocale): ShopInfo {
  const { row } = record;
  return {
    ...row.settings,
    id: row.id,
    chainId: row.chainId,
    chainName: record.chainName ? localize(record.chainName, locale) : null,
    name: localize(row.name, locale),
    address: localize(row.address, locale),
    image: imageUrl(row.image),
    orderTypes: row.orderTypes,
    businessHours: businessHoursText(row.settings.businessTimeRange),
    notification: {
      isOpen: row.notification.isOpen,
      title: localize(row.notification.title, locale),
      content: localize(row.notification.content, locale),
    },
    homeSetting: {
      defaultPage: row.homeSetting.defaultPage,
      banners: row.homeSetting.banners.map((b) => ({
        image: imageUrl(b.image),
        title: localize(b.title, locale),
      })),
    },
    prefixNames: row.prefixNames.map((p) => localize(p, locale)),
    memberLevels: levels,
  };
}

export function toShopSummary(record: ShopRecord, locale: CatalogueLocale): ShopSummary {
  const { row } = record;
  return {
    id: row.id,
    chainId: row.chainId,
    chainName: record.chainName ? localize(record.chainName, locale) : null,
    name: localize(row.name, locale),
    industry: row.settings.industry,
    address: localize(row.address, locale),
    image: imageUrl(row.image),
    mainColor: row.settings.mainColor,
    orderTypes: row.orderTypes,
    businessHours: businessHoursText(row.settings.businessTimeRange),
    openShop: row.settings.openShop,
    realShopStatus: row.settings.realShopStatus,
    gpsAddress: row.settings.gpsAddress,
    timezone: row.settings.timezone,
    selfCollection: row.settings.selfCollection,
    openScanSwitch: row.settings.openScanSwitch,
    businessTimeRange: row.settings.businessTimeRange,
    scanOrderBusinessHours: row.settings.scanOrderBusinessHours,
  };
}

export async function listShops(
  db: Executor,
  filter: { chainId?: number },
  locale: CatalogueLocale,
): Promise<ShopSummary[]> {
  const records = await loadShops(
    db,
    filter.chainId !== undefined ? eq(shops.chainId, filter.chainId) : undefined,
  );
  return records.map((record) => toShopSummary(record, locale));
}

export async function shopDetail(
  db: Executor,
  shopId: number,
  locale: CatalogueLocale,
): Promise<ShopInfo | undefined> {
  const record = await loadShop(db, shopId);
  if (!record) return undefined;
  return toShopInfo(record, await loadLevels(db, record.row, locale), locale);
}

export async function loadMemberSettingRow(
  db: Executor,
  shopId: number,
): Promise<MemberSettingRow | undefined> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.shopId, shopId));
  return row?.setting;
}

export const toMemberSetting = (row: MemberSettingRow, locale: CatalogueLocale): MemberSetting => ({
  logo: imageUrl(row.logo),
  name: localize(row.name, locale),
  cardLogo: imageUrl(row.cardLogo),
  cardName: localize(row.cardName, locale),
  isOpenDiscount: row.isOpenDiscount,
  discountMode: row.discountMode,
  isOnlyCardPayForDiscount: row.isOnlyCardPayForDiscount,
  allowRegisterInWeb: row.allowRegisterInWeb,
  chargeSlogan: localize(row.chargeSlogan, locale),
  isAllowRecharge: row.isAllowRecharge,
  isFunctionOpen: row.isFunctionOpen,
});

/**
 * Ids the order submit sends back as payTypeId: fixed per method, so a stored choice stays valid when a
 * shop turns another method on or off.
 */
export const PAY_TYPE_IDS = { Card: 1, Cash: 2, COD: 3, VIP: 4, AllinPay: 5 } as const;

/** Order types a customer pays for at the shop itself (everything but delivery). */
const AT_SHOP: readonly OrderType[] = ['selfPickup', 'dine', 'openTable', 'appointment'];

/**
 * The pay types of a shop, derived from what it offers: the online gateway for every order type; cash at
 * the counter for the order types served at the shop; cash on delivery for takeaway; the member card for
 * every order type when the shop's member function is on. Shops that charge in yuan also take the AllinPay
 * bank-card and wallet page, as mainland shops do. The online card option comes first because the cart
 * defaults to the first option when the customer is not a member (spec §4 "Cart behaviour").
 */
export function payOptions(
  shop: Pick<ShopRow, 'orderTypes' | 'settings'>,
  member: MemberSettingRow | undefined,
  locale: Locale,
  catalogueLocale: CatalogueLocale,
): PayOption[] {
  const offered = shop.orderTypes;
  const options: PayOption[] = [
    {
      id: PAY_TYPE_IDS.Card,
      payType: 'Card',
      name: translate(locale, catalogMessages.payOnline),
      orderTypes: [...offered],
      needsMember: false,
      online: true,
    },
    ...(shop.settings.currency === 'CNY'
      ? [
          {
            id: PAY_TYPE_IDS.AllinPay,
            payType: 'AllinPay' as const,
            name: translate(locale, catalogMessages.payWallet),
            orderTypes: [...offered],
            needsMember: false,
            online: true,
          },
        ]
      : []),
    {
      id: PAY_TYPE_IDS.Cash,
      payType: 'Cash',
      name: translate(locale, catalogMessages.payCash),
      orderTypes: offered.filter((type) => AT_SHOP.includes(type)),
      needsMember: false,
      online: false,
    },
    {
      id: PAY_TYPE_IDS.COD,
      payType: 'COD',
      name: translate(locale, catalogMessages.payCod),
      orderTypes: offered.filter((type) => type === 'takeaway'),
      needsMember: false,
      online: false,
    },
  ];
  if (member?.isFunctionOpen) {
    options.push({
      id: PAY_TYPE_IDS.VIP,
      payType: 'VIP',
      name: localize(member.cardName, catalogueLocale),
      orderTypes: [...offered],
      needsMember: true,
      online: false,
    });
  }
  return options.filter((option) => option.orderTypes.length > 0);
}

/** Ways to top up the member card: the online gateway, when the shop's member card takes recharges. */
export function chargePayOptions(member: MemberSettingRow | undefined, locale: Locale): PayOption[] {
  if (!member?.isFunctionOpen || !member.isAllowRecharge) return [];
  return [
    {
      id: PAY_TYPE_IDS.Card,
      payType: 'Card',
      name: translate(locale, catalogMessages.payOnline),
      orderTypes: [],
      needsMember: false,
      online: true,
    },
  ];
}
