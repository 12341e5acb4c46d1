// Plain rules of a tab as the guests' phones show it: the timer read from the server's clock, which part of
// a split bill is the reader's to pay, when the bill can be taken back and which coupon the whole bill starts
// with. Pure, for the machine and views.
import type { TableBill, TableQuoteInfo, TableTabInfo } from '../../domain/api/open-table';

const MINUTE_MS = 60_000;

/** The timer runs: started, not stopped, not frozen by the bill. */
export const timerRunning = (tab: TableTabInfo): boolean =>
  tab.nIsOpenTiming === 1 && tab.nStartTimerTime !== null && tab.nExceptEndTime === null;

/** Milliseconds the table has been timed at `now` (the server's clock): to its stop, else to now. */
export function elapsedMs(tab: TableTabInfo, now: number): number {
  if (tab.nStartTimerTime === null) return 0;
  const end = tab.nExceptEndTime ?? (timerRunning(tab) ? now : tab.serverNow);
  return Math.max(0, end - tab.nStartTimerTime);
}

/** Minutes billed for `ms`: started half hours for fee type 1, started hours otherwise (spec §3, T5). */
export function billedMinutes(feeType: number, ms: number): number {
  const unit = feeType === 1 ? 30 : 60;
  return Math.ceil(ms / (unit * MINUTE_MS)) * unit;
}

/**
 * The fee the phone shows has moved past the server's last reading: a started half hour or hour the
 * server has not priced yet. The page then reads the tab again, so the fee and the total are the server's.
 */
export const feeBehind = (tab: TableTabInfo, now: number): boolean =>
  timerRunning(tab) &&
  tab.fEachFee > 0 &&
  billedMinutes(tab.nFeeType, elapsedMs(tab, now)) > tab.tableTime.billedMinutes;

/** "1:05:09": hours, minutes and seconds of the timer. */
export function clockText(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** The reader's part still to pay (paying or taken, not paid), or null. */
export const myOpenPart = (bill: TableBill | null) =>
  bill?.parts.find((p) => p.mine && p.state !== 'paid' && p.orderId !== null) ?? null;

/** No part of the bill is paid or being paid, so asking for it can be undone (table/cancelPay, T27). */
export const canTakeBack = (tab: TableTabInfo): boolean =>
  tab.status === 'paying' &&
  (tab.bill === null ||
    (tab.bill.paid === 0 &&
      // The whole bill's order is closed with it; a share someone took stays until it is paid or lapses.
      (tab.bill.mode === 'all' || tab.bill.parts.every((p) => p.state === 'open'))));

/** Lines a guest may pick in items mode: accepted and not taken by a part yet. */
export const pickableLineIds = (tab: TableTabInfo): number[] => tab.bill?.openLineIds ?? [];

/** Lines the kitchen still counts on the bill (T18: rejected rounds and returned lines leave it). */
export const billedLineCount = (tab: TableTabInfo): number =>
  tab.rounds.reduce(
    (n, r) => n + r.lines.filter((l) => l.state !== 'rejected' && l.state !== 'returned').length,
    0,
  );

/**
 * The coupon a guest paying the whole bill starts with (decision T52): the first of the quote's coupons when
 * it is usable, as table/quote lists them usable first, the most off first, the lower id on a tie.
 */
export const defaultQuoteCoupon = (quote: TableQuoteInfo): number | null =>
  quote.coupons[0]?.usable ? quote.coupons[0].id : null;
