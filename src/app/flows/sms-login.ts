// The SMS login flow with its calls (the login page).
import { fromPromise } from 'xstate';
import { smsLoginMachine } from '../../machines/entry/sms-login.machine';
import { userApi } from '../../services/api/user';
import { keepSession } from './keep-session';

export const smsLoginFlow = smsLoginMachine.provide({
  actors: {
    // The login page shows SMS failures inline, so the request layer's own toasts are off.
    checkQuota: fromPromise(() => userApi.getSmsQuantity({ toast: false })),
    sendCode: fromPromise(({ input }) =>
      userApi.sendSmsCode({ phone: input.phone, code: input.areaCode }, { toast: false }),
    ),
    logIn: fromPromise(async ({ input }) => {
      const session = await userApi.h5Login(
        { phone: input.phone, code: input.code, areaCode: input.areaCode },
        { toast: false },
      );
      keepSession(session);
      return session;
    }),
  },
});
