// Input validation of the engine: the zod schema of src/domain/pricing.ts with its defaults. The server
// parses every request body with it; the browser builds a complete, typed input instead (see ./defaults),
// so this module (and zod) stays out of the browser bundle.
import { pricingInput, type ParsedPricingInput, type PricingInput } from '../domain/pricing';

/** Validates and fills the defaults of a raw input (the server does this on every request). */
export function parsePricingInput(raw: PricingInput): ParsedPricingInput {
  return pricingInput.parse(raw);
}
