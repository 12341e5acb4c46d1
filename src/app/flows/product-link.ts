// A shared-product or auto-add link, the product read with store/productDetail when the menu has not
// loaded it. The refusal of a product the shop does not have is the menu's to word, so no server toast.
import { fromPromise } from 'xstate';
import { productLinkMachine } from '../../machines/catalog/product-link.machine';
import { storeApi } from '../../services/api/store';

export const productLinkFlow = productLinkMachine.provide({
  actors: {
    loadProduct: fromPromise(({ input }) => storeApi.productDetail({ id: input.id }, { toast: false })),
  },
});
