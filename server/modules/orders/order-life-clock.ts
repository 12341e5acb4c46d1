// The app clock that end-to-end tests may move forward (buildApp `testClockControl`, env
// TEST_CLOCK_CONTROL=1): the base clock plus an offset that only grows, so an unpaid order's deadline can
// pass without waiting 15 minutes. Never enabled in production.
export interface AdjustableClock {
  now(): Date;
  advance(ms: number): Date;
}

export function adjustableClock(base: () => Date): AdjustableClock {
  let offset = 0;
  const now = () => new Date(base().getTime() + offset);
  return {
    now,
    advance(ms) {
      offset += ms;
      return now();
    },
  };
}
