// The bill of a tab as the shared engine makes it: the lines the kitchen has not rejected or returned, the
// shop's price activities, no member's own prices (decision T19), and the hourly fee between two instants.
import { asc, eq } from 'drizzle-orm';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import { parsePricingInput, priceOrder } from '../../../src/pricing';
import { tableGuests, tableRoundLines, tableRounds } from '../../db/schema';
import { translate } from '../../i18n';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { runningPriceActivities } from '../coupons/activities';
import { pricingShopOf } from '../orders/delivery';
import { shopToday } from '../../../src/domain/hours';
import { guestLabel } from './open-table-messages';
import { EVERYONE, type PayerTerms } from './payer-terms';
import { OPEN_TABLE_CLIENT_TYPE, type LineRow, type RoundRow, type TabEnv, type TabRow } from './tab-access';

export type GuestRow = typeof tableGuests.$inferSelect;

/** A line counts toward the bill unless the kitchen rejected its round or returned it. */
export const billed = (round: RoundRow, line: LineRow) =>
  round.state !== 'rejected' && line.state !== 'returned';

export const flagOf = (line: LineRow) => `l${line.id}`;

/**
 * Where the fee stops: at the earlier of the bill request and the timer's stop, else now (decision T28).
 * A timer stopped before the bill was asked for must not bill the minutes in between.
 */
export function timerEnd(tab: TabRow, now: Date): Date | null {
  if (!tab.timerStartedAt) return null;
  const ends = [tab.billAt, tab.timerStoppedAt].filter((d): d is Date => d !== null);
  if (ends.length === 0) return now;
  return new Date(Math.min(...ends.map((d) => d.getTime())));
}

/** Each guest's own name, or "Guest n" in the order they joined. */
export function guestNames(guests: GuestRow[], locale: Locale): Map<number, string> {
  return new Map(
    guests.map((g, i) => [g.customerId, g.nickname || translate(locale, guestLabel, { n: i + 1 })]),
  );
}

/**
 * The tab's guests (in the order they joined), rounds and lines. The three reads run at once, each on its
 * own snapshot on PostgreSQL, so a round committed between them is left out whole: its lines without it,
 * or it without its lines (a round always has lines once committed); the next read shows it.
 */
export async function tabContents(env: TabEnv, tabId: number) {
  const { db } = env;
  const [guests, rounds, lines] = await Promise.all([
    db.select().from(tableGuests).where(eq(tableGuests.tabId, tabId)).orderBy(asc(tableGuests.joinedAt)),
    db.select().from(tableRounds).where(eq(tableRounds.tabId, tabId)).orderBy(asc(tableRounds.id)),
    db
      .select()
      .from(tableRoundLines)
      .where(eq(tableRoundLines.tabId, tabId))
      .orderBy(asc(tableRoundLines.roundId), asc(tableRoundLines.position)),
  ]);
  const roundIds = new Set(rounds.map((r) => r.id));
  const shown = lines.filter((l) => roundIds.has(l.roundId));
  const withLines = new Set(shown.map((l) => l.roundId));
  return { guests, rounds: rounds.filter((r) => withLines.has(r.id)), lines: shown };
}

/** The lines that count toward the bill. */
export function billedLines(rounds: RoundRow[], lines: LineRow[]): LineRow[] {
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  return lines.filter((l) => billed(roundById.get(l.roundId)!, l));
}

/**
 * The bill, from the lines the kitchen has not rejected or returned. It is one bill for every phone: no
 * member price or member discount of whoever reads it (decision T19); the shop's price activities apply.
 * The whole bill's order, and its quote, price it on the payer's terms instead (T51).
 */
export async function priceTab(
  env: TabEnv,
  entry: CatalogEntry,
  tab: TabRow,
  rounds: RoundRow[],
  lines: LineRow[],
  terms: PayerTerms = EVERYONE,
) {
  const { settings } = entry.shop.row;
  const counted = billedLines(rounds, lines);
  const today = shopToday(env.now, settings.timezone);
  const end = timerEnd(tab, env.now);
  return priceOrder(
    parsePricingInput({
      shop: pricingShopOf(tab.shopId, settings),
      memberSetting: terms.memberSetting,
      orderType: 'openTable',
      clientTypeCode: OPEN_TABLE_CLIENT_TYPE,
      payType: null,
      member: terms.member,
      coupons: terms.coupons,
      couponId: terms.couponId,
      lines: counted.map((l) => ({ ...l.cart, flag: flagOf(l), quantity: l.quantity })),
      activities: await runningPriceActivities(
        env.db,
        { shopId: tab.shopId, chainId: entry.shop.row.chainId, today },
        env.catalogueLocale as CatalogueLocale,
      ),
      tableware: null,
      openTable:
        tab.timerStartedAt && end
          ? {
              startAt: tab.timerStartedAt.getTime(),
              endAt: end.getTime(),
              eachFee: tab.eachFee,
              feeType: tab.feeType,
            }
          : null,
      today,
    }),
  );
}

export type TabPricing = Awaited<ReturnType<typeof priceTab>>;
