// Becoming and being a member (spec §3 Member, §5 fast register, §7 vip/*): the session's member as the
// customer sees it, web registration, binding a proven phone to its in-store member, and editing the card.
// A member belongs to a membership scope (the chain, shared by its shops, or a shop outside a chain) and is
// found by the phone an SMS login proved: never by a phone a request names (decisions M1-M6).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  EARLIEST_BIRTHDAY,
  type MemberRefusal,
  type MemberRefusalInfo,
  type RegisterInfo,
  type UpdateMemberInput,
  type VipInfo,
} from '../../../src/domain/api/member';
import type { Member } from '../../../src/domain/catalog';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { Database, Executor } from '../../db/client';
import {
  couponTemplates,
  customers,
  memberLevels,
  members,
  memberSettings,
  sessions,
  shops,
  type CustomerRow,
  type MemberSettingRow,
} from '../../db/schema';
import { BusinessError, type Session } from '../../http/action';
import type { MemberShopTexts } from '../../seed/types';
import type { LocalizedText, MessageParams } from '../../i18n';
import { localize } from '../catalog/catalog';
import { toMemberSetting } from '../catalog/catalog-shop';
import { grantRegisterCoupons } from '../coupons/coupons';
import { loadCustomer, loadMember, memberOfPhone, scopeOf, type MembershipScope } from '../identity/identity';
import { shopToday } from '../../../src/domain/hours';
import { refusalMessages } from './member-messages';

/** The member settings row with the texts a shop may keep in it (store/shopTexts). */
export type MemberSettingWithTexts = MemberSettingRow & MemberShopTexts;

/** A refused member call: the message in the customer's language and `info.reason` for the client. */
export function memberRefusal(
  reason: MemberRefusal,
  params?: MessageParams,
  extra: Omit<MemberRefusalInfo, 'reason'> = {},
  message: LocalizedText = refusalMessages[reason],
): BusinessError {
  return new BusinessError(message, params, { reason, ...extra } satisfies MemberRefusalInfo);
}

export async function loadSetting(db: Executor, shopId: number): Promise<MemberSettingWithTexts> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.shopId, shopId));
  if (!row) throw memberRefusal('functionClosed');
  return row.setting as MemberSettingWithTexts;
}

const scopeWhere = (scope: MembershipScope) =>
  scope.chainId !== undefined ? eq(members.chainId, scope.chainId) : eq(members.shopId, scope.shopId);

const sessionScope = (session: Session) => scopeOf({ id: session.shopId, chainId: session.chainId });

/** The shops a membership scope covers: the chain's shops, or the one shop. */
export async function scopeShopIds(db: Executor, session: Session): Promise<number[]> {
  if (session.chainId === null) return [session.shopId];
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.chainId, session.chainId));
  return rows.map((r) => r.id);
}

/** The session's account (a customer with a proven phone), or the loginRequired refusal. */
export async function provenCustomer(
  db: Executor,
  session: Session,
): Promise<CustomerRow & { phone: string }> {
  const customer = await loadCustomer(db, session.customerId);
  if (customer.phone === null) throw memberRefusal('loginRequired');
  return customer as CustomerRow & { phone: string };
}

/**
 * The session's member, checked against its owner: the member the account links to must still carry the
 * account's phone and belong to the session's scope, or the account is treated as no member.
 */
export async function ownMember(db: Executor, session: Session) {
  const customer = await provenCustomer(db, session);
  if (customer.memberId === null) throw memberRefusal('notMember');
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.id, customer.memberId),
        eq(members.phone, customer.phone),
        scopeWhere(sessionScope(session)),
      ),
    );
  if (!row) throw memberRefusal('notMember');
  return { customer, member: row };
}

/** A card's name must hold a letter or digit: the cashier reads it back to the customer. */
export function checkName(name: string | undefined) {
  if (name !== undefined && !/[\p{L}\p{N}]/u.test(name)) throw memberRefusal('nameInvalid');
}

export function checkBirthday(birthday: string | null | undefined, now: Date, timeZone = 'UTC') {
  if (birthday === null || birthday === undefined) return;
  if (birthday < EARLIEST_BIRTHDAY || birthday > shopToday(now, timeZone))
    throw memberRefusal('birthdayInvalid');
}

/** store/vipInfo, vip/getInfo. */
export async function vipInfo(db: Database, session: Session, locale: CatalogueLocale): Promise<VipInfo> {
  const settingRow = await loadSetting(db, session.shopId);
  const setting = toMemberSetting(settingRow, locale);
  const customer = await loadCustomer(db, session.customerId);
  const open = settingRow.isFunctionOpen;
  if (customer.phone === null)
    return { setting, member: null, reason: 'notLoggedIn', phone: null, canRegister: false, canBind: false };
  const member =
    customer.memberId === null ? null : await loadMember(db, customer.memberId, customer, locale);
  // A link whose member no longer carries this phone (changed in store) is not this customer's card.
  const own = member !== null && member.phone === customer.phone ? member : null;
  return {
    setting,
    member: own,
    reason: own ? null : 'notMember',
    phone: customer.phone,
    canRegister: own === null && open && settingRow.allowRegisterInWeb,
    canBind: own === null && open,
  };
}

/** The lowest level of the scope: where a new member starts (spec §9 default level name silver). */
async function startingLevel(db: Executor, scope: MembershipScope): Promise<number | null> {
  const [row] = await db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .where(
      scope.chainId !== undefined
        ? eq(memberLevels.chainId, scope.chainId)
        : eq(memberLevels.shopId, scope.shopId),
    )
    .orderBy(asc(memberLevels.level), asc(memberLevels.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A card number from the member's id: 12 digits, so every barcode symbology and a cashier's keypad take it;
 * the check digit (Luhn) catches a mistyped digit at the counter.
 */
export function cardNumberOf(memberId: number): string {
  const body = `8${String(memberId).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Links every account of this phone in the scope's shops to the member (one card across a chain). */
async function linkAccounts(tx: Executor, session: Session, phone: string, memberId: number) {
  const shopIds = await scopeShopIds(tx, session);
  const linked = await tx
    .update(customers)
    .set({ memberId })
    .where(and(inArray(customers.shopId, shopIds), eq(customers.phone, phone), isNull(customers.openid)))
    .returning({ id: customers.id });
  return linked.map((c) => c.id);
}

/** Token hashes of the sessions of these customers: the session cache must read their new member link. */
export async function sessionHashesOf(db: Executor, customerIds: number[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(inArray(sessions.customerId, customerIds));
  return rows.map((r) => r.tokenHash);
}

export interface RegisterRequest {
  name: string;
  birthday?: string | null;
  gender: 0 | 1 | 2;
  agreeTerms: boolean;
}

/**
 * vip/register: one transaction creates the member (the unique phone index of the scope makes concurrent
 * registrations of one phone create one member; the others find it and answer "already a member"), links
 * the phone's accounts and grants the register coupons.
 */
export async function register(
  db: Database,
  session: Session,
  input: RegisterRequest,
  now: Date,
  locale: CatalogueLocale,
): Promise<{ info: RegisterInfo; linked: number[] }> {
  const customer = await provenCustomer(db, session);
  const setting = await loadSetting(db, session.shopId);
  if (!setting.isFunctionOpen) throw memberRefusal('functionClosed');
  if (!setting.allowRegisterInWeb) throw memberRefusal('registerClosed');
  if (!input.agreeTerms) throw memberRefusal('termsNotAccepted');
  const [shop] = await db
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, session.shopId));
  const timeZone = shop?.settings.timezone ?? 'UTC';
  checkName(input.name);
  checkBirthday(input.birthday, now, timeZone);
  const scope = sessionScope(session);
  const phone = customer.phone;

  const created = await db.transaction(async (tx) => {
    if ((await memberOfPhone(tx, session, phone)) !== null) return null;
    // The id first, so the card number derived from it is written with the row.
    const next = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('members', 'id')) as id`,
    )) as unknown as { rows: { id: number | string }[] };
    const id = Number(next.rows[0]!.id);
    const [member] = await tx
      .insert(members)
      .values({
        id,
        ...(scope.chainId !== undefined ? { chainId: scope.chainId } : { shopId: scope.shopId }),
        phone,
        name: input.name,
        birthday: input.birthday ?? null,
        gender: input.gender,
        levelId: await startingLevel(tx, scope),
        cardNo: cardNumberOf(id),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (!member) return null;
    const linked = await linkAccounts(tx, session, phone, member.id);
    const coupons = await grantRegisterCoupons(tx, phone, {
      shopId: session.shopId,
      chainId: session.chainId,
      today: shopToday(now, timeZone),
      memberId: member.id,
      now,
    });
    return { memberId: member.id, linked, templateIds: coupons.map((c) => ({ id: c.id, t: c.templateId })) };
  });
  if (!created) throw memberRefusal('alreadyMember');

  const names =
    created.templateIds.length === 0
      ? []
      : await db
          .select({ id: couponTemplates.id, name: couponTemplates.name })
          .from(couponTemplates)
          .where(
            inArray(
              couponTemplates.id,
              created.templateIds.map((c) => c.t),
            ),
          );
  const account = await loadCustomer(db, session.customerId);
  const member = (await loadMember(db, created.memberId, account, locale))!;
  return {
    info: {
      member,
      coupons: created.templateIds.map((c) => ({
        id: c.id,
        name: localize(names.find((n) => n.id === c.t)?.name, locale),
      })),
    },
    linked: created.linked,
  };
}

/**
 * vip/bind (fast register, spec §5): links the proven phone to the member the shop already has for it. No
 * member: code -1, and whether the shop lets the customer register here instead.
 */
export async function bind(
  db: Database,
  session: Session,
  locale: CatalogueLocale,
  messages: { notMemberCanRegister: LocalizedText },
): Promise<{ member: Member; linked: number[] }> {
  const customer = await provenCustomer(db, session);
  const setting = await loadSetting(db, session.shopId);
  if (!setting.isFunctionOpen) throw memberRefusal('functionClosed');
  const result = await db.transaction(async (tx) => {
    const memberId = await memberOfPhone(tx, session, customer.phone);
    if (memberId === null) return null;
    return { memberId, linked: await linkAccounts(tx, session, customer.phone, memberId) };
  });
  if (!result) {
    const canRegister = setting.allowRegisterInWeb;
    throw memberRefusal(
      'notMember',
      undefined,
      { code: -1, canRegister },
      canRegister ? messages.notMemberCanRegister : refusalMessages.notMember,
    );
  }
  const account = await loadCustomer(db, session.customerId);
  return { member: (await loadMember(db, result.memberId, account, locale))!, linked: result.linked };
}

/** vip/update: the member's own name, birthday and gender (mirrored on the account's profile). */
export async function updateMember(
  db: Database,
  session: Session,
  input: UpdateMemberInput,
  now: Date,
  locale: CatalogueLocale,
): Promise<Member> {
  const [shop] = await db
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, session.shopId));
  checkName(input.name);
  checkBirthday(input.birthday, now, shop?.settings.timezone ?? 'UTC');
  const memberId = await db.transaction(async (tx) => {
    const { customer, member } = await ownMember(tx, session);
    await tx
      .update(members)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
      })
      .where(and(eq(members.id, member.id), eq(members.phone, customer.phone)));
    if (input.birthday !== undefined || input.gender !== undefined)
      await tx
        .update(customers)
        .set({
          ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
        })
        .where(eq(customers.id, customer.id));
    return member.id;
  });
  const account = await loadCustomer(db, session.customerId);
  return (await loadMember(db, memberId, account, locale))!;
}
