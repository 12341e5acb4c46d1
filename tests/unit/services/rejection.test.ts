import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderRejectionInfo } from '../../../src/domain/api/order';
import { ORDER_REJECTIONS } from '../../../src/domain/api/order-rules';
import { rejectionOf } from '../../../src/services/api/order';
import { HttpError } from '../../../src/services/http';

const refusal = (info: unknown) => new HttpError('business', -1, 'refused', 200, info);
const schemaRead = (info: unknown) => {
  const parsed = orderRejectionInfo.safeParse(info);
  return parsed.success ? parsed.data : null;
};

/** Any value a field might carry, right or wrong. */
const anything = fc.oneof(
  fc.integer(),
  fc.constantFrom(1.5, -0, 2 ** 60, null, true, '3', ''),
  fc.string({ maxLength: 3 }),
);
const infoArb = fc.record(
  {
    reason: fc.oneof(fc.constantFrom(...ORDER_REJECTIONS), fc.constantFrom('somethingElse', 3, null)),
    productId: anything,
    specId: anything,
    name: anything,
    remaining: anything,
    short: anything,
    distance: anything,
    maxDistance: anything,
    shopId: anything,
    other: anything,
  },
  { requiredKeys: [] },
);

describe('the reason of a refused order', () => {
  it('is read as the contract reads it, for any info the server could send', () => {
    fc.assert(
      fc.property(infoArb, (info) => {
        expect(rejectionOf(refusal(info))).toEqual(schemaRead(info));
      }),
      { numRuns: 1000 },
    );
    for (const info of [null, 'stockInsufficient', [], [{ reason: 'outOfRange' }]]) {
      expect(rejectionOf(refusal(info))).toBeNull();
    }
  });

  it('keeps the fields the reason names and leaves out the rest', () => {
    expect(
      rejectionOf(
        refusal({ reason: 'stockInsufficient', productId: 4, specId: null, name: 'Tea', remaining: 1, x: 1 }),
      ),
    ).toEqual({ reason: 'stockInsufficient', productId: 4, specId: null, name: 'Tea', remaining: 1 });
  });
});
