// The session flow with its storage and store/userInfo: started by main.tsx for the app's lifetime.
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/entry/session.machine';
import { userApi } from '../../services/api/user';
import { isLocale } from '../../services/env';
import { storage } from '../../services/storage';

export const sessionFlow = sessionMachine.provide({
  actors: {
    clearLaunchFlags: fromPromise(async () => storage.clearLaunchFlags()),
    restore: fromPromise(async () => {
      const saved = storage.getLanguage();
      return { hasToken: storage.getToken() !== null, language: isLocale(saved) ? saved : null };
    }),
    loadUserInfo: fromPromise(() => userApi.userInfo({ toast: false })),
    saveLanguage: fromPromise(async ({ input }) => storage.setLanguage(input.language)),
    signOut: fromPromise(async () => {
      // The token is forgotten here even when the server cannot be told; it then ends at its expiry.
      try {
        if (storage.getToken()) await userApi.logout({ toast: false });
      } finally {
        storage.clearToken();
      }
    }),
  },
});
