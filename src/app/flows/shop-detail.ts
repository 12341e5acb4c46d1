import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { storeApi, type StoreInput } from '../../services/api/store';

/** store/detail: params are { appId }. */
export const shopDetailFlow = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => storeApi.detail(input as StoreInput<'detail'>)) },
});
