import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { storeApi, type StoreInput } from '../../services/api/store';

/** store/list: params are the call's input ({} or { chainId }). */
export const storeListFlow = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => storeApi.list((input ?? {}) as StoreInput<'list'>)) },
});
