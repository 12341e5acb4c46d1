// Product search with store/productSearch.
import { fromPromise } from 'xstate';
import { productSearchMachine } from '../../machines/catalog/product-search.machine';
import { storeApi } from '../../services/api/store';

export const productSearchFlow = productSearchMachine.provide({
  actors: {
    search: fromPromise(({ input }) =>
      storeApi.productSearch({ searchText: input.searchText, version: input.version ?? undefined }),
    ),
  },
});
