import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appointmentRejectionInfo } from '../../../src/domain/api/beauty';
import { APPOINTMENT_REJECTIONS, APPOINTMENT_STATUSES } from '../../../src/domain/api/beauty-rules';
import { appointmentRejectionOf } from '../../../src/services/api/beauty';
import { HttpError } from '../../../src/services/http';

const refusal = (info: unknown) => new HttpError('business', -1, 'refused', 200, info);
const schemaRead = (info: unknown) => {
  const parsed = appointmentRejectionInfo.safeParse(info);
  return parsed.success ? parsed.data : null;
};

/** Any value a field might carry, right or wrong. */
const anything = fc.oneof(
  fc.integer(),
  fc.constantFrom(1.5, null, true, '3', ''),
  fc.string({ maxLength: 3 }),
);
const freeTime = fc.record(
  {
    date: fc.constantFrom('2026-11-20', '2026-1-2', 20261120),
    time: fc.constantFrom('14:30', '24:00', '9:00'),
    startAt: fc.constantFrom('2026-11-20T14:30:00+08:00', 3),
    serviceUserIds: fc.oneof(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 2 }), fc.constant('x')),
  },
  { requiredKeys: [] },
);
const infoArb = fc.record(
  {
    reason: fc.oneof(
      fc.constantFrom(...APPOINTMENT_REJECTIONS),
      fc.constantFrom('stockInsufficient', 3, null),
    ),
    nextFree: fc.oneof(fc.array(freeTime, { maxLength: 3 }), anything),
    changeDeadlineAt: anything,
    freeChangeHours: anything,
    duration: anything,
    limit: anything,
    status: fc.oneof(fc.constantFrom(...APPOINTMENT_STATUSES), anything),
    other: anything,
  },
  { requiredKeys: [] },
);

describe('the reason of a refused appointment', () => {
  it('is read as the contract reads it, for any info the server could send', () => {
    fc.assert(
      fc.property(infoArb, (info) => {
        expect(appointmentRejectionOf(refusal(info))).toEqual(schemaRead(info));
      }),
      { numRuns: 1000 },
    );
    for (const info of [null, 'slotTaken', [], [{ reason: 'slotTaken' }]])
      expect(appointmentRejectionOf(refusal(info))).toBeNull();
    expect(appointmentRejectionOf(new HttpError('network', 5, 'timeout'))).toBeNull();
  });

  it('keeps the next free times and leaves out what it does not know', () => {
    const nextFree = [
      { date: '2026-11-20', time: '14:30', startAt: '2026-11-20T14:30:00+08:00', serviceUserIds: [5601] },
    ];
    expect(appointmentRejectionOf(refusal({ reason: 'slotTaken', nextFree, x: 1 }))).toEqual({
      reason: 'slotTaken',
      nextFree,
    });
  });
});
