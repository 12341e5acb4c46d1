// Member calls (vip/*, store/vipInfo, store/shopTexts) and the user/* and order/* calls a browser
// storefront answers itself. Contract: src/domain/api/member.ts; behaviour and errors: docs/api.md
// "Member"; decisions M1-M39 in docs/decisions.md "The member area".
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  bindInput,
  bindOfficialAccountInput,
  checkCodeInput,
  codeInfoInput,
  encryptParamsInput,
  genVipTokenInput,
  memberNotifyInput,
  miniProgramLoginInput,
  orderSuccessNoticeInput,
  putLogsInput,
  registerInput,
  shopTextsInput,
  updateMemberInput,
  updatePayPasswordInput,
  urlCheckInput,
  vipInfoInput,
  vipShopListInput,
  type MemberInfo,
  type PutLogsInfo,
  type UpdatePayPasswordInfo,
} from '../../src/domain/api/member';
import type { z } from 'zod';
import { actionRoutes, defineAction, withMessage, type AnyAction } from '../http/action';
import { loadCustomer, loadMember } from '../modules/identity/identity';
import { codeInfo, putClientLog, urlCheck } from '../modules/members/browser-calls';
import { issueMemberCode } from '../modules/members/member-code';
import { memberMessages } from '../modules/members/member-messages';
import { checkResetCode, updatePayPassword } from '../modules/members/member-pay-password';
import { memberNotifyInfo, orderSuccessNotice, shopTexts, vipShopList } from '../modules/members/member-shop';
import {
  bind,
  memberRefusal,
  ownMember,
  register,
  sessionHashesOf,
  updateMember,
  vipInfo,
} from '../modules/members/members';

export interface MemberRoutesOptions {
  /** Origins the web-view page may frame (WEB_VIEW_ORIGINS), for user/urlCheck. */
  webViewOrigins: readonly string[];
}

/** The origin this request came to, as the browser addressed it. */
const ownOrigin = (request: FastifyRequest) => {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
};

const notInBrowser = () => memberRefusal('notInBrowser');

/** A WeChat- or Alipay-only call: its input is still checked, then it is refused in the customer's words. */
const refusedInBrowser = <S extends z.ZodType>(
  area: string,
  action: string,
  input: S,
  auth: 'none' | 'session',
) =>
  defineAction({
    area,
    action,
    input,
    auth,
    handler: async () => {
      throw notInBrowser();
    },
  });

const PASSWORD_MESSAGES = {
  set: memberMessages.passwordSet,
  change: memberMessages.passwordChanged,
  reset: memberMessages.passwordReset,
} as const;

function actions(options: MemberRoutesOptions): AnyAction[] {
  const info = (area: 'store' | 'vip', action: string) =>
    defineAction({
      area,
      action,
      input: vipInfoInput,
      auth: 'session',
      handler: async ({ ctx, app }) => vipInfo(app.db, ctx.session, ctx.catalogueLocale),
    });

  return [
    info('store', 'vipInfo'),
    info('vip', 'getInfo'),

    defineAction({
      area: 'vip',
      action: 'register',
      input: registerInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) => {
        const { info: reply, linked } = await register(
          app.db,
          ctx.session,
          input,
          ctx.now,
          ctx.catalogueLocale,
        );
        app.sessionCache.evict(await sessionHashesOf(app.db, linked));
        return withMessage(reply, memberMessages.registered);
      },
    }),

    defineAction({
      area: 'vip',
      action: 'bind',
      input: bindInput,
      auth: 'session',
      handler: async ({ ctx, app }) => {
        const { member, linked } = await bind(app.db, ctx.session, ctx.catalogueLocale, memberMessages);
        app.sessionCache.evict(await sessionHashesOf(app.db, linked));
        const reply: MemberInfo = { member };
        return withMessage(reply, memberMessages.bound);
      },
    }),

    defineAction({
      area: 'vip',
      action: 'update',
      input: updateMemberInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) => {
        const member = await updateMember(app.db, ctx.session, input, ctx.now, ctx.catalogueLocale);
        const reply: MemberInfo = { member };
        return withMessage(reply, memberMessages.updated);
      },
    }),

    defineAction({
      area: 'vip',
      action: 'updatePayPassword',
      input: updatePayPasswordInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) => {
        const mode = await updatePayPassword(app, ctx.session, input, ctx.now);
        const customer = await loadCustomer(app.db, ctx.session.customerId);
        const member = (await loadMember(app.db, customer.memberId!, customer, ctx.catalogueLocale))!;
        const reply: UpdatePayPasswordInfo = { mode, member };
        return withMessage(reply, PASSWORD_MESSAGES[mode]);
      },
    }),

    defineAction({
      area: 'vip',
      action: 'checkCode',
      input: checkCodeInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) =>
        withMessage(await checkResetCode(app, ctx.session, input, ctx.now), memberMessages.phoneVerified),
    }),

    defineAction({
      area: 'vip',
      action: 'getVipShopList',
      input: vipShopListInput,
      auth: 'session',
      handler: async ({ ctx, app }) => vipShopList(app.db, ctx.session, ctx.catalogueLocale),
    }),

    defineAction({
      area: 'vip',
      action: 'genVipToken',
      input: genVipTokenInput,
      auth: 'session',
      handler: async ({ ctx, app }) => {
        const { member } = await ownMember(app.db, ctx.session);
        return issueMemberCode(app.settings.payPasswordKeys, member, ctx.now);
      },
    }),

    defineAction({
      area: 'vip',
      action: 'getMemberNotifyInfo',
      input: memberNotifyInput,
      auth: 'session',
      handler: async ({ ctx, app }) => memberNotifyInfo(app.db, ctx.session, ctx.catalogueLocale),
    }),

    refusedInBrowser('vip', 'bindOfficialAccount', bindOfficialAccountInput, 'session'),
    refusedInBrowser('user', 'login', miniProgramLoginInput, 'none'),
    refusedInBrowser('user', 'aliLogin', miniProgramLoginInput, 'none'),
    refusedInBrowser('user', 'getEncryptParams', encryptParamsInput, 'session'),

    defineAction({
      area: 'user',
      action: 'urlCheck',
      input: urlCheckInput,
      auth: 'none',
      handler: async ({ input, request }) => urlCheck(input.url, ownOrigin(request), options.webViewOrigins),
    }),

    defineAction({
      area: 'user',
      action: 'putLogs',
      input: putLogsInput,
      auth: 'session',
      handler: async ({ input, ctx, app }): Promise<PutLogsInfo> => {
        await putClientLog(app.db, app.log, ctx.session, input.log, ctx.now);
        return { accepted: true };
      },
    }),

    defineAction({
      area: 'user',
      action: 'getCodeInfo',
      input: codeInfoInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) => codeInfo(app.db, ctx.session, input.code, ctx.catalogueLocale),
    }),

    defineAction({
      area: 'order',
      action: 'sendProductOrderSuccess',
      input: orderSuccessNoticeInput,
      auth: 'session',
      handler: async ({ input, ctx, app }) => orderSuccessNotice(app.db, ctx.session, input.id),
    }),

    defineAction({
      area: 'store',
      action: 'shopTexts',
      input: shopTextsInput,
      auth: 'session',
      handler: async ({ ctx, app }) => shopTexts(app.db, ctx.session, ctx.locale, ctx.catalogueLocale),
    }),
  ];
}

/** The member routes, with the web-view allow-list user/urlCheck answers from. */
export const memberRoutes = (options: MemberRoutesOptions): FastifyPluginAsync =>
  actionRoutes(actions(options));
