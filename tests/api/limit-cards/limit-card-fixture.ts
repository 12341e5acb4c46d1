// Seed and readers of the limit card API tests: the payment fixture's chain 8 (shops 80 and 81 share one
// membership; shop 82 is a scope of its own) with limit card templates on the chain (bread, the flash deal,
// noodles) and on shop 82, a chain recharge tier granting a bread card, and members that each make one
// rule observable. Cards are issued by the tests on the test clock's day.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  limitCardLedger,
  limitCardTemplates,
  memberLimitCards,
  orderLines,
  orders,
} from '../../../server/db/schema';
import { issueLimitCard } from '../../../server/modules/limit-cards/limit-card-grants';
import type { SeedLimitCards } from '../../../server/seed/limit-cards';
import type { SeedMember } from '../../../server/seed/types';
import type { TestApp } from '../helpers';
import { LONE, P, SHOP } from '../orders/order-fixture';
import { memberMoneySeed } from '../member-money/member-money-fixture';
import { PASSWORD } from '../payments/payment-fixture';

const member = (id: number, phone: string, over: Partial<SeedMember> = {}): SeedMember => ({
  id,
  phone,
  name: `Card holder ${id}`,
  levelId: SHOP * 10 + 1,
  cardNo: `LC-${id}`,
  amount: 0,
  giftAmount: 0,
  points: 0,
  payPassword: PASSWORD,
  ...over,
});

export const L = {
  /** Pays with cards, cancels, refunds. */
  holder: member(8701, '13800087001'),
  /** Ten orders at once against three uses. */
  racer: member(8702, '13800087002'),
  /** Someone else: their card must never be used or shown. */
  other: member(8703, '13800087003'),
  /** Tops up for a card. */
  charger: member(8704, '13800087004'),
} as const;

/** The holder's phone in shop 82's own membership: a card of the chain is of another scope there. */
export const LONE_HOLDER = { ...member(8711, L.holder.phone), levelId: LONE * 10 + 1 };

export const cardSeed: SeedLimitCards[] = [
  {
    scope: { chainId: 8 },
    templates: [
      {
        key: 'bread',
        name: { en: '5 × Bread', zh: '面包 5 次卡' },
        uses: 5,
        validDays: 30,
        productIds: [P.bread],
        price: 4000,
      },
      {
        key: 'flash',
        name: { en: '3 × Flash deal', zh: '秒杀 3 次卡' },
        uses: 3,
        validDays: null,
        productIds: [P.flash],
        price: null,
      },
      {
        key: 'noodles',
        name: { en: '2 × Noodles', zh: '面 2 次卡' },
        uses: 2,
        validDays: 10,
        productIds: [P.noodles],
        price: null,
      },
    ],
    held: [],
    rechargeTiers: [{ payAmount: 20_000, giftAmount: 0, template: 'bread' }],
  },
  {
    scope: { shopId: LONE },
    templates: [
      {
        key: 'dessert',
        name: { en: '4 × Dessert', zh: '甜品 4 次卡' },
        uses: 4,
        validDays: null,
        productIds: [P.dessert],
        price: null,
      },
    ],
    held: [],
    rechargeTiers: [],
  },
];

const lone = memberMoneySeed.shops.find((s) => s.id === LONE)!;

export const limitCardSeed = {
  ...memberMoneySeed,
  chains: [
    { ...memberMoneySeed.chains[0]!, members: [...memberMoneySeed.chains[0]!.members, ...Object.values(L)] },
  ],
  shops: memberMoneySeed.shops.map((s) =>
    s.id === LONE ? { ...lone, members: [...lone.members, LONE_HOLDER] } : s,
  ),
  limitCards: cardSeed,
};

export async function templateId(t: TestApp, en: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: limitCardTemplates.id })
    .from(limitCardTemplates)
    .where(sql`${limitCardTemplates.name}->>'en' = ${en}`);
  return row!.id;
}

let grants = 0;
/** A card of the template for the member, first valid on `from`; `used` uses already spent through the ledger. */
export async function giveCard(
  t: TestApp,
  memberId: number,
  template: string,
  from: string,
): Promise<number> {
  const id = await issueLimitCard(t.database.db, {
    memberId,
    templateId: await templateId(t, template),
    grantRef: `test:${memberId}:${++grants}:${Math.random().toString(36).slice(2)}`,
    today: from,
    now: new Date(),
  });
  return id!;
}

export async function cardRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(memberLimitCards).where(eq(memberLimitCards.id, id));
  return row!;
}

/** Σ uses_delta of a card's rows: must equal its remaining uses. */
export async function ledgerRemaining(t: TestApp, cardId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ sum: sql<number>`coalesce(sum(${limitCardLedger.usesDelta}), 0)::int` })
    .from(limitCardLedger)
    .where(eq(limitCardLedger.cardId, cardId));
  return Number(row!.sum);
}

export async function cardEntries(t: TestApp, cardId: number) {
  return t.database.db
    .select()
    .from(limitCardLedger)
    .where(eq(limitCardLedger.cardId, cardId))
    .orderBy(asc(limitCardLedger.id));
}

/** Everything an order with a card could write, to prove a refusal wrote nothing. */
export async function cardSnapshot(t: TestApp) {
  const db = t.database.db;
  const cards = await db
    .select({ id: memberLimitCards.id, used: memberLimitCards.usedUses })
    .from(memberLimitCards)
    .orderBy(asc(memberLimitCards.id));
  const [{ entries } = { entries: 0 }] = await db.select({ entries: count() }).from(limitCardLedger);
  const [{ placed } = { placed: 0 }] = await db.select({ placed: count() }).from(orders);
  const [{ paidLines } = { paidLines: 0 }] = await db
    .select({ paidLines: count() })
    .from(orderLines)
    .where(and(sql`${orderLines.limitCardUses} > 0`));
  return { cards, entries, placed, paidLines };
}
