// Choosing a configured product, loaded with store/productDetail.
import { fromPromise } from 'xstate';
import { productChoiceMachine } from '../../machines/catalog/product-choice.machine';
import { storeApi } from '../../services/api/store';

export const productChoiceFlow = productChoiceMachine.provide({
  actors: { loadProduct: fromPromise(({ input }) => storeApi.productDetail({ id: input.id })) },
});
