import { describe, expect, it } from 'vitest';
import type { TableTabInfo } from '../../../src/domain/api/open-table';
import {
  billedMinutes,
  canTakeBack,
  clockText,
  elapsedMs,
  feeBehind,
  myOpenPart,
} from '../../../src/machines/open-table/open-table.rules';

const START = Date.UTC(2026, 10, 19, 15, 40);
const MIN = 60_000;

const tab = (over: Partial<TableTabInfo> = {}): TableTabInfo =>
  ({
    status: 'ordering',
    fEachFee: 3000,
    nFeeType: 1,
    nStartTimerTime: START,
    nExceptEndTime: null,
    nIsOpenTiming: 1,
    serverNow: START + 10 * MIN,
    tableTime: { billedMinutes: 30, amount: 1500 },
    bill: null,
    ...over,
  }) as TableTabInfo;

describe('the tab as phones show it', () => {
  it('bills started half hours for fee type 1 and started hours otherwise', () => {
    expect(billedMinutes(1, 0)).toBe(0);
    expect(billedMinutes(1, 1)).toBe(30);
    expect(billedMinutes(1, 30 * MIN)).toBe(30);
    expect(billedMinutes(1, 30 * MIN + 1)).toBe(60);
    expect(billedMinutes(0, 61 * MIN)).toBe(120);
    expect(billedMinutes(2, 60 * MIN)).toBe(60);
  });

  it('times to the stop once the timer stopped or the bill froze it, else to the server clock now', () => {
    expect(elapsedMs(tab(), START + 45 * MIN)).toBe(45 * MIN);
    const frozen = tab({ nExceptEndTime: START + 20 * MIN, nIsOpenTiming: 0 });
    expect(elapsedMs(frozen, START + 45 * MIN)).toBe(20 * MIN);
    expect(elapsedMs(tab({ nStartTimerTime: null }), START + 45 * MIN)).toBe(0);
    // A timer across midnight is two instants apart, nothing more (T5).
    expect(elapsedMs(tab(), START + 40 * MIN)).toBe(40 * MIN);
  });

  it('asks for the fee only when a step the server has not billed has begun', () => {
    expect(feeBehind(tab(), START + 30 * MIN)).toBe(false);
    expect(feeBehind(tab(), START + 30 * MIN + 1000)).toBe(true);
    expect(feeBehind(tab({ nExceptEndTime: START + 10 * MIN }), START + 90 * MIN)).toBe(false);
    expect(feeBehind(tab({ fEachFee: 0 }), START + 90 * MIN)).toBe(false);
  });

  it('reads the timer as hours, minutes and seconds', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(3_909_999)).toBe('1:05:09');
    expect(clockText(26 * 3600 * 1000)).toBe('26:00:00');
  });

  it('takes the bill back only while no share is taken or paid, and finds the reader’s unpaid share', () => {
    const part = (state: 'open' | 'paying' | 'paid', mine = false, orderId: number | null = null) => ({
      index: 0,
      label: '1/2',
      amount: 500,
      state,
      mine,
      orderId,
      lineIds: [],
    });
    const bill = (mode: 'all' | 'equal', parts: ReturnType<typeof part>[], paid = 0) => ({
      mode,
      total: 1000,
      paid,
      remaining: 1000 - paid,
      parts,
      openLineIds: [],
    });
    expect(canTakeBack(tab({ status: 'paying' }))).toBe(true);
    expect(canTakeBack(tab({ status: 'ordering' }))).toBe(false);
    expect(canTakeBack(tab({ status: 'paying', bill: bill('all', [part('paying', true, 9)]) }))).toBe(true);
    expect(canTakeBack(tab({ status: 'paying', bill: bill('equal', [part('open'), part('open')]) }))).toBe(
      true,
    );
    expect(canTakeBack(tab({ status: 'paying', bill: bill('equal', [part('paying'), part('open')]) }))).toBe(
      false,
    );
    expect(
      canTakeBack(tab({ status: 'paying', bill: bill('equal', [part('paid'), part('open')], 500) })),
    ).toBe(false);
    expect(myOpenPart(bill('equal', [part('paid', true, 3), part('paying', true, 4)]))?.orderId).toBe(4);
    expect(myOpenPart(bill('equal', [part('paying', false, null)]))).toBeNull();
  });
});
