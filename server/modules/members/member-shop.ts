// What the member pages read about the shop besides the card: the shops where the card works
// (vip/getVipShopList), the prompts shown once per launch (vip/getMemberNotifyInfo, spec §4 flags) and the
// texts of the terms, contact and customer-group pages (store/shopTexts) kept with the member settings.
import { and, asc, eq, or } from 'drizzle-orm';
import type {
  MemberNotifyInfo,
  OrderSuccessNoticeInfo,
  ShopTextsInfo,
  VipShopListInfo,
} from '../../../src/domain/api/member';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import type { Database } from '../../db/client';
import { customers, orders, shops, type Text } from '../../db/schema';
import type { Session } from '../../http/action';
import { translate } from '../../i18n';
import { imageUrl, localize } from '../catalog/catalog';
import { businessHoursText } from '../catalog/catalog-shop';
import { loadCustomer, loadMember } from '../identity/identity';
import { memberMessages } from './member-messages';
import { loadSetting, memberRefusal } from './members';

/** vip/getVipShopList: the chain's shops for a chain member, otherwise this shop. */
export async function vipShopList(
  db: Database,
  session: Session,
  locale: CatalogueLocale,
): Promise<VipShopListInfo> {
  const rows = await db
    .select()
    .from(shops)
    .where(session.chainId !== null ? eq(shops.chainId, session.chainId) : eq(shops.id, session.shopId))
    .orderBy(asc(shops.id));
  return {
    shops: rows.map((row) => ({
      id: row.id,
      name: localize(row.name, locale),
      address: localize(row.address, locale),
      phone: row.settings.phone,
      image: imageUrl(row.image),
      current: row.id === session.shopId,
    })),
  };
}

/** vip/getMemberNotifyInfo. */
export async function memberNotifyInfo(
  db: Database,
  session: Session,
  locale: CatalogueLocale,
): Promise<MemberNotifyInfo> {
  const setting = await loadSetting(db, session.shopId);
  const customer = await loadCustomer(db, session.customerId);
  const member =
    customer.memberId === null ? null : await loadMember(db, customer.memberId, customer, locale);
  const own = member !== null && member.phone === customer.phone ? member : null;
  const open = setting.isFunctionOpen;
  return {
    showRegister: open && setting.allowRegisterInWeb && customer.phone !== null && own === null,
    showFirstCharge: open && setting.isAllowRecharge && own !== null && !own.isCharged,
    chargeSlogan: localize(setting.chargeSlogan, locale),
  };
}

/** The storefront's own terms, used when a shop has not written its own (docs/decisions.md M30). */
const STANDARD_TERMS: Text = {
  en: [
    '1. Membership is free and tied to the phone number you verified by SMS. One phone number holds one member card per shop, or per chain where the shops share membership.',
    '2. Your member card records your stored balance, gift balance, points and level. Balances and points can be used only in the shops listed on the member page and cannot be exchanged for cash.',
    '3. Paying by member card needs your 6-digit pay password. Keep it secret; after several wrong attempts paying is locked for a while. You can reset it with an SMS code sent to your phone.',
    '4. Member prices, discounts and coupons follow the rules shown with each offer and may change; offers in force when you order are the ones applied.',
    '5. You may ask the shop to close your membership. Any stored balance is handled according to the shop’s refund rules and local law.',
  ].join('\n'),
  zh: [
    '1. 会员免费注册，并与您通过短信验证的手机号绑定。同一手机号在一家门店（或共享会员的连锁门店）只有一张会员卡。',
    '2. 会员卡记录您的储值余额、赠送余额、积分与等级。余额与积分仅可在会员页列出的门店使用，不可兑换现金。',
    '3. 使用会员卡支付需要输入 6 位支付密码，请妥善保管；多次输错后将暂时锁定支付。可通过手机短信验证码重置密码。',
    '4. 会员价、折扣与优惠券以各项优惠展示的规则为准，规则可能调整，下单时有效的优惠将被采用。',
    '5. 您可以要求门店注销会员。剩余储值将按门店退款规则及当地法律处理。',
  ].join('\n'),
};

const STANDARD_PRIVACY: Text = {
  en: [
    'We keep your phone number, the name, birthday and gender you give us, your orders and your card’s balances, points and history, to run your membership and your orders.',
    'Your birthday is used only for birthday offers. We do not sell your data or share it beyond the shops of this membership and the services that deliver SMS codes and payments for them.',
    'You can change your name, birthday and gender on the member page at any time, and ask the shop for a copy of your data or for its deletion.',
  ].join('\n'),
  zh: [
    '我们保存您的手机号、您填写的姓名、生日与性别、您的订单以及会员卡的余额、积分与记录，用于提供会员与订单服务。',
    '生日仅用于生日优惠。我们不会出售您的数据，也不会提供给本会员体系门店及为其发送短信验证码和处理支付的服务以外的任何人。',
    '您可以随时在会员页修改姓名、生日与性别，也可以要求门店提供或删除您的数据。',
  ].join('\n'),
};

/** A map link for a point: OpenStreetMap works in every country and needs no key. */
const mapLink = (gps: { lat: number; lng: number } | undefined) =>
  gps && (gps.lat !== 0 || gps.lng !== 0)
    ? `https://www.openstreetmap.org/?mlat=${gps.lat}&mlon=${gps.lng}#map=17/${gps.lat}/${gps.lng}`
    : null;

/** store/shopTexts. */
export async function shopTexts(
  db: Database,
  session: Session,
  locale: Locale,
  catalogueLocale: CatalogueLocale,
): Promise<ShopTextsInfo> {
  const setting = await loadSetting(db, session.shopId);
  const [shop] = await db.select().from(shops).where(eq(shops.id, session.shopId));
  const settings = shop!.settings;
  return {
    terms: {
      title: translate(locale, memberMessages.termsTitle),
      body: localize(setting.terms ?? STANDARD_TERMS, catalogueLocale),
    },
    privacy: {
      title: translate(locale, memberMessages.privacyTitle),
      body: localize(setting.privacy ?? STANDARD_PRIVACY, catalogueLocale),
    },
    contact: {
      phone: settings.phone,
      address: localize(shop!.address, catalogueLocale),
      hours: businessHoursText(settings.businessTimeRange),
      mapUrl: mapLink(settings.gpsAddress),
    },
    wechatGroup: setting.groupQrImage
      ? { image: imageUrl(setting.groupQrImage), note: localize(setting.groupQrNote, catalogueLocale) }
      : null,
  };
}

/**
 * order/sendProductOrderSuccess: in a mini program this sends the "order placed" service message; a
 * browser has no such channel, so the call confirms the order is the customer's and reports where it
 * stands for the success page. It writes nothing, so a repeat answers the same (decision M35).
 */
export async function orderSuccessNotice(
  db: Database,
  session: Session,
  orderId: number,
): Promise<OrderSuccessNoticeInfo> {
  const me = await loadCustomer(db, session.customerId);
  const [row] = await db
    .select({ id: orders.id, status: orders.status, paid: orders.paid })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.shopId, session.shopId),
        me.phone !== null
          ? or(eq(orders.customerId, me.id), eq(customers.phone, me.phone))
          : eq(orders.customerId, me.id),
      ),
    );
  // Another customer's order reads exactly like a missing one.
  if (!row) throw memberRefusal('orderNotFound');
  return { id: row.id, status: row.status, paid: row.paid };
}
