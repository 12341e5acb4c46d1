import { fromPromise } from 'xstate';
import { addressEditorMachine } from '../../machines/address/address-editor.machine';
import { addressApi } from '../../services/api/address';
import { currentPosition } from '../../services/geolocation';

/** Adding or editing an address: the device's position, place search, save. */
export const addressEditorFlow = addressEditorMachine.provide({
  actors: {
    locate: fromPromise(() => currentPosition()),
    searchPoi: fromPromise(
      async ({ input }) =>
        (
          await addressApi.searchPoi({
            keyword: input.keyword,
            ...(input.near ? { near: input.near } : {}),
          })
        ).list,
    ),
    saveAddress: fromPromise(({ input }) =>
      input.id === null ? addressApi.add(input.fields) : addressApi.update({ ...input.fields, id: input.id }),
    ),
  },
});
