import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { userApi } from '../../services/api/user';

/** store/userInfo: no params. */
export const userInfoFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => userApi.userInfo()) },
});
