// The menu's catalogue flow: categories and product pages from store/productTypes and productsChunk.
import { fromPromise } from 'xstate';
import { catalogMachine } from '../../machines/catalog/catalog.machine';
import { storeApi } from '../../services/api/store';
import { menuTypesBody } from './first-reads';

export const catalogFlow = catalogMachine.provide({
  actors: {
    loadTypes: fromPromise(({ input }) => storeApi.productTypes(menuTypesBody(input))),
    loadChunk: fromPromise(({ input }) =>
      storeApi.productsChunk({
        type: 'category',
        typeId: input.typeId,
        page: input.page,
        pageLimit: input.pageLimit,
        version: input.version ?? undefined,
      }),
    ),
  },
});
