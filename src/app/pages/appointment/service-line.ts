// The service as the checkout prices it: one cart line of the product as it is (no options chosen), and the
// facts the checkout keeps of it. With the pricing engine it needs, it loads beside the checkout flow rather
// than with the confirm page's code.
import type { Product } from '../../../domain/catalog';
import { factsOf } from '../../../machines/cart/cart.rules';
import { initialChoice, toCartLine } from '../../../machines/catalog/product-choice.rules';

export const serviceLineOf = (product: Product) => ({
  line: { ...toCartLine(product, initialChoice(product)), quantity: 1 },
  facts: factsOf(product),
});
