// Drizzle schema of the consumer API (pg-core: the same tables on PGlite and PostgreSQL).
// Customer-facing texts are jsonb `{ en, zh }` so one row serves both catalogue languages. Read-mostly
// structures (shop settings, tastes, meal groups) are typed jsonb; anything updated concurrently (stock,
// balances, SMS quota, sessions) is a plain column so a conditional UPDATE can guard it.
// Orders, addresses, coupons and ledger rows get their own tables next to these; ids of the seeded
// catalogue (chains, shops, products, ...) come from the demo data, so those keys are plain integers.
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  GatewayName,
  PaymentFailReason,
  PaymentState,
  RiderState,
  Settlement,
  StatusAction,
} from '../../src/domain/api/order-life-rules';
import { PAY_WINDOW_MINUTES } from '../../src/domain/api/order-rules';
import type { OrderSource, OrderStatus, OrderType, PayType } from '../../src/domain/enums';
import type { Activity, CartLine, Coupon, PricingResult } from '../../src/domain/pricing';
import type { CouponSource } from '../../src/domain/api/activity';
import type { LedgerKind } from '../../src/domain/api/member-money';
import type { TimeRange } from '../../src/domain/shop';
import type {
  HoursRange,
  SeedMealGroup,
  SeedShopSettings,
  SeedTasteGroup,
  Text,
  WeeklyHours,
} from '../seed/types';

export type { HoursRange, Text, WeeklyHours };
/** Shop settings: every shop-info field that is not a text or an id (validated by `shopSettingsSchema`). */
export type ShopSettings = SeedShopSettings;
export interface MemberSettingRow {
  logo: string;
  name: Text;
  cardLogo: string;
  cardName: Text;
  isOpenDiscount: boolean;
  discountMode: number;
  isOnlyCardPayForDiscount: boolean;
  allowRegisterInWeb: boolean;
  chargeSlogan: Text;
  isAllowRecharge: boolean;
  isFunctionOpen: boolean;
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chains = pgTable('chains', {
  id: integer('id').primaryKey(),
  name: jsonb('name').$type<Text>().notNull(),
  createdAt: createdAt(),
});

export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    name: jsonb('name').$type<Text>().notNull(),
    address: jsonb('address').$type<Text>().notNull(),
    image: text('image').notNull(),
    orderTypes: jsonb('order_types').$type<OrderType[]>().notNull(),
    notification: jsonb('notification').$type<{ isOpen: boolean; title: Text; content: Text }>().notNull(),
    homeSetting: jsonb('home_setting')
      .$type<{ defaultPage: 'home' | 'menu'; banners: { image: string; title: Text }[] }>()
      .notNull(),
    prefixNames: jsonb('prefix_names').$type<Text[]>().notNull(),
    /** Everything else of shop info, validated on write by shopSettingsSchema (server/db/shop-settings.ts). */
    settings: jsonb('settings').$type<ShopSettings>().notNull(),
    /** Minutes an unpaid order stays payable before it becomes nopay_cancel (docs/decisions.md). */
    payWindowMinutes: integer('pay_window_minutes').notNull().default(PAY_WINDOW_MINUTES),
    createdAt: createdAt(),
  },
  (t) => [
    index('shops_chain_idx').on(t.chainId),
    check('shops_pay_window', sql`${t.payWindowMinutes} between 1 and 1440`),
  ],
);

export const memberSettings = pgTable('member_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id),
  setting: jsonb('setting').$type<MemberSettingRow>().notNull(),
});

/**
 * A membership scope is a chain (shared by its shops) or a single shop outside a chain: exactly one of
 * chain_id / shop_id is set on member levels and members.
 */
export const memberLevels = pgTable(
  'member_levels',
  {
    id: integer('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    name: jsonb('name').$type<Text>().notNull(),
    /** Whole percent, 100 = no discount. */
    discount: integer('discount').notNull().default(100),
    /** Rank; higher is better. */
    level: integer('level').notNull(),
  },
  (t) => [
    check('member_levels_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    index('member_levels_chain_idx').on(t.chainId),
    index('member_levels_shop_idx').on(t.shopId),
  ],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: jsonb('name').$type<Text>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_types_shop_idx').on(t.shopId)],
);

export const taxes = pgTable(
  'taxes',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: jsonb('name').$type<Text>().notNull(),
    /** 0 tax out, 1 tax in, 2 fixed tax out, 3 fixed tax in. */
    mode: integer('mode').notNull(),
    /** Percent for modes 0/1 (may be fractional, e.g. 8.25); minor units per unit for modes 2/3. */
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('taxes_shop_idx').on(t.shopId), check('taxes_mode', sql`${t.mode} between 0 and 3`)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => productTypes.id),
    name: jsonb('name').$type<Text>().notNull(),
    description: jsonb('description').$type<Text>().notNull(),
    image: text('image').notNull(),
    unit: jsonb('unit').$type<Text>(),
    /** Minor units. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    memberPrice: integer('member_price'),
    /** Stored state: 0 normal, 1 sold out, 2 offline, 3 deleted (101 is computed from sale_times). */
    state: integer('state').notNull().default(0),
    /** null = stock not tracked. */
    stock: integer('stock'),
    saleTimes: jsonb('sale_times').$type<TimeRange[]>().notNull().default([]),
    minBuy: integer('min_buy').notNull().default(1),
    maxBuy: integer('max_buy'),
    joinDiscount: boolean('join_discount').notNull().default(true),
    notDishware: boolean('not_dishware').notNull().default(false),
    weight: integer('weight'),
    serviceTime: integer('service_time'),
    sales: integer('sales').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    specDimensions: jsonb('spec_dimensions').$type<{ name: Text; values: Text[] }[]>().notNull().default([]),
    /** Taste groups with option types 0-4 (read-only catalogue data). */
    tastes: jsonb('tastes').$type<SeedTasteGroup[]>().notNull().default([]),
    /** Meal set groups: choose `chooseCount` of the items. */
    mealGroups: jsonb('meal_groups').$type<SeedMealGroup[]>().notNull().default([]),
    taxIds: jsonb('tax_ids').$type<number[]>().notNull().default([]),
    /** Bumped on every catalogue change so clients can compare `version`. */
    updatedAt: createdAt(),
  },
  (t) => [
    index('products_shop_idx').on(t.shopId),
    index('products_type_idx').on(t.typeId),
    check('products_state', sql`${t.state} between 0 and 3`),
    check('products_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_price', sql`${t.price} >= 0`),
  ],
);

/**
 * Each shop's catalogue versions (decision K1): `menu` moves with everything a menu shows except stock
 * (products, specs, categories, the shop's settings), `stock` with stock and sales. Bumped by deferred
 * triggers (migration 0009) in the very transaction that changes those rows, whoever writes them, and read
 * with one primary-key select per menu request by every API process. `menu` starts at the creation time in
 * milliseconds, so a recreated database does not hand out a version a browser may still hold.
 */
export const catalogVersions = pgTable('catalog_versions', {
  shopId: integer('shop_id').primaryKey(),
  menu: bigint('menu', { mode: 'number' })
    .notNull()
    .default(sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`),
  stock: bigint('stock', { mode: 'number' }).notNull().default(0),
});

/** Specs are rows (not jsonb) because their stock is decremented concurrently. */
export const productSpecs = pgTable(
  'product_specs',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    values: jsonb('values').$type<Text[]>().notNull(),
    price: integer('price').notNull(),
    memberPrice: integer('member_price'),
    stock: integer('stock'),
    soldOut: boolean('sold_out').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('product_specs_product_idx').on(t.productId),
    check('product_specs_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export const tables = pgTable(
  'tables',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    area: jsonb('area').$type<Text>().notNull(),
    maxPerson: integer('max_person').notNull(),
    /** Open-table fee per hour, minor units. */
    eachFee: integer('each_fee').notNull().default(0),
    /** 1 = rounds to half hours, otherwise whole hours up. */
    feeType: integer('fee_type').notNull().default(0),
    /** 0 idle, 1 a tab is ordering, 2 its bill was asked for (decision T14). */
    status: integer('status').notNull().default(0),
    /** The hourly timer starts when the tab opens; otherwise the merchant starts it (decision T17). */
    timerOnOpen: boolean('timer_on_open').notNull().default(false),
    /**
     * The counter's virtual table (spec §3 "virtual table number 8"): every customer who scans its code
     * gets a tab of their own, never joined by anyone else; its status stays 0 (decision T32).
     */
    isCounter: boolean('is_counter').notNull().default(false),
  },
  (t) => [index('tables_shop_idx').on(t.shopId)],
);

/** Staff customers can book for an appointment (beauty shops). */
export const serviceUsers = pgTable(
  'service_users',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    jobNo: text('job_no').notNull(),
    name: jsonb('name').$type<Text>().notNull(),
    description: jsonb('description').$type<Text>().notNull(),
    /** Role tag; tagId groups staff of one role. */
    tagId: integer('tag_id').notNull(),
    tagName: jsonb('tag_name').$type<Text>().notNull(),
    phone: text('phone').notNull(),
    headImage: text('head_image').notNull(),
    /** Whether the customer may book this person directly. */
    canReverse: boolean('can_reverse').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The technician's working time per weekday; breaks are the gaps between ranges (docs/decisions A5). */
    weeklyPlan: jsonb('weekly_plan').$type<WeeklyHours>().notNull().default({}),
  },
  (t) => [index('service_users_shop_idx').on(t.shopId)],
);

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    levelId: integer('level_id').references(() => memberLevels.id),
    cardNo: text('card_no').notNull(),
    /** Stored balance and gift balance, minor units. */
    amount: integer('amount').notNull().default(0),
    giftAmount: integer('gift_amount').notNull().default(0),
    points: integer('points').notNull().default(0),
    birthday: text('birthday'),
    gender: integer('gender').notNull().default(0),
    /** scrypt hash (server/modules/identity/identity-password.ts); never the password. */
    payPasswordHash: text('pay_password_hash'),
    /** Wrong pay passwords in a row; reaching the limit locks paying by card until payPasswordLockedUntil. */
    payPasswordFailures: integer('pay_password_failures').notNull().default(0),
    payPasswordLockedUntil: stamp('pay_password_locked_until'),
    isCharged: boolean('is_charged').notNull().default(false),
    isBindOfficialAccount: boolean('is_bind_official_account').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('members_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check('members_balances', sql`${t.amount} >= 0 and ${t.giftAmount} >= 0 and ${t.points} >= 0`),
    uniqueIndex('members_chain_phone_uq')
      .on(t.chainId, t.phone)
      .where(sql`${t.chainId} is not null`),
    uniqueIndex('members_shop_phone_uq')
      .on(t.shopId, t.phone)
      .where(sql`${t.shopId} is not null`),
  ],
);

/**
 * A customer of one shop, of one of two kinds (decision S1):
 * - a browser: `openid` is the browser's own random device key, `phone` and `memberId` stay null; whoever
 *   holds the key may use it, so it never carries a person's data beyond its own anonymous orders;
 * - an account: `openid` is null and `phone` is the phone an SMS login proved; only a session issued by
 *   that login points at it.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** The browser's device key; null for an account. */
    openid: text('openid'),
    /** An account's proven phone; null for a browser. */
    phone: text('phone'),
    memberId: integer('member_id').references(() => members.id),
    nickname: text('nickname').notNull().default(''),
    gender: integer('gender').notNull().default(0),
    birthday: text('birthday'),
    avatar: text('avatar').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_shop_openid_uq').on(t.shopId, t.openid),
    uniqueIndex('customers_shop_account_uq')
      .on(t.shopId, t.phone)
      .where(sql`${t.openid} is null`),
    index('customers_member_idx').on(t.memberId),
    check('customers_kind', sql`(${t.openid} is null) = (${t.phone} is not null)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The browser key that opened the session; a login ends the browser's other sessions in the shop. */
    deviceKey: text('device_key').notNull().default(''),
    expiresAt: stamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_device_idx').on(t.shopId, t.deviceKey),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** sha256 of row-independent salt, phone and code. */
    codeHash: text('code_hash').notNull(),
    createdAt: stamp('created_at').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: stamp('used_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const smsQuotas = pgTable(
  'sms_quotas',
  {
    shopId: integer('shop_id')
      .primaryKey()
      .references(() => shops.id),
    remaining: integer('remaining').notNull(),
  },
  (t) => [check('sms_quotas_remaining', sql`${t.remaining} >= 0`)],
);

/**
 * Request rate limits (server/http/rate-limit.ts): one fixed-window counter per bucket and subject (a
 * session's token hash or a client address), bumped by one upsert per limited call so every API process
 * shares it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: stamp('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Sliding-window abuse counters (server/modules/identity/sms-caps.ts): one row per counted event (an SMS sent for a
 * session, device or client address; a wrong code checked for a phone), counted over the window.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [index('rate_events_key_at_idx').on(t.key, t.at)],
);

export type ShopRow = typeof shops.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

// ---- Addresses, tables codes and orders -----------------------------------------------------------

/**
 * Delivery addresses belong to a proven phone (the customer's login), so the same person sees them in
 * every shop. One default per owner, enforced by a partial unique index.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    ownerPhone: text('owner_phone').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    houseNumber: text('house_number').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isDefault: boolean('is_default').notNull().default(false),
    tag: text('tag').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_owner_idx').on(t.ownerPhone),
    uniqueIndex('addresses_one_default_uq')
      .on(t.ownerPhone)
      .where(sql`${t.isDefault}`),
    check('addresses_gps', sql`(${t.lat} is null) = (${t.lng} is null)`),
  ],
);

/** The unguessable code a table's QR code carries (scripts/table-codes.ts creates missing ones). */
export const tableCodes = pgTable('table_codes', {
  tableId: integer('table_id')
    .primaryKey()
    .references(() => tables.id),
  code: text('code').notNull().unique('table_codes_code_uq'),
  createdAt: createdAt(),
});

/**
 * One row per submit (order/confirm or order/multiConfirm): the idempotency key of a customer. A repeat
 * key hits the unique index and reads the orders of the first submit.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the canonical payload: the same key with another cart is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_requests_customer_key_uq').on(t.customerId, t.idempotencyKey)],
);

/** The next day sequence number of a shop per shop-local business day (UPDATE … RETURNING). */
export const orderDayCounters = pgTable(
  'order_day_counters',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    businessDate: text('business_date').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.businessDate] })],
);

export interface OrderContactSnapshot {
  name: string;
  phone: string;
  address: string;
  houseNumber: string;
  gps: { lat: number; lng: number } | null;
}
/** Units taken from stock when the order was created, so a cancellation can give back exactly these. */
export interface StockReservation {
  productId: number;
  specId: number | null;
  quantity: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique('orders_order_no_uq'),
    requestId: integer('request_id')
      .notNull()
      .references(() => orderRequests.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    memberId: integer('member_id').references(() => members.id),
    orderType: text('order_type').$type<OrderType>().notNull(),
    clientTypeCode: integer('client_type_code').notNull(),
    source: text('source').$type<OrderSource>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('nopay'),
    payType: text('pay_type').$type<PayType>().notNull(),
    payTypeId: integer('pay_type_id'),
    currency: text('currency').notNull(),
    numberDecimals: integer('number_decimals').notNull(),
    // Amounts of the pricing result, minor units.
    listAmount: integer('list_amount').notNull(),
    productDiscount: integer('product_discount').notNull(),
    goodsAmount: integer('goods_amount').notNull(),
    activityDiscount: integer('activity_discount').notNull(),
    couponDiscount: integer('coupon_discount').notNull(),
    goodsNet: integer('goods_net').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    packingFee: integer('packing_fee').notNull(),
    dishwareFee: integer('dishware_fee').notNull(),
    serviceCharge: integer('service_charge').notNull(),
    feesAmount: integer('fees_amount').notNull(),
    taxAdded: integer('tax_added').notNull(),
    taxIncluded: integer('tax_included').notNull(),
    rounding: integer('rounding').notNull(),
    total: integer('total').notNull(),
    /** The whole pricing result the total came from (docs/pricing.md). */
    pricing: jsonb('pricing').$type<PricingResult>().notNull(),
    note: text('note').notNull().default(''),
    contact: jsonb('contact').$type<OrderContactSnapshot>(),
    distance: integer('distance'),
    tableId: integer('table_id').references(() => tables.id),
    tableName: text('table_name'),
    tableArea: jsonb('table_area').$type<Text>(),
    person: integer('person'),
    /** Shop-local "YYYY-MM-DD HH:mm". */
    deliveryTime: text('delivery_time'),
    pickupTime: text('pickup_time'),
    isPickerPack: boolean('is_picker_pack').notNull().default(false),
    businessDate: text('business_date').notNull(),
    daySeq: integer('day_seq').notNull(),
    reserved: jsonb('reserved').$type<StockReservation[]>().notNull().default([]),
    createdAt: createdAt(),
    payDeadlineAt: stamp('pay_deadline_at').notNull(),
    /** Set by the payment flow. */
    paidAt: stamp('paid_at'),
    /** How the order is settled once a pay type was chosen (src/domain/api/order-life-rules.ts). */
    settlement: text('settlement').$type<Settlement>(),
    /** Money received (online, member card, or cash/COD the merchant collected). */
    paid: boolean('paid').notNull().default(false),
    statusChangedAt: stamp('status_changed_at').notNull().defaultNow(),
    rider: jsonb('rider').$type<{ name: string; phone: string }>(),
    riderState: text('rider_state').$type<RiderState>(),
    refundAmount: integer('refund_amount').notNull().default(0),
    merchantReason: text('merchant_reason').notNull().default(''),
    /**
     * When a sweep last took over this order's online refund (stalled in `refunding`); other sweeps leave
     * it alone until the grace period has passed again (server/modules/orders/order-life.ts).
     */
    refundClaimedAt: stamp('refund_claimed_at'),
    /**
     * The customer coupon this order reserved (customer_coupons.order_id points back); null = none. Kept on
     * the order so a status change touches the coupon table only for orders that hold one.
     */
    couponId: integer('coupon_id'),
    /**
     * The member's limit card whose uses this order reserved (order_lines name the units it pays); null =
     * none. On the order so a status change touches the cards only for orders that hold one.
     */
    limitCardId: integer('limit_card_id').references((): AnyPgColumn => memberLimitCards.id),
    /**
     * Units this order counted under capped activities (order_activity_units holds which); 0 = none, so a
     * status change touches the counters only for orders that took some.
     */
    activityUnits: integer('activity_units').notNull().default(0),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_request_idx').on(t.requestId),
    uniqueIndex('orders_shop_day_seq_uq').on(t.shopId, t.businessDate, t.daySeq),
    index('orders_status_deadline_idx').on(t.status, t.payDeadlineAt),
    // Nothing to pay only when the order's limit card pays for all of it (decision M154).
    check('orders_total', sql`${t.total} > 0 or (${t.total} = 0 and ${t.limitCardId} is not null)`),
    check('orders_refund', sql`${t.refundAmount} >= 0 and ${t.refundAmount} <= ${t.total}`),
  ],
);

export interface OrderLineTaste {
  id: number;
  name: Text;
  quantity: number;
}
export interface OrderLineMeal {
  productId: number;
  name: Text;
  quantity: number;
}

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    name: jsonb('name').$type<Text>().notNull(),
    specName: jsonb('spec_name').$type<Text>(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** Pricing `net` of the line. */
    amount: integer('amount').notNull(),
    tastes: jsonb('tastes').$type<OrderLineTaste[]>().notNull().default([]),
    mealset: jsonb('mealset').$type<OrderLineMeal[]>().notNull().default([]),
    /** The member's limit card that pays for `limitCardUses` units of this line (their price is not charged). */
    limitCardId: integer('limit_card_id').references((): AnyPgColumn => memberLimitCards.id),
    limitCardUses: integer('limit_card_uses').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity', sql`${t.quantity} > 0`),
    check(
      'order_lines_limit_card',
      sql`${t.limitCardUses} >= 0 and ${t.limitCardUses} <= ${t.quantity} and (${t.limitCardId} is null) = (${t.limitCardUses} = 0)`,
    ),
  ],
);

/**
 * One attempt to pay an order. At most one attempt of an order is processing and at most one succeeds
 * (partial unique indexes), so two payments racing for one order cannot both take money.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    payType: text('pay_type').$type<PayType>().notNull(),
    settlement: text('settlement').$type<Settlement>().notNull(),
    gateway: text('gateway').$type<GatewayName>(),
    state: text('state').$type<PaymentState>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Member card: the split between stored balance and gift balance. */
    fromBalance: integer('from_balance').notNull().default(0),
    fromGift: integer('from_gift').notNull().default(0),
    /** The gateway's reference (sandbox trade number, Stripe Checkout Session id). */
    tradeNo: text('trade_no'),
    failReason: text('fail_reason').$type<PaymentFailReason>(),
    /** A success that reached an order no longer payable (late callback) is refunded at once. */
    refunded: boolean('refunded').notNull().default(false),
    createdAt: createdAt(),
    completedAt: stamp('completed_at'),
    /**
     * Set when a success reached an order it did not pay (a late payment, or a second payment of a paid
     * order): the money is owed back. While `refunded` is false the sweep asks the gateway again from this
     * time on; each try moves it later (server/modules/payments/payments.ts retryLateRefunds). Null: owes nothing.
     */
    refundDueAt: stamp('refund_due_at'),
    /** The sweep's tries at a late refund so far; it stops at LATE_REFUND_MAX_ATTEMPTS. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_refund_due_idx')
      .on(t.refundDueAt)
      .where(sql`${t.refundDueAt} is not null and not ${t.refunded}`),
    uniqueIndex('payments_gateway_trade_uq')
      .on(t.gateway, t.tradeNo)
      .where(sql`${t.tradeNo} is not null`),
    uniqueIndex('payments_one_processing_uq')
      .on(t.orderId)
      .where(sql`${t.state} = 'processing'`),
    uniqueIndex('payments_one_success_uq')
      .on(t.orderId)
      .where(sql`${t.state} = 'success'`),
    check('payments_amount', sql`${t.amount} > 0 and ${t.fromBalance} >= 0 and ${t.fromGift} >= 0`),
  ],
);

/**
 * Every change of a member's stored balance, gift balance and points, written in the same transaction as
 * the change (server/modules/member-money/ledger.ts): for each member, the opening row plus the sum of the
 * deltas equals the balances on the member row. `key` names the event that caused the change
 * (`orderPay:<paymentId>`, `recharge:<rechargeId>`, `points:earn:<orderId>`, ...): a replayed event
 * finds its key taken and changes nothing.
 */
export const memberLedger = pgTable(
  'member_ledger',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<LedgerKind>().notNull(),
    key: text('key').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    paymentId: integer('payment_id').references(() => payments.id),
    rechargeId: integer('recharge_id').references((): AnyPgColumn => recharges.id),
    amountDelta: integer('amount_delta').notNull(),
    giftDelta: integer('gift_delta').notNull(),
    pointsDelta: integer('points_delta').notNull().default(0),
    amountAfter: integer('amount_after').notNull(),
    giftAfter: integer('gift_after').notNull(),
    pointsAfter: integer('points_after').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_ledger_member_idx').on(t.memberId, t.id),
    uniqueIndex('member_ledger_key_uq').on(t.key),
    check(
      'member_ledger_after',
      sql`${t.amountAfter} >= 0 and ${t.giftAfter} >= 0 and ${t.pointsAfter} >= 0`,
    ),
  ],
);

/**
 * A membership scope's money rules (the chain's, or a shop's outside a chain): the free amount a member
 * may recharge (null: tiers only) and the points an order earns per whole currency unit paid (0: none).
 */
export const memberMoneyRules = pgTable(
  'member_money_rules',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    freeAmountMin: integer('free_amount_min'),
    freeAmountMax: integer('free_amount_max'),
    pointsPerUnit: integer('points_per_unit').notNull().default(0),
  },
  (t) => [
    check('member_money_rules_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check(
      'member_money_rules_free',
      sql`(${t.freeAmountMin} is null) = (${t.freeAmountMax} is null) and (${t.freeAmountMin} is null or (${t.freeAmountMin} > 0 and ${t.freeAmountMax} >= ${t.freeAmountMin}))`,
    ),
    check('member_money_rules_points', sql`${t.pointsPerUnit} >= 0`),
    uniqueIndex('member_money_rules_chain_uq')
      .on(t.chainId)
      .where(sql`${t.chainId} is not null`),
    uniqueIndex('member_money_rules_shop_uq')
      .on(t.shopId)
      .where(sql`${t.shopId} is not null`),
  ],
);

/** A coupon template a recharge tier grants (promotion type 20), `quantity` of it. */
export interface RechargeCouponGrant {
  templateId: number;
  quantity: number;
}

/** A limit card template a recharge tier grants, `quantity` cards of it. */
export interface RechargeLimitCardGrant {
  templateId: number;
  quantity: number;
}

/** A recharge tier of a membership scope: pay `payAmount`, get `giftAmount`, points and coupons on top. */
export const rechargeRules = pgTable(
  'recharge_rules',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    payAmount: integer('pay_amount').notNull(),
    giftAmount: integer('gift_amount').notNull().default(0),
    points: integer('points').notNull().default(0),
    coupons: jsonb('coupons').$type<RechargeCouponGrant[]>().notNull().default([]),
    /** Limit cards the tier grants, `quantity` of each template. */
    limitCards: jsonb('limit_cards').$type<RechargeLimitCardGrant[]>().notNull().default([]),
    /** Only for a member who has never charged. */
    firstOnly: boolean('first_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('recharge_rules_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check('recharge_rules_amounts', sql`${t.payAmount} > 0 and ${t.giftAmount} >= 0 and ${t.points} >= 0`),
    index('recharge_rules_chain_idx').on(t.chainId),
    index('recharge_rules_shop_idx').on(t.shopId),
  ],
);

/**
 * One top-up a member started, paid online through the shop's gateway. What it promises (gift, points,
 * coupons) is a snapshot of its tier when it started; `creditedAt` is set by the one transaction that puts
 * it on the card with its `recharge:<id>` ledger row. At most one first-recharge-only recharge of a member
 * is open or paid (recharges_first_uq).
 */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    ruleId: integer('rule_id').references(() => rechargeRules.id),
    amount: integer('amount').notNull(),
    giftAmount: integer('gift_amount').notNull().default(0),
    points: integer('points').notNull().default(0),
    coupons: jsonb('coupons').$type<RechargeCouponGrant[]>().notNull().default([]),
    limitCards: jsonb('limit_cards').$type<RechargeLimitCardGrant[]>().notNull().default([]),
    firstOnly: boolean('first_only').notNull().default(false),
    currency: text('currency').notNull(),
    numberDecimals: integer('number_decimals').notNull(),
    payType: text('pay_type').$type<PayType>().notNull(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    tradeNo: text('trade_no'),
    /** The gateway's hosted page, so a repeated vip/charge (same key) sends the browser to the same page. */
    redirectUrl: text('redirect_url'),
    state: text('state').$type<PaymentState>().notNull(),
    failReason: text('fail_reason').$type<PaymentFailReason>(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    completedAt: stamp('completed_at'),
    creditedAt: stamp('credited_at'),
  },
  (t) => [
    index('recharges_member_idx').on(t.memberId, t.id),
    uniqueIndex('recharges_member_key_uq').on(t.memberId, t.idempotencyKey),
    uniqueIndex('recharges_gateway_trade_uq')
      .on(t.gateway, t.tradeNo)
      .where(sql`${t.tradeNo} is not null`),
    uniqueIndex('recharges_first_uq')
      .on(t.memberId)
      .where(sql`${t.firstOnly} and ${t.state} in ('processing', 'success')`),
    check('recharges_amounts', sql`${t.amount} > 0 and ${t.giftAmount} >= 0 and ${t.points} >= 0`),
  ],
);

/** Gateway notifications already applied: a replayed callback finds its event id here and changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_notifications_event_uq').on(t.gateway, t.eventId)],
);

/**
 * The status history of orders, one row per change. The id is the cursor of the live status stream:
 * a listener on any process reads rows after the last id it sent.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shopId: integer('shop_id').notNull(),
    customerId: integer('customer_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    actor: text('actor').$type<'customer' | 'merchant' | 'gateway' | 'system'>().notNull(),
    action: text('action').$type<StatusAction>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_customer_idx').on(t.customerId, t.id),
    index('order_events_order_idx').on(t.orderId, t.id),
  ],
);

/** Merchant API keys, one or more per shop; only a sha256 of the key is kept. */
export const merchantKeys = pgTable(
  'merchant_keys',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, kept so an operator can tell which key a device holds ('' for seeded keys). */
    keyHint: text('key_hint').notNull().default(''),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    revokedAt: stamp('revoked_at'),
  },
  (t) => [uniqueIndex('merchant_keys_hash_uq').on(t.keyHash)],
);

/** Short-lived tickets that open the live status stream (EventSource cannot send the token header). */
export const streamTickets = pgTable('stream_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  // A ticket dies with its session: logout, login and the expiry purge delete sessions.
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: stamp('expires_at').notNull(),
  // The customer's newest order event when the ticket was issued: a stream opened on it later sends what
  // happened in between, so a change made while the page was connecting is not lost.
  afterEventId: integer('after_event_id').notNull().default(0),
});

/**
 * The sandbox gateway's own records: what a hosted payment page shows and how it ended. Kept apart from
 * `payments` because they play the external provider, which the shop's tables only know by trade number.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  tradeNo: text('trade_no').primaryKey(),
  style: text('style').$type<'card' | 'wallet'>().notNull(),
  merchantRef: text('merchant_ref').notNull(),
  merchantName: text('merchant_name').notNull(),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  numberDecimals: integer('number_decimals').notNull(),
  state: text('state').$type<PaymentState>().notNull(),
  returnUrl: text('return_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  createdAt: createdAt(),
  expiresAt: stamp('expires_at').notNull(),
  completedAt: stamp('completed_at'),
  /** Minor units given back; a trade is refunded once, so a repeated request is answered as done. */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  refundedAt: stamp('refunded_at'),
});

export type AddressRow = typeof addresses.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type MemberLedgerRow = typeof memberLedger.$inferSelect;
export type RechargeRuleRow = typeof rechargeRules.$inferSelect;
export type RechargeRow = typeof recharges.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

// ---- Coupons and activities (docs/decisions.md "Coupons, activities and red bags") --------------------

/** The engine's activity fields that are not columns (server/modules/coupons/activities.ts validates them). */
export type ActivityRules = Omit<
  Activity,
  'id' | 'name' | 'type' | 'priority' | 'status' | 'startDate' | 'endDate' | 'userType'
>;
/** The engine's coupon fields that are not columns of the template or of the customer's coupon. */
export type CouponTemplateRules = Omit<
  Coupon,
  | 'id'
  | 'name'
  | 'type'
  | 'status'
  | 'chainId'
  | 'activityId'
  | 'startDate'
  | 'endDate'
  | 'weekDays'
  | 'monthDays'
>;
/** How a coupon template may be claimed. */
export type CouponChannel =
  | 'activity'
  | 'link'
  | 'entry'
  | 'code'
  | 'register'
  | 'overSend'
  /** The expand activity's red bag (receiveExpandCoupon, decision C80). */
  | 'expandRedBag'
  /** The times red bag activity's reward (checkTimesRedBag, decision C92). */
  | 'timesRedBag';
export type CustomerCouponState = 'available' | 'reserved' | 'used';

/**
 * A shop's (or a chain's) promotion. `kind` is a promotion type code (spec §4): price activities are
 * applied by the pricing engine from `rules`; coupon activities hand out their coupon templates.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    /** Exactly one of shop and chain: a chain activity runs in every shop of the chain. */
    shopId: integer('shop_id').references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    kind: integer('kind').notNull(),
    name: jsonb('name').$type<Text>().notNull(),
    rules: jsonb('rules').$type<ActivityRules>().notNull().default({}),
    /** Shop-local ISO dates, both inclusive; null = open-ended. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    /** 1 running; anything else is off. */
    status: integer('status').notNull().default(1),
    priority: integer('priority').notNull().default(0),
    /** Promotion code customers type (upper case); unique per shop and per chain. */
    code: text('code'),
    /** User-type bit flags (1 normal, 2 member); 2 alone = member-only. */
    userType: integer('user_type').notNull().default(0),
    /** Times red bag (kind 13): paid orders that earn one reward (its `timesRedBag` template). */
    limitQuantity: integer('limit_quantity'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_shop_idx').on(t.shopId),
    index('activities_chain_idx').on(t.chainId),
    uniqueIndex('activities_shop_code_uq')
      .on(t.shopId, t.code)
      .where(sql`${t.code} is not null and ${t.shopId} is not null`),
    uniqueIndex('activities_chain_code_uq')
      .on(t.chainId, t.code)
      .where(sql`${t.code} is not null and ${t.chainId} is not null`),
    check('activities_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check(
      'activities_code',
      sql`${t.code} is null or (${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 32)`,
    ),
    check('activities_limit_quantity', sql`${t.limitQuantity} is null or ${t.limitQuantity} > 0`),
    check(
      'activities_dates',
      sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`,
    ),
  ],
);

/**
 * Units sold or given under a capped activity product: a special price's `quantity` and per-person `limit`,
 * a buy-N-get-N's free total (decisions C131–C136). Customer 0 holds the activity's total for the product;
 * any other customer id that customer's own units. Moved only by conditional upserts in the order's
 * transaction (never past the cap) and given back when the order ends unpaid or is refunded.
 */
export const activityUnitCounts = pgTable(
  'activity_unit_counts',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    /** The engine's product key: the spec id for a spec product, else the product id. */
    productKey: integer('product_key').notNull(),
    /** 0 = every customer's units together. */
    customerId: integer('customer_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.productKey, t.customerId] }),
    check('activity_unit_counts_units', sql`${t.units} >= 0`),
  ],
);

/** What one order added to activity_unit_counts, so its end gives back exactly that, once. */
export const orderActivityUnits = pgTable(
  'order_activity_units',
  {
    orderId: integer('order_id')
      .notNull()
      .references((): AnyPgColumn => orders.id),
    activityId: integer('activity_id').notNull(),
    productKey: integer('product_key').notNull(),
    customerId: integer('customer_id').notNull(),
    units: integer('units').notNull(),
    releasedAt: stamp('released_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.activityId, t.productKey, t.customerId] }),
    check('order_activity_units_units', sql`${t.units} > 0`),
  ],
);

/** The rules, validity and limits of one kind of coupon a coupon activity hands out. */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    /** Coupon kind (promotion type code: 1, 2, 3, 4, 8, 10, 11, 12, 17, 20). */
    kind: integer('kind').notNull(),
    name: jsonb('name').$type<Text>().notNull(),
    rules: jsonb('rules').$type<CouponTemplateRules>().notNull().default({}),
    /** 1 none, 2 fixed dates, 3 week days, 4 month days (spec §3 "Validity period type"). */
    validityType: integer('validity_type').notNull().default(1),
    startDate: text('start_date'),
    endDate: text('end_date'),
    weekDays: jsonb('week_days').$type<number[]>().notNull().default([]),
    monthDays: jsonb('month_days').$type<number[]>().notNull().default([]),
    /** Days a claimed coupon lasts, counting the day it was claimed; null = the template's dates. */
    validDays: integer('valid_days'),
    /** 0 every shop of the chain (or the shop itself), 1 only the shop it was claimed in, 2 `shopIds`. */
    chainScope: integer('chain_scope').notNull().default(0),
    shopIds: jsonb('shop_ids').$type<number[]>().notNull().default([]),
    /** Units that may ever be handed out; null = no limit. `issued` only grows, by conditional UPDATE. */
    total: integer('total'),
    issued: integer('issued').notNull().default(0),
    /** Units one owner may hold from this template, ever; null = no limit. */
    perCustomer: integer('per_customer'),
    channels: jsonb('channels').$type<CouponChannel[]>().notNull().default([]),
    /** Over-send: the least paid order total (minor units) that earns the coupon. */
    overSendMinAmount: integer('over_send_min_amount'),
    /** Expand red bag (decision C80): a bag starts at rules.reductionAmount, grows by these per help, up to
     * expandMax; rules.minAmount is its minimum spend. All three set or none. */
    expandLevelOne: integer('expand_level_one'),
    expandLevelTwo: integer('expand_level_two'),
    expandMax: integer('expand_max'),
    /** Its coupons may be forwarded to a friend (forwardCoupon, decision C88). */
    forwardable: boolean('forwardable').notNull().default(false),
    /** 1 open, -1 closed (held coupons of a closed template stop working). */
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_templates_activity_idx').on(t.activityId),
    check(
      'coupon_templates_issued',
      sql`${t.issued} >= 0 and (${t.total} is null or ${t.issued} <= ${t.total})`,
    ),
    check('coupon_templates_total', sql`${t.total} is null or ${t.total} >= 0`),
    check('coupon_templates_per_customer', sql`${t.perCustomer} is null or ${t.perCustomer} > 0`),
    check('coupon_templates_valid_days', sql`${t.validDays} is null or ${t.validDays} > 0`),
    check('coupon_templates_validity', sql`${t.validityType} between 1 and 4`),
    check('coupon_templates_scope', sql`${t.chainScope} between 0 and 2`),
    check('coupon_templates_over_send', sql`${t.overSendMinAmount} is null or ${t.overSendMinAmount} >= 0`),
    check(
      'coupon_templates_expand',
      sql`(${t.expandMax} is null and ${t.expandLevelOne} is null and ${t.expandLevelTwo} is null) or
        (${t.expandLevelOne} >= 0 and ${t.expandLevelTwo} >= 0 and ${t.expandMax} >= 0)`,
    ),
  ],
);

/** How many coupons of a template an owner has claimed: the per-customer limit's guard (conditional upsert). */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    ownerPhone: text('owner_phone').notNull(),
    claimed: integer('claimed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.ownerPhone] }),
    check('coupon_claims_claimed', sql`${t.claimed} > 0`),
  ],
);

/** One coupon a customer holds. The owner is the phone an SMS login proved. */
export const customerCoupons = pgTable(
  'customer_coupons',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    ownerPhone: text('owner_phone').notNull(),
    /** Where it was claimed: chain scope 1 reads this shop. */
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    chainId: integer('chain_id').references(() => chains.id),
    source: text('source').$type<CouponSource>().notNull(),
    state: text('state').$type<CustomerCouponState>().notNull().default('available'),
    /** The order that reserved or used it. */
    orderId: integer('order_id').references(() => orders.id),
    /** Concrete shop-local dates, both inclusive; null = open-ended. */
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    /** The claim's idempotency key (receiveCoupon, claimByCode, getCouponByLink). */
    claimKey: text('claim_key'),
    /** What granted it once only: 'entry', 'register', 'order:<id>' (over-send). */
    grantRef: text('grant_ref'),
    /** An expand red bag's current value (overrides the template's reductionAmount) and its cap, copied
     * from the template when received; only grows, by conditional UPDATE, while available (decision C82). */
    value: integer('value'),
    valueMax: integer('value_max'),
    /** The bag whose link this bag's owner received it from (its level-two reward goes there). */
    parentId: integer('parent_id').references((): AnyPgColumn => customerCoupons.id),
    /** sha256 (hex) of the live forward key; null = not being forwarded (decision C89). */
    forwardKeyHash: text('forward_key_hash'),
    claimedAt: stamp('claimed_at').notNull().defaultNow(),
    reservedAt: stamp('reserved_at'),
    usedAt: stamp('used_at'),
  },
  (t) => [
    index('customer_coupons_owner_idx').on(t.ownerPhone, t.state),
    index('customer_coupons_order_idx').on(t.orderId),
    uniqueIndex('customer_coupons_claim_key_uq')
      .on(t.ownerPhone, t.claimKey)
      .where(sql`${t.claimKey} is not null`),
    uniqueIndex('customer_coupons_grant_uq')
      .on(t.templateId, t.ownerPhone, t.grantRef)
      .where(sql`${t.grantRef} is not null`),
    check('customer_coupons_state', sql`${t.state} in ('available', 'reserved', 'used')`),
    check('customer_coupons_order', sql`(${t.state} = 'available') = (${t.orderId} is null)`),
    check(
      'customer_coupons_value',
      sql`${t.value} is null or (${t.valueMax} is not null and ${t.value} >= 0 and ${t.value} <= ${t.valueMax})`,
    ),
  ],
);

/** One friend's help to one expand red bag: the unique key holds it to one per friend per bag. */
export const redBagHelps = pgTable(
  'red_bag_helps',
  {
    id: serial('id').primaryKey(),
    bagId: integer('bag_id')
      .notNull()
      .references(() => customerCoupons.id),
    helperPhone: text('helper_phone').notNull(),
    /** 1 the friend opened this bag's link; 2 the friend helped a bag shared from this one. */
    level: integer('level').notNull(),
    /** What the bag actually grew by (0 once at its cap). */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('red_bag_helps_bag_helper_uq').on(t.bagId, t.helperPhone),
    check('red_bag_helps_level', sql`${t.level} in (1, 2)`),
    check('red_bag_helps_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * One thing of a membership scope's points store (spec "points mall"): a coupon (its template's `total` and
 * `issued` are the stock) or a product collected at the counter (`stock`/`exchanged` here). The API calls it
 * `activityId` (activity/pointExchangeProduct). `exchanged` only grows, by conditional UPDATE.
 */
export const pointStoreItems = pgTable(
  'point_store_items',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    kind: text('kind').$type<'coupon' | 'product'>().notNull(),
    couponTemplateId: integer('coupon_template_id').references(() => couponTemplates.id),
    productId: integer('product_id').references(() => products.id),
    name: jsonb('name').$type<Text>().notNull(),
    description: jsonb('description').$type<Text>().notNull().default({ en: '', zh: '' }),
    image: text('image').notNull().default(''),
    /** Points per unit. */
    points: integer('points').notNull(),
    /** Units that may ever be exchanged (products); null = no limit of its own. */
    stock: integer('stock'),
    exchanged: integer('exchanged').notNull().default(0),
    /** Units one member may exchange, ever; null = no limit. */
    perMember: integer('per_member'),
    /** Shop-local ISO dates, both inclusive; null = open-ended. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    /** 1 on sale; anything else is off. */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_store_items_chain_idx').on(t.chainId),
    index('point_store_items_shop_idx').on(t.shopId),
    check('point_store_items_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check(
      'point_store_items_kind',
      sql`(${t.kind} = 'coupon' and ${t.couponTemplateId} is not null and ${t.productId} is null) or (${t.kind} = 'product' and ${t.productId} is not null and ${t.couponTemplateId} is null)`,
    ),
    check('point_store_items_points', sql`${t.points} > 0`),
    check(
      'point_store_items_stock',
      sql`${t.exchanged} >= 0 and (${t.stock} is null or ${t.exchanged} <= ${t.stock})`,
    ),
    check('point_store_items_per_member', sql`${t.perMember} is null or ${t.perMember} > 0`),
  ],
);

/**
 * One points exchange of a member: the points it took (with its `pointsExchange:<id>` ledger row, same
 * transaction), the coupons it granted, or the product's collection code to show at the counter.
 * A repeated request (same member and idempotency key) finds this row and changes nothing.
 */
export const pointExchanges = pgTable(
  'point_exchanges',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => pointStoreItems.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Customer coupon ids it granted (coupon items). */
    couponIds: jsonb('coupon_ids').$type<number[]>().notNull().default([]),
    /** Product items: the code staff check at the counter; null for coupons. */
    collectCode: text('collect_code'),
    collectedAt: stamp('collected_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_exchanges_member_idx').on(t.memberId, t.id),
    uniqueIndex('point_exchanges_member_key_uq').on(t.memberId, t.idempotencyKey),
    check('point_exchanges_amounts', sql`${t.quantity} > 0 and ${t.points} > 0`),
  ],
);

/** Units of an item a member has exchanged: the per-member limit's guard (conditional upsert). */
export const pointExchangeCounts = pgTable(
  'point_exchange_counts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => pointStoreItems.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.memberId] }),
    check('point_exchange_counts_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * A limit (times) card a membership scope sells or grants: `uses` uses of the listed products, valid for
 * `validDays` days from the day it is issued (null: no end).
 */
export const limitCardTemplates = pgTable(
  'limit_card_templates',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id),
    shopId: integer('shop_id').references(() => shops.id),
    name: jsonb('name').$type<Text>().notNull(),
    description: jsonb('description').$type<Text>().notNull().default({ en: '', zh: '' }),
    image: text('image').notNull().default(''),
    uses: integer('uses').notNull(),
    validDays: integer('valid_days'),
    /** Products one use pays for (one unit each). */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    /** What the shop asks for it at the counter, minor units; null = only granted. */
    price: integer('price'),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('limit_card_templates_scope', sql`(${t.chainId} is null) <> (${t.shopId} is null)`),
    check('limit_card_templates_uses', sql`${t.uses} > 0`),
    check('limit_card_templates_valid_days', sql`${t.validDays} is null or ${t.validDays} > 0`),
    check('limit_card_templates_price', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

/**
 * A limit card one member holds. Name and products are copied from the template when issued. `usedUses`
 * only changes by conditional UPDATE in the same transaction as its `limit_card_ledger` row.
 */
export const memberLimitCards = pgTable(
  'member_limit_cards',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => limitCardTemplates.id),
    name: jsonb('name').$type<Text>().notNull(),
    productIds: jsonb('product_ids').$type<number[]>().notNull(),
    totalUses: integer('total_uses').notNull(),
    usedUses: integer('used_uses').notNull().default(0),
    /** Shop-local ISO dates, both inclusive; validTo null = no end. */
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to'),
    /** What issued it once only ('recharge:<id>:<n>', 'seed:<n>', ...). */
    grantRef: text('grant_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_limit_cards_member_idx').on(t.memberId),
    uniqueIndex('member_limit_cards_grant_uq').on(t.grantRef),
    check(
      'member_limit_cards_uses',
      sql`${t.totalUses} > 0 and ${t.usedUses} >= 0 and ${t.usedUses} <= ${t.totalUses}`,
    ),
  ],
);

/**
 * Every change of a limit card's uses: issued (+total), reserved by an order (-n), returned on cancel or
 * refund (+n). `key` (`limitCard:grant:<card>`, `limitCard:order:<order>:<card>`,
 * `limitCard:return:<order>:<card>`) makes each happen once; per card, the sum of `usesDelta` is the
 * remaining uses.
 */
export const limitCardLedger = pgTable(
  'limit_card_ledger',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => memberLimitCards.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<'grant' | 'orderUse' | 'orderReturn'>().notNull(),
    key: text('key').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    productId: integer('product_id').references(() => products.id),
    usesDelta: integer('uses_delta').notNull(),
    remainingAfter: integer('remaining_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('limit_card_ledger_card_idx').on(t.cardId, t.id),
    index('limit_card_ledger_order_idx').on(t.orderId),
    uniqueIndex('limit_card_ledger_key_uq').on(t.key),
    check('limit_card_ledger_remaining', sql`${t.remainingAfter} >= 0`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
export type CouponTemplateRow = typeof couponTemplates.$inferSelect;
export type CustomerCouponRow = typeof customerCoupons.$inferSelect;
export type RedBagHelpRow = typeof redBagHelps.$inferSelect;

// ---- open table (issue 15; decisions T10–T29) ----------------------------------------------------------

/** A tab's life: ordering (rounds go to the kitchen), paying (the bill was asked for), paid, closed unpaid. */
export type TableTabStatus = 'ordering' | 'paying' | 'paid' | 'closed';
/** How the bill is shared (table/confirm's split): src/domain/api/open-table.ts SPLIT_MODES. */
export type TableSplitMode = 'all' | 'equal' | 'guest' | 'items';
/** A part of a split bill: nobody took it, its order waits for payment, or it is paid. */
export type TableBillPartState = 'open' | 'paying' | 'paid';

/**
 * One shared tab of a table: opened by the first guest who scans its code, joined by every later guest,
 * never two live at once for a table (the partial unique index). The table's fee and type are copied when
 * the tab opens, so a change to the table does not reprice a running tab.
 */
export const tableTabs = pgTable(
  'table_tabs',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    tableId: integer('table_id')
      .notNull()
      .references(() => tables.id),
    /** sOrderNo: "T" + the shop-local date + the tab id. */
    orderNo: text('order_no').notNull(),
    status: text('status').$type<TableTabStatus>().notNull().default('ordering'),
    person: integer('person').notNull(),
    note: text('note').notNull().default(''),
    /** Fee per hour (minor units) and type (1: per started half hour), copied from the table. */
    eachFee: integer('each_fee').notNull(),
    feeType: integer('fee_type').notNull(),
    currency: text('currency').notNull(),
    numberDecimals: integer('number_decimals').notNull(),
    /** The hourly timer: started (by the merchant, or on opening when the table says so) and stopped. */
    timerStartedAt: stamp('timer_started_at'),
    timerStoppedAt: stamp('timer_stopped_at'),
    /** When the bill was asked for: the fee stops growing there until payment is cancelled. */
    billAt: stamp('bill_at'),
    /** Who asked for the bill: the order that pays the tab is theirs (decision T21). */
    billBy: integer('bill_by').references(() => customers.id),
    /** The order that pays the tab, made when the bill was asked for; null while ordering. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => customers.id),
    /** Bumped by every change a guest's phone must show (the live stream's and refresh's cursor). */
    version: integer('version').notNull().default(1),
    /** A tab of the counter's virtual table: its one customer's own (decision T32). */
    counter: boolean('counter').notNull().default(false),
    /** How the bill was split when it was asked for, and its frozen total (decisions T25–T28). */
    splitMode: text('split_mode').$type<TableSplitMode>(),
    /** Equal shares: how many, as asked for with the mode (a later request does not change them). */
    splitParts: integer('split_parts'),
    billTotal: integer('bill_total'),
    /** The coupon the guest paying all chose (decision T51): their order reserves it. */
    billCouponId: integer('bill_coupon_id'),
    createdAt: createdAt(),
    closedAt: stamp('closed_at'),
  },
  (t) => [
    uniqueIndex('table_tabs_live_uq')
      .on(t.tableId)
      .where(sql`${t.status} in ('ordering', 'paying') and not ${t.counter}`),
    // At the counter, one live tab per customer: a second scan finds the first (decision T32).
    uniqueIndex('table_tabs_counter_live_uq')
      .on(t.tableId, t.openedBy)
      .where(sql`${t.status} in ('ordering', 'paying') and ${t.counter}`),
    uniqueIndex('table_tabs_order_no_uq').on(t.orderNo),
    index('table_tabs_shop_idx').on(t.shopId, t.createdAt),
    check('table_tabs_person', sql`${t.person} > 0`),
    check('table_tabs_fee', sql`${t.eachFee} >= 0`),
  ],
);

/** A guest of a tab: who joined, under which name and picture, for their rounds and their part of the bill. */
export const tableGuests = pgTable(
  'table_guests',
  {
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    nickname: text('nickname').notNull(),
    avatarUrl: text('avatar_url').notNull().default(''),
    joinedAt: stamp('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tabId, t.customerId] }),
    index('table_guests_customer_idx').on(t.customerId),
  ],
);

/** A round's kitchen answer: submitted (waiting for the kitchen), ordered (accepted), rejected. */
export type TableRoundState = 'submitted' | 'ordered' | 'rejected';
/** A line's life in the kitchen once its round is accepted. */
export type TableLineState = 'ordered' | 'cooking' | 'served' | 'returned';

/**
 * What one guest sent to the kitchen at once. Append-only; a retried round (same guest and key) is the
 * same round.
 */
export const tableRounds = pgTable(
  'table_rounds',
  {
    id: serial('id').primaryKey(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').$type<TableRoundState>().notNull().default('submitted'),
    reason: text('reason').notNull().default(''),
    /** The stock the round took (meal items included), given back if the kitchen rejects it. */
    reserved: jsonb('reserved').$type<StockReservation[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('table_rounds_key_uq').on(t.tabId, t.customerId, t.idempotencyKey),
    index('table_rounds_tab_idx').on(t.tabId),
  ],
);

/** A line of a round: the catalogue's checked line (the engine's cart line, never a client price). */
export const tableRoundLines = pgTable(
  'table_round_lines',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => tableRounds.id),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    name: jsonb('name').$type<Text>().notNull(),
    specName: jsonb('spec_name').$type<Text>(),
    quantity: integer('quantity').notNull(),
    tastes: jsonb('tastes').$type<OrderLineTaste[]>().notNull().default([]),
    mealset: jsonb('mealset').$type<OrderLineMeal[]>().notNull().default([]),
    /** The engine's cart line as the catalogue priced it when the round was sent. */
    cart: jsonb('cart').$type<CartLine>().notNull(),
    state: text('state').$type<TableLineState>().notNull().default('ordered'),
    returnedReason: text('returned_reason').notNull().default(''),
  },
  (t) => [
    index('table_round_lines_tab_idx').on(t.tabId),
    check('table_round_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * A part of a split bill (decisions T25–T30): the equal shares and the guests' parts are written when the
 * bill is asked for, a picked-items part when a guest picks its lines. A guest takes a part with
 * table/payPart, which writes the part's own order in the same transaction; the part follows that order
 * (tab-orders.ts): paid, or open again when it is cancelled or expires (a picked-items part is removed).
 */
export const tableBillParts = pgTable(
  'table_bill_parts',
  {
    id: serial('id').primaryKey(),
    tabId: integer('tab_id')
      .notNull()
      .references(() => tableTabs.id),
    index: integer('index').notNull(),
    amount: integer('amount').notNull(),
    state: text('state').$type<TableBillPartState>().notNull().default('open'),
    /** Split by guest: the guest whose rounds the part pays (its label is their name). */
    guestId: integer('guest_id').references(() => customers.id),
    /** Split by items: the tab's lines the part pays. */
    lineIds: jsonb('line_ids').$type<number[]>().notNull().default([]),
    /** Who took the part, under which key, and the order that pays it. */
    takenBy: integer('taken_by').references(() => customers.id),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id),
  },
  (t) => [
    uniqueIndex('table_bill_parts_index_uq').on(t.tabId, t.index),
    uniqueIndex('table_bill_parts_key_uq').on(t.tabId, t.takenBy, t.idempotencyKey),
    index('table_bill_parts_order_idx').on(t.orderId),
    check('table_bill_parts_amount', sql`${t.amount} >= 0`),
  ],
);

// ---- Appointments (docs/api.md "Appointments"; decisions A1–A7 availability, A8 onwards) -------------------

/** A shop's booking rules; the horizon is shop info appointmentTimeLimit and the zone its timezone. */
export const appointmentSettings = pgTable(
  'appointment_settings',
  {
    shopId: integer('shop_id')
      .primaryKey()
      .references(() => shops.id),
    /** Starts lie on this grid of minutes from local midnight (A2). */
    stepMinutes: integer('step_minutes').notNull().default(15),
    /** A start must be at least this many minutes after the booking (A4). */
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(60),
    /** A customer may move or cancel until this many hours before the start. */
    freeChangeHours: integer('free_change_hours').notNull().default(24),
    /** The hours the shop takes appointments in (A5). */
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
  },
  (t) => [
    check('appointment_settings_step', sql`${t.stepMinutes} between 1 and 1440`),
    check('appointment_settings_notice', sql`${t.minNoticeMinutes} between 0 and 525600`),
    check('appointment_settings_change', sql`${t.freeChangeHours} between 0 and 8760`),
  ],
);

/**
 * A dated exception to a weekly plan: a day off or other hours on one shop-local date, of a technician or
 * (service_user_id null) of the shop. When several name one date, the latest (highest id) wins (A5).
 */
export const appointmentExceptions = pgTable(
  'appointment_exceptions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    serviceUserId: integer('service_user_id').references(() => serviceUsers.id),
    /** Shop-local YYYY-MM-DD. */
    date: text('date').notNull(),
    kind: text('kind').$type<'off' | 'hours'>().notNull(),
    /** kind 'hours': the ranges of that date. */
    ranges: jsonb('ranges').$type<HoursRange[]>().notNull().default([]),
  },
  (t) => [
    index('appointment_exceptions_shop_date_idx').on(t.shopId, t.date),
    check('appointment_exceptions_kind', sql`${t.kind} in ('off', 'hours')`),
  ],
);

/** Chairs or rooms of a shop that some services need, counted: at most `capacity` at once (A11). */
export const capacityPools = pgTable(
  'capacity_pools',
  {
    id: integer('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: jsonb('name').$type<Text>().notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [check('capacity_pools_capacity', sql`${t.capacity} between 1 and 1000`)],
);

/**
 * A product that can be booked: its duration is the product's service_time; the buffers widen every
 * booking of it (A1); a pool, when set, must have a free place for the whole widened time.
 */
export const appointmentServices = pgTable(
  'appointment_services',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    poolId: integer('pool_id').references(() => capacityPools.id),
  },
  (t) => [
    index('appointment_services_shop_idx').on(t.shopId),
    check(
      'appointment_services_buffers',
      sql`${t.bufferBefore} between 0 and 1440 and ${t.bufferAfter} between 0 and 1440`,
    ),
  ],
);

/** Who performs which service, with their own duration where it differs from the service's. */
export const serviceUserServices = pgTable(
  'service_user_services',
  {
    serviceUserId: integer('service_user_id')
      .notNull()
      .references(() => serviceUsers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => appointmentServices.productId),
    /** Minutes; null = the service's own duration. */
    duration: integer('duration'),
  },
  (t) => [
    primaryKey({ columns: [t.serviceUserId, t.productId] }),
    index('service_user_services_product_idx').on(t.productId),
    check('service_user_services_duration', sql`${t.duration} is null or ${t.duration} between 1 and 1440`),
  ],
);

/** PostgreSQL's range of timestamptz, written and read as its text form `[from,to)`. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

export type BookingKind = 'hold' | 'booking';
/** A booking's own status; the customer's `awaitingPayment` is a booked one whose order is unpaid. */
export type BookingStatus =
  'held' | 'booked' | 'confirmed' | 'arrived' | 'completed' | 'noShow' | 'cancelled';

/**
 * Holds and bookings of a technician's time. `span` is the service widened by its buffers; the custom
 * migration 0023 refuses two active rows of one technician whose spans overlap, and two active rows of one
 * pool place (exclusion constraints with btree_gist, A11). A hold becomes the booking of the order that
 * used it, keeping its row and span.
 */
export const appointmentBookings = pgTable(
  'appointment_bookings',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The order a booking belongs to; null for a hold. */
    orderId: integer('order_id').references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    serviceUserId: integer('service_user_id')
      .notNull()
      .references(() => serviceUsers.id),
    kind: text('kind').$type<BookingKind>().notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    startsAt: stamp('starts_at').notNull(),
    endsAt: stamp('ends_at').notNull(),
    /** Minutes, the service's own when the booking was made (A1). */
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    span: tstzrange('span').notNull(),
    /** False once cancelled or a no-show: the time is free again. */
    active: boolean('active').notNull().default(true),
    poolId: integer('pool_id').references(() => capacityPools.id),
    poolPlace: integer('pool_place'),
    /** "Any technician" was asked for; the server chose this one (A6). */
    assigned: boolean('assigned').notNull().default(false),
    /** A hold lapses at this instant unless extended or used; null for a booking. */
    expiresAt: stamp('expires_at'),
    beautyUserName: text('beauty_user_name').notNull().default(''),
    beautyUserPhone: text('beauty_user_phone').notNull().default(''),
    merchantReason: text('merchant_reason').notNull().default(''),
    createdAt: createdAt(),
    statusChangedAt: stamp('status_changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointment_bookings_user_start_idx').on(t.serviceUserId, t.startsAt),
    index('appointment_bookings_customer_idx').on(t.customerId, t.startsAt),
    index('appointment_bookings_shop_start_idx').on(t.shopId, t.startsAt),
    uniqueIndex('appointment_bookings_order_uq')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    // One hold per customer and shop: a new hold replaces the old one (A10).
    uniqueIndex('appointment_bookings_hold_uq')
      .on(t.customerId, t.shopId)
      .where(sql`${t.kind} = 'hold'`),
    check('appointment_bookings_kind', sql`${t.kind} in ('hold', 'booking')`),
    check(
      'appointment_bookings_status',
      sql`${t.status} in ('held', 'booked', 'confirmed', 'arrived', 'completed', 'noShow', 'cancelled')`,
    ),
    check(
      'appointment_bookings_hold',
      sql`(${t.kind} = 'hold') = (${t.expiresAt} is not null) and (${t.kind} = 'hold') = (${t.orderId} is null)`,
    ),
    check('appointment_bookings_times', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'appointment_bookings_span',
      sql`lower(${t.span}) <= ${t.startsAt} and upper(${t.span}) >= ${t.endsAt}`,
    ),
    check('appointment_bookings_pool', sql`(${t.poolId} is null) = (${t.poolPlace} is null)`),
  ],
);
export type AppointmentBookingRow = typeof appointmentBookings.$inferSelect;
