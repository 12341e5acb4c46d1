// The member area's calls through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: reading the
// card, registering (once, even under a race), binding, editing, the pay password, the member code, the
// shop list, the prompts, and the browser-side user calls.
import { Writable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activities,
  couponTemplates,
  customerCoupons,
  customers,
  members,
  tableCodes,
} from '../../../server/db/schema';
import { verifyMemberCode } from '../../../server/modules/members/member-code';
import type {
  CheckCodeInfo,
  CodeInfo,
  MemberInfo,
  MemberNotifyInfo,
  MemberRefusalInfo,
  RegisterInfo,
  ShopTextsInfo,
  UpdatePayPasswordInfo,
  UrlCheckInfo,
  VipInfo,
  VipShopListInfo,
  VipTokenInfo,
} from '../../../src/domain/api/member';
import { CHAIN_MEMBER_PHONE, SHOP3_MEMBER_PHONE } from '../helpers/fixture';
import { testDatabases, useTestApp, type TestApp } from '../helpers';
import {
  as,
  CHAIN_SHOP,
  CHAIN_SHOP_2,
  enter,
  GROUP_QR,
  LONE_SHOP,
  loginAs,
  memberSeed,
  MINUTE,
  smsCode,
} from './member-fixture';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let phoneSeq = 0;
/** A phone no other test uses. */
const freshPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;

const memberCount = async (t: TestApp, phone: string) => {
  const [row] = await t.database.db.select({ n: count() }).from(members).where(eq(members.phone, phone));
  return row!.n;
};

const reasonOf = (body: { info: unknown }) => (body.info as MemberRefusalInfo | null)?.reason;

describe.each(testDatabases)('the member area on %s', (kind) => {
  const t = useTestApp(kind, {
    seed: memberSeed,
    demoMode: true,
    logLevel: 'warn',
    logStream,
    security: { webViewOrigins: ['https://help.example.com'] },
  });

  describe('store/vipInfo and vip/getInfo', () => {
    it('tells a visitor who has not logged in why there is no card, with the shop settings', async () => {
      const { token } = await enter(t, CHAIN_SHOP);
      for (const path of ['store/vipInfo', 'vip/getInfo']) {
        const reply = await as(t, token)<VipInfo>(path, { version: 'v1' });
        expect(reply.body.result).toBe(true);
        expect(reply.body.info).toMatchObject({
          member: null,
          reason: 'notLoggedIn',
          phone: null,
          canRegister: false,
          setting: { name: 'Members', allowRegisterInWeb: true, isAllowRecharge: true, isFunctionOpen: true },
        });
      }
    });

    it('shows the chain member in another shop of the chain, with whether a pay password is set but never it', async () => {
      const token = await loginAs(t, CHAIN_SHOP_2, CHAIN_MEMBER_PHONE);
      const reply = await as(t, token)<VipInfo>('vip/getInfo');
      const member = reply.body.info.member!;
      expect(member).toMatchObject({
        id: 501,
        phone: CHAIN_MEMBER_PHONE,
        levelName: 'Gold',
        discount: 95,
        amount: 10000,
        giftAmount: 500,
        points: 120,
        hasPayPassword: true,
        isChain: true,
      });
      expect(JSON.stringify(reply.body)).not.toMatch(/payPassword"|hmac|135790/);
      const zh = await as(t, token, 'zh-CN')<VipInfo>('vip/getInfo');
      expect(zh.body.info.member!.levelName).toBe('金卡');
    });

    it('tells a logged-in customer without a card that they may register or bind', async () => {
      const token = await loginAs(t, CHAIN_SHOP, freshPhone());
      const reply = await as(t, token)<VipInfo>('store/vipInfo');
      expect(reply.body.info).toMatchObject({
        member: null,
        reason: 'notMember',
        canRegister: true,
        canBind: true,
      });
      const lone = await loginAs(t, LONE_SHOP, freshPhone());
      const closed = await as(t, lone)<VipInfo>('store/vipInfo');
      expect(closed.body.info).toMatchObject({ reason: 'notMember', canRegister: false, canBind: true });
    });
  });

  describe('vip/register', () => {
    it('creates a chain member at the lowest level with a card number, grants the register coupons, and the chain shares it', async () => {
      const [activity] = await t.database.db
        .insert(activities)
        .values({ chainId: 1, kind: 4, name: { en: 'Welcome', zh: '欢迎' } })
        .returning();
      const [template] = await t.database.db
        .insert(couponTemplates)
        .values({
          activityId: activity!.id,
          kind: 4,
          name: { en: 'Welcome 8 off', zh: '新会员立减 8 元' },
          rules: { reductionAmount: 800, minAmount: 0 },
          channels: ['register'],
        })
        .returning();
      const phone = freshPhone();
      const token = await loginAs(t, CHAIN_SHOP, phone);
      const reply = await as(t, token)<RegisterInfo>('vip/register', {
        name: 'Wang Fang',
        birthday: '1990-05-17',
        gender: 2,
        agreeTerms: true,
      });
      expect(reply.body.result).toBe(true);
      expect(reply.body.message).toBe('Welcome! You are now a member.');
      const { member, coupons } = reply.body.info;
      expect(member).toMatchObject({
        name: 'Wang Fang',
        birthday: '1990-05-17',
        gender: 2,
        phone,
        levelName: 'Silver',
        discount: 100,
        amount: 0,
        points: 0,
        hasPayPassword: false,
        isChain: true,
        isCharged: false,
      });
      expect(member.cardNo).toMatch(/^\d{12}$/);
      expect(coupons).toEqual([{ id: expect.any(Number), name: 'Welcome 8 off' }]);
      const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
      expect(row).toMatchObject({ chainId: 1, shopId: null, levelId: 11 });
      const held = await t.database.db
        .select()
        .from(customerCoupons)
        .where(and(eq(customerCoupons.ownerPhone, phone), eq(customerCoupons.templateId, template!.id)));
      expect(held).toHaveLength(1);
      // The same token now counts as a member (the session cache was told), and shop 2 shares the card.
      const again = await as(t, token)<VipInfo>('vip/getInfo');
      expect(again.body.info.member!.id).toBe(member.id);
      const other = await loginAs(t, CHAIN_SHOP_2, phone);
      expect((await as(t, other)<VipInfo>('vip/getInfo')).body.info.member!.id).toBe(member.id);
    });

    it('answers "already a member" to a second registration and changes nothing', async () => {
      const token = await loginAs(t, CHAIN_SHOP, CHAIN_MEMBER_PHONE);
      const reply = await as(t, token)('vip/register', { name: 'Someone else', agreeTerms: true });
      expect(reply.body).toMatchObject({ result: false, message: 'You are already a member.' });
      expect(reasonOf(reply.body)).toBe('alreadyMember');
      const [row] = await t.database.db.select().from(members).where(eq(members.id, 501));
      expect(row!.name).toBe('Li Lei');
      expect(await memberCount(t, CHAIN_MEMBER_PHONE)).toBe(1);
    });

    it('creates exactly one member when 20 registrations of one phone arrive together', async () => {
      const phone = freshPhone();
      const token = await loginAs(t, CHAIN_SHOP, phone);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          as(t, token)('vip/register', { name: `Racer ${i}`, agreeTerms: true }),
        ),
      );
      expect(replies.filter((r) => r.body.result)).toHaveLength(1);
      expect(replies.filter((r) => reasonOf(r.body) === 'alreadyMember')).toHaveLength(19);
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(await memberCount(t, phone)).toBe(1);
    });

    it('refuses without a proven phone, without accepted terms, with a bad name or birthday, and where the shop registers in store only', async () => {
      const anonymous = (await enter(t, CHAIN_SHOP)).token;
      const noLogin = await as(t, anonymous)('vip/register', { name: 'A', agreeTerms: true });
      expect(reasonOf(noLogin.body)).toBe('loginRequired');
      expect(noLogin.body.message).toBe('Please log in with your phone number first.');

      const phone = freshPhone();
      const token = await loginAs(t, CHAIN_SHOP, phone);
      const call = as(t, token);
      const terms = await call('vip/register', { name: 'A', agreeTerms: false });
      expect(reasonOf(terms.body)).toBe('termsNotAccepted');
      const longName = await call('vip/register', { name: 'x'.repeat(33), agreeTerms: true });
      expect(longName.body.result).toBe(false);
      expect(longName.body.message).toContain('name');
      const noLetters = await call('vip/register', { name: ' !!! ', agreeTerms: true });
      expect(noLetters.body).toMatchObject({
        message: 'Please enter your name: 1 to 32 characters, with at least one letter or digit.',
        info: { reason: 'nameInvalid' },
      });
      const future = await call('vip/register', { name: 'A', birthday: '2099-01-01', agreeTerms: true });
      expect(reasonOf(future.body)).toBe('birthdayInvalid');
      const notADay = await call('vip/register', { name: 'A', birthday: '2001-02-30', agreeTerms: true });
      expect(notADay.body.result).toBe(false);
      const badGender = await call('vip/register', { name: 'A', gender: 3, agreeTerms: true });
      expect(badGender.body.result).toBe(false);
      const zh = await as(t, token, 'zh-CN')('vip/register', { name: 'A', agreeTerms: false });
      expect(zh.body.message).toBe('请先阅读并同意会员协议。');
      const fr = await as(t, token, 'fr')('vip/register', { name: 'A', agreeTerms: false });
      expect(fr.body.message).toBe('Lisez et acceptez d’abord les conditions d’adhésion.');

      const lone = await loginAs(t, LONE_SHOP, phone);
      const closed = await as(t, lone)('vip/register', { name: 'A', agreeTerms: true });
      expect(reasonOf(closed.body)).toBe('registerClosed');
      expect(await memberCount(t, phone)).toBe(0);
    });
  });

  describe('vip/bind', () => {
    it('links a phone to the member the shop registered in store since the login', async () => {
      const phone = freshPhone();
      const token = await loginAs(t, LONE_SHOP, phone);
      await t.database.db
        .insert(members)
        .values({ shopId: LONE_SHOP, phone, name: 'In store', cardNo: 'S3-0099', levelId: 31 });
      const reply = await as(t, token)<MemberInfo>('vip/bind');
      expect(reply.body.result).toBe(true);
      expect(reply.body.info.member).toMatchObject({ name: 'In store', phone, isChain: false });
      const [account] = await t.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.shopId, LONE_SHOP), eq(customers.phone, phone)));
      expect(account!.memberId).toBe(reply.body.info.member.id);
    });

    it('answers code -1 "register in store" for a phone that is no member, and offers registration where the shop allows it', async () => {
      const phone = freshPhone();
      const lone = await as(t, await loginAs(t, LONE_SHOP, phone))('vip/bind');
      expect(lone.body).toMatchObject({
        result: false,
        message: 'This phone number is not a member. Please register in store.',
        info: { reason: 'notMember', code: -1, canRegister: false },
      });
      const chain = await as(t, await loginAs(t, CHAIN_SHOP, phone), 'es')('vip/bind');
      expect(chain.body).toMatchObject({
        result: false,
        message: 'Este teléfono aún no es socio. Puedes registrarte ahora.',
        info: { reason: 'notMember', code: -1, canRegister: true },
      });
      expect(await memberCount(t, phone)).toBe(0);
    });
  });

  describe('vip/update', () => {
    it('lets the member edit their own card and refuses bad values without changing anything', async () => {
      const token = await loginAs(t, LONE_SHOP, SHOP3_MEMBER_PHONE);
      const call = as(t, token);
      const saved = await call<MemberInfo>('vip/update', {
        name: 'Han Meimei',
        birthday: '1988-08-08',
        gender: 2,
      });
      expect(saved.body.info.member).toMatchObject({ name: 'Han Meimei', birthday: '1988-08-08', gender: 2 });
      for (const bad of [
        { name: '' },
        { name: 'y'.repeat(33) },
        { gender: 5 },
        { birthday: '1899-12-31' },
        {},
      ]) {
        const reply = await call('vip/update', bad);
        expect(reply.body.result).toBe(false);
        expect(reply.status).toBe(200);
      }
      const [row] = await t.database.db.select().from(members).where(eq(members.id, 601));
      expect(row).toMatchObject({ name: 'Han Meimei', birthday: '1988-08-08', gender: 2 });
    });

    it('refuses a customer who is not a member, so no one edits a card by another phone', async () => {
      const token = await loginAs(t, LONE_SHOP, freshPhone());
      const reply = await as(t, token)('vip/update', { name: 'Thief' });
      expect(reasonOf(reply.body)).toBe('notMember');
      const [row] = await t.database.db.select().from(members).where(eq(members.id, 601));
      expect(row!.name).not.toBe('Thief');
    });
  });

  describe('vip/updatePayPassword', () => {
    async function newMember(shopId = CHAIN_SHOP) {
      const phone = freshPhone();
      const token = await loginAs(t, shopId, phone);
      const reg = await as(t, token)<RegisterInfo>('vip/register', { name: 'Payer', agreeTerms: true });
      return { phone, token, id: reg.body.info.member.id };
    }
    const hashOf = async (id: number) =>
      (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;

    it('sets a first password under the rules of spec §5, in the customer’s language', async () => {
      const { token, id } = await newMember();
      const call = as(t, token);
      const cases: [object, string, string][] = [
        [
          { payPassword: '12345', repeatPassword: '12345' },
          'passwordFormat',
          'The pay password must be exactly 6 digits.',
        ],
        [
          { payPassword: '12a456', repeatPassword: '12a456' },
          'passwordFormat',
          'The pay password must be exactly 6 digits.',
        ],
        [
          { payPassword: '123456', repeatPassword: '123456' },
          'passwordTooSimple',
          '123456 is too easy to guess. Please choose another pay password.',
        ],
        [
          { payPassword: '246810', repeatPassword: '246811' },
          'passwordRepeat',
          'The two passwords are inconsistent. Please enter the same password again.',
        ],
      ];
      for (const [body, reason, message] of cases) {
        const reply = await call('vip/updatePayPassword', body);
        expect(reply.body).toMatchObject({ result: false, message, info: { reason } });
      }
      const zhTW = await as(
        t,
        token,
        'zh-TW',
      )('vip/updatePayPassword', { payPassword: '123456', repeatPassword: '123456' });
      expect(zhTW.body.message).toBe('123456 過於簡單，請換一個支付密碼。');
      expect((await hashOf(id)).payPasswordHash).toBeNull();
      const set = await call<UpdatePayPasswordInfo>('vip/updatePayPassword', {
        id,
        payPassword: '246810',
        repeatPassword: '246810',
      });
      expect(set.body).toMatchObject({
        result: true,
        message: 'Your pay password is set.',
        info: { mode: 'set', member: { hasPayPassword: true } },
      });
      expect((await hashOf(id)).payPasswordHash).toMatch(/^hmac-sha256\$/);
    });

    it('changes it only with the right original, and locks after five wrong ones as paying does', async () => {
      const { token, id } = await newMember();
      const call = as(t, token);
      await call('vip/updatePayPassword', { payPassword: '246810', repeatPassword: '246810' });
      const before = (await hashOf(id)).payPasswordHash;
      const none = await call('vip/updatePayPassword', { payPassword: '135791', repeatPassword: '135791' });
      expect(reasonOf(none.body)).toBe('passwordOriginalRequired');
      for (let i = 1; i <= 4; i += 1) {
        const wrong = await call('vip/updatePayPassword', {
          originalPassword: '000000',
          payPassword: '135791',
          repeatPassword: '135791',
        });
        expect(wrong.body).toMatchObject({
          result: false,
          info: { reason: 'passwordOriginalWrong', attemptsLeft: 5 - i },
        });
      }
      const fifth = await call('vip/updatePayPassword', {
        originalPassword: '000000',
        payPassword: '135791',
        repeatPassword: '135791',
      });
      expect(reasonOf(fifth.body)).toBe('passwordLocked');
      const row = await hashOf(id);
      expect(row.payPasswordFailures).toBe(5);
      expect(row.payPasswordLockedUntil!.getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);
      const locked = await call('vip/updatePayPassword', {
        originalPassword: '246810',
        payPassword: '135791',
        repeatPassword: '135791',
      });
      expect(locked.body.message).toBe(
        'Too many wrong pay passwords. Please try again in 15 minutes or reset it by SMS.',
      );
      expect((await hashOf(id)).payPasswordHash).toBe(before);
      t.clock.advance(15 * MINUTE + 1000);
      const changed = await call<UpdatePayPasswordInfo>('vip/updatePayPassword', {
        originalPassword: '246810',
        payPassword: '135791',
        repeatPassword: '135791',
      });
      expect(changed.body.info.mode).toBe('change');
      const after = await hashOf(id);
      expect(after.payPasswordHash).not.toBe(before);
      expect(after).toMatchObject({ payPasswordFailures: 0, payPasswordLockedUntil: null });
    });

    it('resets a forgotten one with a single-use ticket from an SMS code to the member’s own phone', async () => {
      const { token, id, phone } = await newMember();
      const call = as(t, token);
      await call('vip/updatePayPassword', { payPassword: '246810', repeatPassword: '246810' });
      t.clock.advance(10 * MINUTE + 1);
      const wrong = await call('vip/checkCode', { phone, code: '000000' });
      expect(reasonOf(wrong.body)).toBe('codeWrong');
      // Another phone's code proves nothing about this member.
      const other = freshPhone();
      const otherCode = await smsCode(t, token, other);
      const foreign = await call('vip/checkCode', { phone: other, code: otherCode });
      expect(reasonOf(foreign.body)).toBe('codeWrong');
      const code = await smsCode(t, token, phone);
      const checked = await call<CheckCodeInfo>('vip/checkCode', { phone, code });
      expect(checked.body.result).toBe(true);
      const { ticket } = checked.body.info;
      const reset = await call<UpdatePayPasswordInfo>('vip/updatePayPassword', {
        ticket,
        payPassword: '975310',
        repeatPassword: '975310',
      });
      expect(reset.body).toMatchObject({ result: true, info: { mode: 'reset' } });
      const again = await call('vip/updatePayPassword', {
        ticket,
        payPassword: '864200',
        repeatPassword: '864200',
      });
      expect(reasonOf(again.body)).toBe('ticketInvalid');
      const forged = await call('vip/updatePayPassword', {
        ticket: `${ticket.slice(0, -2)}xx`,
        payPassword: '864200',
        repeatPassword: '864200',
      });
      expect(reasonOf(forged.body)).toBe('ticketInvalid');

      // A ticket past its 10 minutes, and one issued to another member, are refused too.
      t.clock.advance(10 * MINUTE + 1);
      const late = await call<CheckCodeInfo>('vip/checkCode', {
        phone,
        code: await smsCode(t, token, phone),
      });
      t.clock.advance(10 * MINUTE + 1);
      const expired = await call('vip/updatePayPassword', {
        ticket: late.body.info.ticket,
        payPassword: '864200',
        repeatPassword: '864200',
      });
      expect(reasonOf(expired.body)).toBe('ticketInvalid');
      const stranger = await newMember();
      const code2 = await smsCode(t, token, phone);
      const mine = await call<CheckCodeInfo>('vip/checkCode', { phone, code: code2 });
      const stolen = await as(t, stranger.token)('vip/updatePayPassword', {
        ticket: mine.body.info.ticket,
        payPassword: '864200',
        repeatPassword: '864200',
      });
      expect(reasonOf(stolen.body)).toBe('ticketInvalid');
      expect((await hashOf(stranger.id)).payPasswordHash).toBeNull();
      expect(id).not.toBe(stranger.id);
    });

    it('refuses a member id that is not the session’s member and changes neither card', async () => {
      const { token } = await newMember();
      const reply = await as(t, token)('vip/updatePayPassword', {
        id: 501,
        payPassword: '246810',
        repeatPassword: '246810',
      });
      expect(reasonOf(reply.body)).toBe('notMember');
      const anonymous = await as(t, await loginAs(t, CHAIN_SHOP, freshPhone()))('vip/updatePayPassword', {
        payPassword: '246810',
        repeatPassword: '246810',
      });
      expect(reasonOf(anonymous.body)).toBe('notMember');
      const [chainMember] = await t.database.db.select().from(members).where(eq(members.id, 501));
      expect(chainMember!.payPasswordFailures).toBe(0);
    });
  });

  describe('vip/genVipToken and the counter’s check', () => {
    it('issues a one-minute signed code the chain’s counters accept, and refuses it expired, tampered or at another chain', async () => {
      const token = await loginAs(t, CHAIN_SHOP, CHAIN_MEMBER_PHONE);
      const reply = await as(t, token)<VipTokenInfo>('vip/genVipToken', { token });
      expect(reply.body.info).toMatchObject({ ttlSeconds: 60, cardNo: 'C0001' });
      const { code } = reply.body.info;
      const keys = t.app.settings.payPasswordKeys;
      const db = t.database.db;
      const now = t.clock.now();
      expect(await verifyMemberCode(db, keys, code, CHAIN_SHOP_2, now)).toEqual({
        ok: true,
        memberId: 501,
        cardNo: 'C0001',
      });
      expect(await verifyMemberCode(db, keys, code, LONE_SHOP, now)).toEqual({
        ok: false,
        reason: 'otherScope',
      });
      const tampered = code.replace('.501.', '.601.');
      expect(await verifyMemberCode(db, keys, tampered, CHAIN_SHOP, now)).toEqual({
        ok: false,
        reason: 'tampered',
      });
      expect(await verifyMemberCode(db, keys, 'garbage', CHAIN_SHOP, now)).toEqual({
        ok: false,
        reason: 'tampered',
      });
      const later = new Date(now.getTime() + 61_000);
      expect(await verifyMemberCode(db, keys, code, CHAIN_SHOP, later)).toEqual({
        ok: false,
        reason: 'expired',
      });
    });

    it('gives no code to a customer without a card', async () => {
      const token = await loginAs(t, CHAIN_SHOP, freshPhone());
      const reply = await as(t, token)('vip/genVipToken');
      expect(reasonOf(reply.body)).toBe('notMember');
    });
  });

  describe('shops, prompts and texts', () => {
    it('lists the chain’s shops for a chain member and only the shop outside a chain', async () => {
      const chain = await as(t, (await enter(t, CHAIN_SHOP_2)).token)<VipShopListInfo>('vip/getVipShopList');
      expect(chain.body.info.shops.map((s) => [s.id, s.current])).toEqual([
        [1, false],
        [2, true],
      ]);
      expect(chain.body.info.shops[0]).toMatchObject({ name: 'Test shop 1', address: '1 Test Road' });
      const lone = await as(t, (await enter(t, LONE_SHOP)).token)<VipShopListInfo>('vip/getVipShopList');
      expect(lone.body.info.shops.map((s) => s.id)).toEqual([3]);
    });

    it('prompts registration to a logged-in non-member where the shop registers online, and the first charge to a member never charged', async () => {
      const anonymous = await as(
        t,
        (await enter(t, CHAIN_SHOP)).token,
      )<MemberNotifyInfo>('vip/getMemberNotifyInfo');
      expect(anonymous.body.info).toMatchObject({ showRegister: false, showFirstCharge: false });
      const phone = freshPhone();
      const token = await loginAs(t, CHAIN_SHOP, phone);
      const before = await as(t, token)<MemberNotifyInfo>('vip/getMemberNotifyInfo');
      expect(before.body.info).toMatchObject({
        showRegister: true,
        showFirstCharge: false,
        chargeSlogan: 'Top up and save',
      });
      await as(t, token)('vip/register', { name: 'New', agreeTerms: true });
      const after = await as(t, token)<MemberNotifyInfo>('vip/getMemberNotifyInfo');
      expect(after.body.info).toMatchObject({ showRegister: false, showFirstCharge: true });
      const lone = await as(
        t,
        await loginAs(t, LONE_SHOP, freshPhone()),
      )<MemberNotifyInfo>('vip/getMemberNotifyInfo');
      expect(lone.body.info.showRegister).toBe(false);
    });

    it('gives the shop’s own terms and group QR, or the standard terms and no group', async () => {
      const lone = await as(t, (await enter(t, LONE_SHOP)).token)<ShopTextsInfo>('store/shopTexts');
      expect(lone.body.info.terms).toEqual({ title: 'Member terms', body: 'Shop three terms.' });
      expect(lone.body.info.wechatGroup).toEqual({
        image: expect.stringContaining(GROUP_QR),
        note: 'Scan to join our group',
      });
      expect(lone.body.info.contact).toMatchObject({ address: '3 Test Road' });
      const chain = await as(
        t,
        (await enter(t, CHAIN_SHOP)).token,
        'zh-CN',
      )<ShopTextsInfo>('store/shopTexts');
      expect(chain.body.info.terms.title).toBe('会员协议');
      expect(chain.body.info.terms.body).toContain('会员免费注册');
      expect(chain.body.info.privacy.body.length).toBeGreaterThan(20);
      expect(chain.body.info.wechatGroup).toBeNull();
    });
  });

  describe('browser-side user calls', () => {
    it('refuses mini-program calls with a clear localised message, not "unknown action"', async () => {
      const { token } = await enter(t, CHAIN_SHOP);
      for (const path of [
        'user/login',
        'user/aliLogin',
        'vip/bindOfficialAccount',
        'user/getEncryptParams',
      ]) {
        const reply = await t.call(
          path,
          { key: 'k', code: 'c', officialAccountOpenid: 'o' },
          { token, language: 'en' },
        );
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({
          result: false,
          message: 'This is not available in a browser.',
          info: { reason: 'notInBrowser' },
        });
      }
      const zh = await t.call('user/login', {}, { language: 'zh-CN' });
      expect(zh.body.message).toBe('浏览器中无法使用该功能。');
    });

    it('checks addresses: our pages open in the app, allowed origins in the web view, others not at all', async () => {
      const check = async (url: string) =>
        (await t.call<UrlCheckInfo>('user/urlCheck', { url }, { host: 'shop.example.com' })).body.info;
      expect(await check('#/member/index?x=1')).toEqual({
        allowed: true,
        kind: 'app',
        path: '/member/index?x=1',
      });
      expect(await check('http://shop.example.com/#/product/index')).toEqual({
        allowed: true,
        kind: 'app',
        path: '/product/index',
      });
      expect(await check('https://help.example.com/faq')).toEqual({
        allowed: true,
        kind: 'webView',
        path: null,
      });
      expect(await check('https://evil.example/#/member/index')).toEqual({
        allowed: false,
        kind: null,
        path: null,
      });
      expect(await check('javascript:alert(1)')).toEqual({ allowed: false, kind: null, path: null });
    });

    it('reads what a scanned code means, and calls anything else an invalid QR code', async () => {
      const { token } = await enter(t, CHAIN_SHOP);
      await t.database.db.insert(tableCodes).values({ tableId: 171, code: 'TblCode-171-abcdef' });
      const [activity] = await t.database.db
        .insert(activities)
        .values({ shopId: CHAIN_SHOP, kind: 8, name: { en: 'Bag', zh: '红包' } })
        .returning();
      const read = (code: string) => as(t, token)<CodeInfo>('user/getCodeInfo', { code });
      expect((await read('TblCode-171-abcdef')).body.info).toMatchObject({
        kind: 'table',
        shopId: 1,
        tableId: 171,
        tableName: 'A1',
      });
      expect(
        (await read('https://shop.example.com/#/?id=1&table=TblCode-171-abcdef')).body.info,
      ).toMatchObject({ kind: 'table', tableId: 171 });
      expect((await read('https://shop.example.com/#/?id=3')).body.info).toMatchObject({
        kind: 'shop',
        shopId: 3,
        shopName: 'Test shop 3',
      });
      expect(
        (await read(`https://shop.example.com/#/product/expand-red-bag?id=${activity!.id}&from=9`)).body.info,
      ).toMatchObject({ kind: 'activity', activityId: activity!.id, shopId: 1 });
      for (const junk of [
        'hello world',
        'https://shop.example.com/#/?id=999',
        'TblCode-unknown-000000',
        'https://shop.example.com/#/product/expand-red-bag?id=99999',
      ]) {
        const reply = await read(junk);
        expect(reply.body).toMatchObject({
          result: false,
          message: 'QR code invalid.',
          info: { reason: 'qrInvalid' },
        });
      }
    });

    it('writes client error reports to the log with personal data masked, limited in size and per session', async () => {
      const { token } = await enter(t, CHAIN_SHOP);
      const call = as(t, token);
      const ok = await call('user/putLogs', {
        log: { message: 'pay failed for 13712345678', mail: 'ann@example.com' },
      });
      expect(ok.body).toMatchObject({ result: true, info: { accepted: true } });
      const line = logLines.find((l) => l.includes('client error report'))!;
      expect(line).toContain('5678');
      expect(line).not.toContain('13712345678');
      expect(line).not.toContain('ann@example.com');
      const big = await call('user/putLogs', { log: 'x'.repeat(4001) });
      expect(reasonOf(big.body)).toBe('logTooLarge');
      for (let i = 0; i < 19; i += 1)
        expect((await call('user/putLogs', { log: `error ${i}` })).body.result).toBe(true);
      const over = await call('user/putLogs', { log: 'one too many' });
      expect(reasonOf(over.body)).toBe('logRateLimited');
      t.clock.advance(10 * MINUTE + 1);
      expect((await call('user/putLogs', { log: 'later' })).body.result).toBe(true);
    });

    it('answers the success notice only for the customer’s own order', async () => {
      const { token } = await enter(t, CHAIN_SHOP);
      const reply = await as(t, token)('order/sendProductOrderSuccess', { id: 424242 });
      expect(reply.body).toMatchObject({
        result: false,
        message: 'This order was not found.',
        info: { reason: 'orderNotFound' },
      });
      const bad = await as(t, token)('order/sendProductOrderSuccess', { id: -1 });
      expect(bad.body.result).toBe(false);
    });
  });
});
