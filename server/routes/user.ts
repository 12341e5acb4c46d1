// Identity and SMS calls (user/*) and the customer's own profile (store/userInfo, store/setUserInfo).
// Contract: src/domain/api/user.ts; behaviour and errors: docs/api.md "User".
import { eq } from 'drizzle-orm';
import {
  emptyInput,
  h5entryInput,
  h5LoginInput,
  normalizePhone,
  sendSmsCodeInput,
  setUserInfoInput,
  tokenInput,
  verifyCodeInput,
  type H5LoginInfo,
  type SendSmsCodeInfo,
  type SmsQuantityInfo,
  type UserInfo,
  type VerifyCodeInfo,
} from '../../src/domain/api/user';
import { customers, members } from '../db/schema';
import type { FastifyInstance } from 'fastify';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  withMessage,
  type AnyAction,
  type RequestContext,
} from '../http/action';
import {
  customerProfile,
  endSession,
  enterShop,
  exchangeToken,
  loadCustomer,
  loadMember,
  loginWithPhone,
  memberOfPhone,
} from '../modules/identity/identity';
import { checkCode, remainingQuota, sendCode } from '../modules/identity/sms';
import { refuseOutsideCountries, sendCapKeys, smsCapMessages } from '../modules/identity/sms-caps';

function phoneOf(phone: string, areaCode?: string): string {
  const normalized = normalizePhone(phone, areaCode);
  if (!normalized) throw new BusinessError('phone.invalid');
  return normalized;
}

/** The phone of an SMS login or verification, once its code has been checked (and spent). */
async function provenPhone(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { phone: string; areaCode?: string; code: string },
): Promise<string> {
  const phone = phoneOf(input.phone, input.areaCode);
  const check = await checkCode(app.db, {
    shopId: ctx.session.shopId,
    phone,
    code: input.code,
    now: ctx.now,
  });
  if (check.result === 'locked') throw new BusinessError(smsCapMessages.checksLocked, { hours: check.hours });
  if (check.result !== 'right') throw new BusinessError('sms.codeWrong');
  return phone;
}

const EARLIEST_BIRTHDAY = '1900-01-01';

const actions: AnyAction[] = [
  defineAction({
    area: 'user',
    action: 'h5entry',
    input: h5entryInput,
    auth: 'none',
    handler: async ({ input, ctx, app }) =>
      enterShop(app.db, { shopId: input.id, openid: input.openid }, ctx.now),
  }),

  defineAction({
    area: 'user',
    action: 'token',
    input: tokenInput,
    auth: 'none',
    handler: async ({ input, ctx, app }) =>
      exchangeToken(app.db, { shopId: input.id, token: input.token }, ctx.now),
  }),

  defineAction({
    area: 'user',
    action: 'sendSmsCode',
    input: sendSmsCodeInput,
    auth: 'session',
    handler: async ({ input, ctx, app, request }) => {
      const phone = phoneOf(input.phone, input.code);
      await refuseOutsideCountries(app.db, ctx.session.shopId, phone);
      const { session } = ctx;
      const sent = await sendCode(app.db, app.settings.sms, {
        shopId: session.shopId,
        phone,
        locale: ctx.locale,
        now: ctx.now,
        caps: sendCapKeys({ ...session, sessionId: session.id, ip: request.ip }, app.settings.rateLimit),
      });
      const reveal = app.settings.demoMode && app.settings.sms.local;
      const info: SendSmsCodeInfo = {
        expiresAt: sent.expiresAt.toISOString(),
        sendsLeft: sent.sendsLeft,
        ...(reveal ? { code: sent.code } : {}),
      };
      return withMessage(info, 'sms.sent');
    },
  }),

  defineAction({
    area: 'user',
    action: 'verifyCode',
    input: verifyCodeInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      // Proves the phone and spends the code, and nothing more: only h5Login makes a session logged in.
      const phone = await provenPhone(app, ctx, input);
      const memberId = await memberOfPhone(app.db, ctx.session, phone);
      const info: VerifyCodeInfo = { verified: true, phone, isMember: memberId !== null };
      return withMessage(info, 'sms.verified');
    },
  }),

  defineAction({
    area: 'user',
    action: 'getSmsQuantity',
    input: emptyInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<SmsQuantityInfo> => ({
      quantity: await remainingQuota(app.db, ctx.session.shopId),
    }),
  }),

  defineAction({
    area: 'user',
    action: 'h5Login',
    input: h5LoginInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const phone = await provenPhone(app, ctx, input);
      const { info, memberId, account, ended } = await loginWithPhone(app.db, ctx.session, phone, ctx.now);
      app.sessionCache.evict(ended);
      const member =
        memberId === null ? null : await loadMember(app.db, memberId, account, ctx.catalogueLocale);
      const reply: H5LoginInfo = { ...info, phone, member };
      return withMessage(reply, 'login.done');
    },
  }),

  defineAction({
    area: 'user',
    action: 'logout',
    input: emptyInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ ctx, app }) => {
      app.sessionCache.evict(await endSession(app.db, ctx.session.id));
      return withMessage(null, 'logout.done');
    },
  }),

  defineAction({
    area: 'store',
    action: 'userInfo',
    input: emptyInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<UserInfo> => {
      const customer = await loadCustomer(app.db, ctx.session.customerId);
      const member =
        customer.memberId === null
          ? null
          : await loadMember(app.db, customer.memberId, customer, ctx.catalogueLocale);
      return { customer: customerProfile(customer, ctx.session.deviceKey), member };
    },
  }),

  defineAction({
    area: 'store',
    action: 'setUserInfo',
    input: setUserInfoInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      if (
        input.birthday &&
        (input.birthday < EARLIEST_BIRTHDAY || input.birthday > ctx.now.toISOString().slice(0, 10))
      ) {
        throw new BusinessError('user.birthdayInvalid');
      }
      const changes = {
        ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      };
      const customer = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(customers)
          .set(changes)
          .where(eq(customers.id, ctx.session.customerId))
          .returning();
        // Gender and birthday are also the member's (birthday offers, the member card).
        if (row?.memberId != null && (input.gender !== undefined || input.birthday !== undefined)) {
          await tx
            .update(members)
            .set({
              ...(input.gender !== undefined ? { gender: input.gender } : {}),
              ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
            })
            .where(eq(members.id, row.memberId));
        }
        return row!;
      });
      const member =
        customer.memberId === null
          ? null
          : await loadMember(app.db, customer.memberId, customer, ctx.catalogueLocale);
      const info: UserInfo = { customer: customerProfile(customer, ctx.session.deviceKey), member };
      return withMessage(info, 'user.saved');
    },
  }),
];

export default actionRoutes(actions);
