// Customers, sessions and the link to members (decision S1). A session is a 24-hour bearer token bound to a
// shop, a browser's device key and a customer, stored only as a hash. The customer of an anonymous session
// is the browser (shop, device key): the key is whatever the browser sends, so it names no person. Only
// user/h5Login, after the SMS code checked out, issues a session for an account (shop, proven phone), whose
// member link is the member with that phone in the shop's membership scope: the chain for a chain shop (one
// membership across its shops), otherwise the shop itself.
import { SHOP_NOT_FOUND } from '../../../src/domain/api/envelope';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { CustomerProfile, SessionInfo } from '../../../src/domain/api/user';
import type { Member } from '../../../src/domain/catalog';
import { DEFAULTS, type CatalogueLocale } from '../../../src/domain/enums';
import type { Database, Executor, Tx } from '../../db/client';
import {
  customers,
  memberLevels,
  members,
  orderEvents,
  orderRequests,
  orders,
  sessions,
  shops,
  type CustomerRow,
  type Text,
} from '../../db/schema';
import { BusinessError, hashToken, HttpError, type Session } from '../../http/action';

export const newToken = () => randomBytes(32).toString('base64url');
export const newDeviceId = () => `dev_${randomBytes(12).toString('base64url')}`;

export type MembershipScope =
  { chainId: number; shopId?: undefined } | { shopId: number; chainId?: undefined };
export const scopeOf = (shop: { id: number; chainId: number | null }): MembershipScope =>
  shop.chainId !== null ? { chainId: shop.chainId } : { shopId: shop.id };

const scopeCondition = (scope: MembershipScope) =>
  scope.chainId !== undefined ? eq(members.chainId, scope.chainId) : eq(members.shopId, scope.shopId);

export async function findShop(db: Executor, shopId: number) {
  const [shop] = await db
    .select({ id: shops.id, chainId: shops.chainId, settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, shopId));
  return shop ?? null;
}

export async function findMemberIdByPhone(
  db: Executor,
  scope: MembershipScope,
  phone: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(scopeCondition(scope), eq(members.phone, phone)));
  return row?.id ?? null;
}

async function createSession(db: Executor, shopId: number, customerId: number, deviceKey: string, now: Date) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + DEFAULTS.tokenTtlMs);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), shopId, customerId, deviceKey, expiresAt, createdAt: now });
  return { token, expiresAt };
}

const sessionInfo = (
  created: { token: string; expiresAt: Date },
  customer: Pick<CustomerRow, 'id' | 'shopId' | 'memberId'>,
  deviceKey: string,
): SessionInfo => ({
  token: created.token,
  expiresAt: created.expiresAt.toISOString(),
  openid: deviceKey,
  shopId: customer.shopId,
  customerId: customer.id,
  isMember: customer.memberId !== null,
});

type CarriedProfile = Partial<Pick<CustomerRow, 'nickname' | 'gender' | 'birthday' | 'avatar'>>;

/** The browser customer of (shop, device key), created on first sight. It never has a phone or member. */
async function browserCustomer(db: Executor, shopId: number, deviceKey: string, now: Date) {
  await db
    .insert(customers)
    .values({ shopId, openid: deviceKey, createdAt: now })
    .onConflictDoNothing({ target: [customers.shopId, customers.openid] });
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.openid, deviceKey)));
  return row!;
}

/**
 * The account of (shop, proven phone), created on first login with the profile the browser carried; its
 * member link is read again each time, so a membership made since then (or ended) shows at the next login.
 */
async function accountCustomer(
  db: Executor,
  shop: { id: number; chainId: number | null },
  phone: string,
  now: Date,
  profile: CarriedProfile,
): Promise<CustomerRow> {
  const memberId = await findMemberIdByPhone(db, scopeOf(shop), phone);
  const [inserted] = await db
    .insert(customers)
    .values({ shopId: shop.id, openid: null, phone, memberId, createdAt: now, ...profile })
    .onConflictDoNothing({ target: [customers.shopId, customers.phone], where: isNull(customers.openid) })
    .returning();
  if (inserted) return inserted;
  const [updated] = await db
    .update(customers)
    .set({ memberId })
    .where(and(eq(customers.shopId, shop.id), eq(customers.phone, phone), isNull(customers.openid)))
    .returning();
  return updated!;
}

const profileOf = (row: CustomerRow): CarriedProfile => ({
  nickname: row.nickname,
  gender: row.gender,
  birthday: row.birthday,
  avatar: row.avatar,
});

/** user/h5entry: an anonymous session of the browser's device key (a new key when none is given). */
export async function enterShop(
  db: Database,
  input: { shopId: number; openid?: string },
  now: Date,
): Promise<SessionInfo> {
  return db.transaction(async (tx) => {
    const shop = await findShop(tx, input.shopId);
    if (!shop) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
    const deviceKey = input.openid ?? newDeviceId();
    const customer = await browserCustomer(tx, shop.id, deviceKey, now);
    return sessionInfo(await createSession(tx, shop.id, customer.id, deviceKey, now), customer, deviceKey);
  });
}

/**
 * user/token: a token for another shop for the holder of a valid token. A logged-in session moves as the
 * account of the same phone in the target shop (its member link read in the target's membership scope, so
 * one chain membership follows the customer between its shops); an anonymous one as the same browser.
 */
export async function exchangeToken(
  db: Database,
  input: { shopId: number; token: string },
  now: Date,
): Promise<SessionInfo> {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select({ customer: customers, deviceKey: sessions.deviceKey })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.tokenHash, hashToken(input.token)), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!source) throw new HttpError(401, 'token.invalid');
    const shop = await findShop(tx, input.shopId);
    if (!shop) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
    const from = source.customer;
    const customer =
      from.phone !== null
        ? await accountCustomer(tx, shop, from.phone, now, profileOf(from))
        : await browserCustomer(tx, shop.id, source.deviceKey, now);
    const created = await createSession(tx, shop.id, customer.id, source.deviceKey, now);
    return sessionInfo(created, customer, source.deviceKey);
  });
}

/** The member of the shop's membership scope that has this phone, if any. */
export async function memberOfPhone(db: Executor, session: Session, phone: string): Promise<number | null> {
  return findMemberIdByPhone(db, scopeOf({ id: session.shopId, chainId: session.chainId }), phone);
}

/**
 * Moves what a browser did anonymously (its orders, their live events and submit keys) to the account that
 * just logged in on it, so an order placed before logging in is still the customer's to pay and follow.
 */
async function adoptBrowserOrders(tx: Tx, browserId: number, accountId: number) {
  await tx.update(orders).set({ customerId: accountId }).where(eq(orders.customerId, browserId));
  await tx.update(orderEvents).set({ customerId: accountId }).where(eq(orderEvents.customerId, browserId));
  await tx.execute(sql`
    update ${orderRequests} set customer_id = ${accountId}
    where customer_id = ${browserId} and not exists (
      select 1 from ${orderRequests} r
      where r.customer_id = ${accountId} and r.idempotency_key = ${orderRequests.idempotencyKey})`);
}

/**
 * user/h5Login after the code checked out: the session's token is replaced by a new one for the account of
 * the phone, and every other session of this browser key in the shop ends, so no token issued before the
 * login (to this browser or to whoever else knew its key) is logged in.
 */
export async function loginWithPhone(db: Database, session: Session, phone: string, now: Date) {
  return db.transaction(async (tx) => {
    const current = await loadCustomer(tx, session.customerId);
    const shop = { id: session.shopId, chainId: session.chainId };
    const account = await accountCustomer(tx, shop, phone, now, current.phone ? {} : profileOf(current));
    if (current.phone === null) await adoptBrowserOrders(tx, current.id, account.id);
    const ended = await tx
      .delete(sessions)
      .where(
        session.deviceKey
          ? or(
              eq(sessions.id, session.id),
              and(eq(sessions.shopId, session.shopId), eq(sessions.deviceKey, session.deviceKey)),
            )
          : eq(sessions.id, session.id),
      )
      .returning({ tokenHash: sessions.tokenHash });
    const created = await createSession(tx, session.shopId, account.id, session.deviceKey, now);
    return {
      info: sessionInfo(created, account, session.deviceKey),
      memberId: account.memberId,
      account,
      /** Token hashes of the sessions the login ended: evict them from the session cache. */
      ended: ended.map((row) => row.tokenHash),
    };
  });
}

/** user/logout: the session's token stops working at once. Returns the ended token hashes. */
export async function endSession(db: Executor, sessionId: number): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.map((row) => row.tokenHash);
}

/** The profile as its owner sees it; `openid` is the session's device key (an account has none of its own). */
export function customerProfile(row: CustomerRow, deviceKey: string): CustomerProfile {
  return {
    id: row.id,
    openid: row.openid ?? deviceKey,
    nickname: row.nickname,
    gender: (row.gender === 1 || row.gender === 2 ? row.gender : 0) as CustomerProfile['gender'],
    birthday: row.birthday,
    avatar: row.avatar,
    phone: row.phone,
  };
}

export async function loadCustomer(db: Executor, customerId: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw new HttpError(401, 'auth.required');
  return row;
}

const textIn = (text: Text | null | undefined, locale: CatalogueLocale) =>
  text ? (locale === 'en' ? text.en : text.zh) : '';

/** The member as the customer sees it (spec §3 Member): no pay password, only whether one is set. */
export async function loadMember(
  db: Executor,
  memberId: number,
  customer: CustomerRow,
  locale: CatalogueLocale,
): Promise<Member | null> {
  const [row] = await db
    .select({
      member: members,
      levelName: memberLevels.name,
      discount: memberLevels.discount,
      rank: memberLevels.level,
    })
    .from(members)
    .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
    .where(eq(members.id, memberId));
  if (!row) return null;
  const [shop] = await db
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, customer.shopId));
  const m = row.member;
  return {
    id: m.id,
    name: m.name,
    nickname: customer.nickname,
    gender: m.gender,
    avatar: customer.avatar,
    birthday: m.birthday,
    phone: m.phone,
    level: row.rank ?? 0,
    levelName: textIn(row.levelName, locale) || DEFAULTS.memberLevelName,
    levelNames: {
      en: row.levelName?.en || row.levelName?.zh || DEFAULTS.memberLevelName,
      zh: row.levelName?.zh || row.levelName?.en || DEFAULTS.memberLevelName,
    },
    cardNo: m.cardNo,
    amount: m.amount,
    giftAmount: m.giftAmount,
    points: m.points,
    barcode: m.cardNo,
    discount: row.discount ?? DEFAULTS.memberDiscount,
    hasPayPassword: m.payPasswordHash !== null,
    isChain: m.chainId !== null,
    isCharged: m.isCharged,
    industry: shop?.settings.industry ?? 2,
    isBindOfficialAccount: m.isBindOfficialAccount,
  };
}

/** Removes sessions past their expiry (kept small; expired rows are already refused on lookup). */
export async function purgeExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
