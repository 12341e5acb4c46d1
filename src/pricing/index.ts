// The pricing engine's public surface, shared by the browser (display) and the server (charge). The
// browser imports ./engine, which leaves out parsePricingInput and with it the zod schemas.
export * from './engine';
export { parsePricingInput } from './parse-input';
export { formatPrice } from './price-text';
