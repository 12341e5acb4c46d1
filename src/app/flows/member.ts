// The member pages' loads and saves (store/vipInfo, vip/register, vip/bind, vip/update, vip/getVipShopList,
// store/shopTexts) and the payPassword flow with its three calls (user/sendSmsCode, vip/checkCode,
// vip/updatePayPassword). The pages show refusals in their own words, so business toasts are off.
import { fromPromise } from 'xstate';
import type { RegisterInput, UpdateMemberInput } from '../../domain/api/member';
import { payPasswordMachine } from '../../machines/member/pay-password.machine';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { userApi } from '../../services/api/user';
import { memberApi } from '../../services/member';

/** store/vipInfo: the member settings and the session's member, or why there is none. */
export const vipInfoFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => memberApi.vipInfo({ toast: false })) },
});

/** vip/register as a one-shot resource: params are the form. */
export const registerFlow = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(({ input }) =>
      memberApi.register(input as RegisterInput, { toast: false }),
    ),
  },
});

/** vip/bind (fast register) as a one-shot resource. */
export const bindFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => memberApi.bind({ toast: false })) },
});

/** vip/update as a one-shot resource: params are the changes. */
export const memberUpdateFlow = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(({ input }) =>
      memberApi.update(input as UpdateMemberInput, { toast: false }),
    ),
  },
});

/** vip/getVipShopList: the shops where the card works. */
export const vipShopsFlow = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(async () => (await memberApi.shopList({ toast: false })).shops),
  },
});

/** store/shopTexts: terms, privacy, contact and the customer group. */
export const shopTextsFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => memberApi.shopTexts({ toast: false })) },
});

export const payPasswordFlow = payPasswordMachine.provide({
  actors: {
    sendCode: fromPromise(async ({ input }) => {
      const sent = await userApi.sendSmsCode({ phone: input.phone }, { toast: false });
      return { code: sent.code };
    }),
    checkCode: fromPromise(async ({ input }) => {
      const { ticket } = await memberApi.checkCode(
        { phone: input.phone, code: input.code },
        { toast: false },
      );
      return { ticket };
    }),
    savePassword: fromPromise(({ input }) => memberApi.updatePayPassword(input, { toast: false })),
  },
});
