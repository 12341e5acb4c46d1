// What the order red bag page reads from an order red bag (spec §3 "Times red bag info"): how many paid
// orders count toward the reward and how many are still to go.
import type { TimesRedBag } from '../../domain/api/activity';

export interface TimesProgress {
  done: number;
  total: number;
  toGo: number;
  /** 0-100, for the bar. */
  percent: number;
}

/** Paid orders toward the next reward, never past the goal (a goal under one reads as one). */
export function timesProgress(bag: Pick<TimesRedBag, 'cumulativeQuantity' | 'limitQuantity'>): TimesProgress {
  const total = Math.max(1, bag.limitQuantity);
  const done = Math.min(Math.max(0, bag.cumulativeQuantity), total);
  return { done, total, toGo: total - done, percent: Math.round((done / total) * 100) };
}

/** The reward is earned and waits to be taken (status 2). */
export const isRewardReady = (bag: Pick<TimesRedBag, 'status'>) => bag.status === 2;
export const isEnded = (bag: Pick<TimesRedBag, 'status'>) => bag.status === 0;
