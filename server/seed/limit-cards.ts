// Demo limit cards (docs/api.md "Limit cards"; README "Limit cards"): Tiong Bahru Claypot sells a
// "10 × Claypot Chicken Rice" card and a "5 × Kopi" card at the counter, and its S$200 top-up tier grants
// a "3 × Chendol" card. Tan Mei Ling (13800000003) holds a rice card with uses left, a kopi card she has
// used up and a chendol card that has expired, so every state of the card page shows; Chen Jing (13800000002)
// holds a blow-dry card at the beauty studio, which pays an appointment for it. Card dates are
// counted from the day the database is seeded, so the cards stay as described whenever the demo starts.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  limitCardLedger,
  limitCardTemplates,
  memberLimitCards,
  rechargeRules,
  shops,
  type Text,
} from '../db/schema';
import { issueLimitCard } from '../modules/limit-cards/limit-card-grants';
import { shopToday } from '../../src/domain/hours';

export interface SeedLimitCardTemplate {
  key: string;
  name: Text;
  description?: Text;
  uses: number;
  validDays: number | null;
  productIds: number[];
  /** Counter price, minor units; null = only granted. */
  price: number | null;
}

export interface SeedHeldCard {
  memberId: number;
  template: string;
  /** First valid day, in days from the seeding day (negative: in the past). */
  fromDay: number;
  /** Uses already spent, at the counter before the app. */
  used: number;
}

export interface SeedLimitCards {
  scope: { chainId: number } | { shopId: number };
  templates: SeedLimitCardTemplate[];
  held: SeedHeldCard[];
  /** Recharge tiers of the scope that grant a card of a template. */
  rechargeTiers: { payAmount: number; giftAmount: number; points?: number; template: string }[];
}

export const demoLimitCards: SeedLimitCards[] = [
  {
    scope: { shopId: 2 },
    templates: [
      {
        key: 'rice',
        name: { en: '10 × Claypot Chicken Rice', zh: '瓦煲鸡饭 10 次卡' },
        description: { en: 'Ten pots of our claypot chicken rice.', zh: '十煲招牌瓦煲鸡饭。' },
        uses: 10,
        validDays: 365,
        productIds: [2101],
        price: 12_800,
      },
      {
        key: 'kopi',
        name: { en: '5 × Kopi', zh: '咖啡 5 次卡' },
        uses: 5,
        validDays: 60,
        productIds: [2110],
        price: 900,
      },
      {
        key: 'chendol',
        name: { en: '3 × Chendol', zh: '珍多冰 3 次卡' },
        uses: 3,
        validDays: 90,
        productIds: [2113],
        price: null,
      },
    ],
    held: [
      { memberId: 2802, template: 'rice', fromDay: -20, used: 3 },
      { memberId: 2802, template: 'kopi', fromDay: -10, used: 5 },
      { memberId: 2802, template: 'chendol', fromDay: -120, used: 1 },
    ],
    rechargeTiers: [{ payAmount: 20_000, giftAmount: 3_000, points: 200, template: 'chendol' }],
  },
  {
    // The beauty studio: Chen Jing (13800000002) books her blow-dries on a card.
    scope: { shopId: 5 },
    templates: [
      {
        key: 'blowDry',
        name: { en: '5 × Wash & Blow-dry', zh: '洗发吹造型 5 次卡' },
        description: {
          en: 'Five washes and blow-dries, booked like any appointment.',
          zh: '五次洗发吹造型，预约方式不变。',
        },
        uses: 5,
        validDays: 180,
        productIds: [5101],
        price: 35_000,
      },
    ],
    held: [{ memberId: 5801, template: 'blowDry', fromDay: -30, used: 1 }],
    rechargeTiers: [],
  },
];

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Uses spent before the ledger began, as one entry with no order, so the card's rows add up to what is left. */
async function spendAtCounter(tx: Tx, cardId: number, used: number, now: Date): Promise<void> {
  if (used === 0) return;
  const [card] = await tx
    .update(memberLimitCards)
    .set({ usedUses: sql`${memberLimitCards.usedUses} + ${used}` })
    .where(eq(memberLimitCards.id, cardId))
    .returning();
  await tx.insert(limitCardLedger).values({
    cardId,
    memberId: card!.memberId,
    kind: 'orderUse',
    key: `limitCard:counter:${cardId}`,
    productId: card!.productIds[0] ?? null,
    usesDelta: -used,
    remainingAfter: card!.totalUses - card!.usedUses,
    createdAt: now,
  });
}

export async function insertLimitCards(tx: Tx, entry: SeedLimitCards, now = new Date()): Promise<void> {
  const templateIds = new Map<string, number>();
  let sort = 0;
  for (const t of entry.templates) {
    const [row] = await tx
      .insert(limitCardTemplates)
      .values({
        ...entry.scope,
        name: t.name,
        description: t.description ?? { en: '', zh: '' },
        uses: t.uses,
        validDays: t.validDays,
        productIds: t.productIds,
        price: t.price,
        sort: sort++,
      })
      .returning({ id: limitCardTemplates.id });
    templateIds.set(t.key, row!.id);
  }
  const shopId = 'shopId' in entry.scope ? entry.scope.shopId : null;
  const [shop] = await tx
    .select({ settings: shops.settings })
    .from(shops)
    .where(
      shopId !== null
        ? eq(shops.id, shopId)
        : eq(shops.chainId, (entry.scope as { chainId: number }).chainId),
    );
  const today = shopToday(now, shop!.settings.timezone);
  for (const [n, held] of entry.held.entries()) {
    const cardId = await issueLimitCard(tx, {
      memberId: held.memberId,
      templateId: templateIds.get(held.template)!,
      grantRef: `seed:${held.memberId}:${held.template}:${n}`,
      today: addDays(today, held.fromDay),
      now,
    });
    if (cardId !== null) await spendAtCounter(tx, cardId, held.used, now);
  }
  for (const tier of entry.rechargeTiers) {
    await tx.insert(rechargeRules).values({
      ...entry.scope,
      payAmount: tier.payAmount,
      giftAmount: tier.giftAmount,
      points: tier.points ?? 0,
      limitCards: [{ templateId: templateIds.get(tier.template)!, quantity: 1 }],
      sort: 100 + sort++,
    });
  }
}
