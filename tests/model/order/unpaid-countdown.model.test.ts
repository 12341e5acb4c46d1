import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  COUNTDOWN_EVENTS,
  COUNTDOWN_WINDOW_S,
  countdownModel,
} from '../../../qa/models/unpaid-countdown.model';
import { unpaidCountdownMachine } from '../../../src/machines/order/unpaid-countdown.machine';
import * as select from '../../../src/machines/order/unpaid-countdown.selectors';
import { coveragePaths } from '../support';

const START = new Date('2026-11-19T10:00:00Z');
const WINDOW_S = COUNTDOWN_WINDOW_S;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('unpaidCountdown (model-based)', () => {
  for (const path of coveragePaths(countdownModel, COUNTDOWN_EVENTS)) {
    it(path.description, async () => {
      const actor = createActor(unpaidCountdownMachine, {
        input: { deadlineAt: inSeconds(WINDOW_S), clock: () => new Date() },
      });
      let announced = 0;
      let entered = 0;
      actor.on('countdown.expired', () => (announced += 1));
      let last = '';
      actor.subscribe((s) => {
        const value = JSON.stringify(s.value);
        if (value !== last && s.matches('expired')) entered += 1;
        last = value;
      });
      actor.start();
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          counting: ({ context }) => {
            const { left } = context as { left: number };
            expect(select.selectIsExpired(snap())).toBe(false);
            expect(select.selectIsPaused(snap())).toBe(false);
            expect(select.selectClockText(snap())).toBe(`00:0${left}`);
          },
          hidden: () => {
            expect(select.selectIsPaused(snap())).toBe(true);
            expect(select.selectIsExpired(snap())).toBe(false);
          },
          expired: () => {
            expect(select.selectIsExpired(snap())).toBe(true);
            expect(select.selectClockText(snap())).toBe('00:00');
            // Once per expiry: the page reads the order again once, not on every tick.
            expect(announced).toBe(entered);
            expect(announced).toBeGreaterThan(0);
          },
        },
        events: {
          SECOND_PASSES: async () => {
            await vi.advanceTimersByTimeAsync(1000);
          },
          HIDE: () => actor.send({ type: 'page.hidden' }),
          SHOW: () => actor.send({ type: 'page.visible' }),
          DEADLINE_MOVES: () => actor.send({ type: 'countdown.sync', deadlineAt: inSeconds(WINDOW_S) }),
        },
      });
      actor.stop();
    });
  }
});

describe('unpaidCountdown', () => {
  it('shows minutes and seconds of a 15-minute window and turns over on the second', async () => {
    vi.setSystemTime(new Date(START.getTime() + 250));
    const actor = createActor(unpaidCountdownMachine, {
      input: { deadlineAt: new Date(START.getTime() + 15 * 60_000).toISOString(), clock: () => new Date() },
    }).start();
    expect(select.selectClockText(actor.getSnapshot())).toBe('15:00');
    await vi.advanceTimersByTimeAsync(749);
    expect(select.selectClockText(actor.getSnapshot())).toBe('15:00');
    await vi.advanceTimersByTimeAsync(1);
    expect(select.selectClockText(actor.getSnapshot())).toBe('14:59');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(select.selectClockText(actor.getSnapshot())).toBe('13:58');
    actor.stop();
  });

  it('counts against the server clock when the browser clock is off', () => {
    // The phone is 2 minutes fast: the server is 120 000 ms behind it.
    const actor = createActor(unpaidCountdownMachine, {
      input: { deadlineAt: inSeconds(600), offsetMs: -120_000, clock: () => new Date() },
    }).start();
    expect(select.selectClockText(actor.getSnapshot())).toBe('12:00');
    actor.stop();
  });

  it('a deadline already past expires at once', () => {
    const actor = createActor(unpaidCountdownMachine, {
      input: { deadlineAt: inSeconds(-5), clock: () => new Date() },
    });
    let announced = 0;
    actor.on('countdown.expired', () => (announced += 1));
    actor.start();
    expect(select.selectIsExpired(actor.getSnapshot())).toBe(true);
    expect(announced).toBe(1);
    // The order read again still past its deadline does not start another round of reads.
    actor.send({ type: 'countdown.sync', deadlineAt: inSeconds(-5) });
    expect(announced).toBe(1);
    actor.stop();
  });

  it('formats hours of time as minutes', () => {
    expect(select.formatMinutesSeconds(75 * 60_000)).toBe('75:00');
    expect(select.formatMinutesSeconds(1)).toBe('00:01');
    expect(select.formatMinutesSeconds(-10)).toBe('00:00');
  });
});
