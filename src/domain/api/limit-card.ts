// Contract of the limit (times) card calls (spec §7 store/limitCardList, store/limitCardUseList; issue 14):
// the zod input of each call, the shape of its reply `info` and the reasons a card is refused. A limit card
// is a member's card of N uses: each use pays one unit of a product it lists, while it is valid (shop-local
// dates, both inclusive). Only the session's own member's cards and uses are ever read; an id naming
// anyone else's is answered like one that does not exist (docs/decisions.md M150–M169).
import { z } from 'zod';
import { entityId } from './store';

/** Why a limit card call, or an order naming a card, was refused (the message says it in the customer's language). */
export const LIMIT_CARD_REFUSALS = [
  /** The session has no member card in this shop's membership scope. */
  'memberRequired',
  /** memberId named a member that is not the session's. */
  'memberNotFound',
  /** No card with that id belongs to the session's member (another member's, another scope's, or none). */
  'cardNotFound',
  /** The card's last valid day has passed. */
  'cardExpired',
  /** The card's first valid day is still to come. */
  'cardNotYetValid',
  /** Every use of the card is spent (or reserved by an unpaid order). */
  'cardUsedUp',
  /** Nothing in the cart is a product the card pays for. */
  'cardNotCovering',
  /** Another order took the card's last uses first. */
  'cardTaken',
  /** limitCardList named another shop than the session's. */
  'shopMismatch',
] as const;
export type LimitCardRefusal = (typeof LIMIT_CARD_REFUSALS)[number];

/** A card's state today: usable, or why not. */
export const LIMIT_CARD_STATES = ['usable', 'usedUp', 'expired', 'notYetValid'] as const;
export type LimitCardState = (typeof LIMIT_CARD_STATES)[number];

/** What a use-list row records: the card issued, uses an order took, uses given back when it ended unpaid or refunded. */
export const LIMIT_CARD_ENTRY_KINDS = ['grant', 'orderUse', 'orderReturn'] as const;
export type LimitCardEntryKind = (typeof LIMIT_CARD_ENTRY_KINDS)[number];

export const LIMIT_CARD_PAGE_LIMIT = 20;

// ---- inputs --------------------------------------------------------------------------------------

/** The member's cards in the session's shop's scope; `id` (spec) may name that shop, no other. */
export const limitCardListInput = z.object({ id: entityId.optional() });
/**
 * The member's card entries, newest first: all of them, or those of one card (`cardId`) or of one product
 * (`productId`: the orders whose lines a card paid for it). `memberId` (spec) may name the session's member only.
 */
export const limitCardUseListInput = z.object({
  productId: entityId.optional(),
  cardId: entityId.optional(),
  memberId: entityId.optional(),
  page: z.number().int().positive().max(100_000).default(1),
  pageLimit: z.number().int().positive().max(50).default(LIMIT_CARD_PAGE_LIMIT),
});
export type LimitCardUseListInput = z.input<typeof limitCardUseListInput>;

// ---- replies -------------------------------------------------------------------------------------

export const limitCardProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
});
export type LimitCardProduct = z.infer<typeof limitCardProduct>;

export const limitCardView = z.object({
  id: z.number().int(),
  name: z.string(),
  totalUses: z.number().int().positive(),
  usedUses: z.number().int().nonnegative(),
  remainingUses: z.number().int().nonnegative(),
  /** Shop-local ISO dates, both inclusive; validTo null = no end. */
  validFrom: z.string(),
  validTo: z.string().nullable(),
  state: z.enum(LIMIT_CARD_STATES),
  /** Product ids one use pays a unit of (the order confirm page's pricing reads them). */
  productIds: z.array(z.number().int()),
  /** Those of them on this shop's menu, named in the request's language. */
  products: z.array(limitCardProduct),
  createdAt: z.string(),
});
export type LimitCardView = z.infer<typeof limitCardView>;

export const limitCardListInfo = z.object({ list: z.array(limitCardView) });
export type LimitCardListInfo = z.infer<typeof limitCardListInfo>;

export const limitCardEntry = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  cardName: z.string(),
  kind: z.enum(LIMIT_CARD_ENTRY_KINDS),
  /** Uses it added (grant, return: positive) or took (order: negative). */
  usesDelta: z.number().int(),
  remainingAfter: z.number().int().nonnegative(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  /** The units of the order the card paid, by product. */
  products: z.array(z.object({ id: z.number().int(), name: z.string(), quantity: z.number().int() })),
  createdAt: z.string(),
});
export type LimitCardEntry = z.infer<typeof limitCardEntry>;

export const limitCardUseListInfo = z.object({
  list: z.array(limitCardEntry),
  page: z.number().int(),
  pageLimit: z.number().int(),
  hasMore: z.boolean(),
});
export type LimitCardUseListInfo = z.infer<typeof limitCardUseListInfo>;

/** The info of a refused card: its reason (also when order/confirm refuses the order for it). */
export const limitCardRefusalInfo = z.object({ reason: z.enum(LIMIT_CARD_REFUSALS) });

/** A card's state on a shop-local day. */
export function limitCardState(
  card: { totalUses: number; usedUses: number; validFrom: string; validTo: string | null },
  today: string,
): LimitCardState {
  if (card.validTo !== null && today > card.validTo) return 'expired';
  if (today < card.validFrom) return 'notYetValid';
  if (card.usedUses >= card.totalUses) return 'usedUp';
  return 'usable';
}

/** The store/* calls of this contract, by action name. */
export const limitCardContract = {
  limitCardList: { input: limitCardListInput, info: limitCardListInfo },
  limitCardUseList: { input: limitCardUseListInput, info: limitCardUseListInfo },
};
