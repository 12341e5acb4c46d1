// Prices as the customer reads them in the current language (spec §1 currency symbol): the rule lives
// with the pricing engine (src/pricing/price-text.ts) so the server's messages print amounts the same way.
export { YUAN_SIGN, currencySymbol, formatPrice, type PriceFormat } from '../pricing/price-text';
