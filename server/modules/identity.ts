// Customers, sessions and the link to members. A customer is one device identity (openid or device id) in
// one shop; a session is a 24-hour bearer token bound to a shop and a customer, stored only as a hash. A
// phone proven by SMS links the customer to the member with that phone in the shop's membership scope: the
// chain for a chain shop (one membership across its shops), otherwise the shop itself.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { CustomerProfile, SessionInfo } from '../../src/domain/api/user';
import type { Member } from '../../src/domain/catalog';
import { DEFAULTS, type CatalogueLocale } from '../../src/domain/enums';
import type { Database, Executor } from '../db/client';
import { customers, memberLevels, members, sessions, shops, type CustomerRow, type Text } from '../db/schema';
import { BusinessError, hashToken, HttpError, type Session } from '../http/action';

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

async function createSession(db: Executor, shopId: number, customerId: number, now: Date) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + DEFAULTS.tokenTtlMs);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), shopId, customerId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

const sessionInfo = (
  created: { token: string; expiresAt: Date },
  customer: Pick<CustomerRow, 'id' | 'openid' | 'shopId' | 'memberId'>,
): SessionInfo => ({
  token: created.token,
  expiresAt: created.expiresAt.toISOString(),
  openid: customer.openid,
  shopId: customer.shopId,
  customerId: customer.id,
  isMember: customer.memberId !== null,
});

/** The customer of (shop, openid), created on first sight; `seed` fills a new row (carried profile). */
async function upsertCustomer(
  db: Executor,
  shopId: number,
  openid: string,
  now: Date,
  seed: Partial<Pick<CustomerRow, 'phone' | 'memberId' | 'nickname' | 'gender' | 'birthday' | 'avatar'>> = {},
): Promise<CustomerRow> {
  await db
    .insert(customers)
    .values({ shopId, openid, createdAt: now, ...seed })
    .onConflictDoNothing({ target: [customers.shopId, customers.openid] });
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.openid, openid)));
  return row!;
}

/** user/h5entry: an anonymous device session in a shop. */
export async function enterShop(
  db: Database,
  input: { shopId: number; openid?: string },
  now: Date,
): Promise<SessionInfo> {
  return db.transaction(async (tx) => {
    const shop = await findShop(tx, input.shopId);
    if (!shop) throw new BusinessError('shop.notFound');
    const customer = await upsertCustomer(tx, shop.id, input.openid ?? newDeviceId(), now);
    return sessionInfo(await createSession(tx, shop.id, customer.id, now), customer);
  });
}

/**
 * user/token: a token for another shop for the holder of a valid token. The customer of the target shop is
 * the same openid; a proven phone and the profile travel with it, and the phone links the member of the
 * target shop's scope (so one chain membership follows the customer between its shops).
 */
export async function exchangeToken(
  db: Database,
  input: { shopId: number; token: string },
  now: Date,
): Promise<SessionInfo> {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select({ customer: customers })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.tokenHash, hashToken(input.token)), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!source) throw new HttpError(401, 'token.invalid');
    const shop = await findShop(tx, input.shopId);
    if (!shop) throw new BusinessError('shop.notFound');
    const from = source.customer;
    const memberId = from.phone ? await findMemberIdByPhone(tx, scopeOf(shop), from.phone) : null;
    let customer = await upsertCustomer(tx, shop.id, from.openid, now, {
      phone: from.phone,
      memberId,
      nickname: from.nickname,
      gender: from.gender,
      birthday: from.birthday,
      avatar: from.avatar,
    });
    if (from.phone && customer.phone !== from.phone) {
      // The target customer existed with another (or no) phone: the newer proof wins.
      const [updated] = await tx
        .update(customers)
        .set({ phone: from.phone, memberId })
        .where(eq(customers.id, customer.id))
        .returning();
      customer = updated!;
    }
    return sessionInfo(await createSession(tx, shop.id, customer.id, now), customer);
  });
}

/** Records a phone the customer proved and links (or unlinks) the member of the shop's scope. */
export async function bindPhone(db: Executor, session: Session, phone: string): Promise<number | null> {
  const scope: MembershipScope =
    session.chainId !== null ? { chainId: session.chainId } : { shopId: session.shopId };
  const memberId = await findMemberIdByPhone(db, scope, phone);
  await db.update(customers).set({ phone, memberId }).where(eq(customers.id, session.customerId));
  return memberId;
}

/** user/h5Login after the code checked out: bind the phone and rotate the session's token. */
export async function loginWithPhone(db: Database, session: Session, phone: string, now: Date) {
  return db.transaction(async (tx) => {
    const memberId = await bindPhone(tx, session, phone);
    await tx.delete(sessions).where(eq(sessions.id, session.id));
    const created = await createSession(tx, session.shopId, session.customerId, now);
    const [customer] = await tx.select().from(customers).where(eq(customers.id, session.customerId));
    return { info: sessionInfo(created, customer!), memberId };
  });
}

export function customerProfile(row: CustomerRow): CustomerProfile {
  return {
    id: row.id,
    openid: row.openid,
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
