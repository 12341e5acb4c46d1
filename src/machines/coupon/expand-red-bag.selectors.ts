// What the red bag page reads from its flow: which screen, the bag and its progress to the cap, the rules,
// the help under way, and what to say about a refusal or a failure.
import type { SnapshotFrom } from 'xstate';
import type { CouponOffer, ExpandRedBag } from '../../domain/api/activity';
import type { expandRedBagMachine } from './expand-red-bag.machine';

type S = SnapshotFrom<typeof expandRedBagMachine>;

export type RedBagScreen =
  | 'loading'
  | 'failed'
  | 'missing'
  | 'receive'
  | 'own'
  | 'help'
  | 'thanked'
  | 'helped'
  | 'closed'
  | 'loginRequired'
  | 'forwarded'
  | 'forwardClaimed'
  | 'forwardRefused';

const SCREENS: readonly RedBagScreen[] = [
  'failed',
  'missing',
  'own',
  'thanked',
  'helped',
  'closed',
  'loginRequired',
  'forwardClaimed',
  'forwardRefused',
];

/** The screen to draw. A claim under way keeps its screen (the button says it is busy). */
export function selectScreen(s: S): RedBagScreen {
  if (s.matches('receive') || s.matches('receiving')) return 'receive';
  if (s.matches('help') || s.matches('helping')) return 'help';
  if (s.matches('forwarded') || s.matches('claimingForwarded')) return 'forwarded';
  for (const screen of SCREENS) if (s.matches(screen)) return screen;
  return 'loading';
}

/** Loading with nothing to show yet (a reload keeps the bag on screen). */
export const selectShowsSkeleton = (s: S) => s.matches('loading') && s.context.detail === null;
export const selectIsRefreshing = (s: S) => s.matches('loading') && s.context.detail !== null;
export const selectIsClaiming = (s: S) =>
  s.matches('receiving') || s.matches('helping') || s.matches('claimingForwarded');
export const selectIsSharing = (s: S) => s.matches({ own: 'sharing' });
export const selectError = (s: S) => s.context.error;
export const selectRefusal = (s: S) => s.context.refusal;

export const selectActivityName = (s: S) => s.context.detail?.name ?? null;
export const selectRules = (s: S) => s.context.detail?.expand?.rules ?? null;
export const selectBag = (s: S) => s.context.bag;
/** After a help: the viewer's own new bag. */
export const selectOwnBag = (s: S) => s.context.ownBag;
export const selectClaimedCoupon = (s: S) => s.context.claimed;
/** The coupon a forwarding link hands over, as its template words it. */
export const selectForwardedOffer = (s: S): CouponOffer | null => s.context.detail?.coupons[0] ?? null;
/** The bag's own link, for sharing: the activity and the bag. */
export const selectShareQuery = (s: S) =>
  s.context.bag ? { id: s.context.activityId, from: s.context.bag.id } : null;
/** The viewer's own bag of this activity, when the bag on screen is someone else's. */
export const selectViewerBagQuery = (s: S) => {
  const own = s.context.ownBag?.id ?? s.context.bag?.viewerBagId ?? null;
  return own !== null && own !== s.context.bag?.id ? { id: s.context.activityId, from: own } : null;
};

export interface BagProgress {
  value: number;
  max: number;
  /** Still to grow before the cap (0 when reached). */
  remaining: number;
  /** 0-100, for the progress bar. */
  percent: number;
}

/** How far a bag has grown toward the cap. */
export function bagProgress(bag: Pick<ExpandRedBag, 'value' | 'maxAmount'>): BagProgress {
  const max = Math.max(0, bag.maxAmount);
  const value = Math.max(0, bag.value);
  const remaining = Math.max(0, max - value);
  const percent = max === 0 ? 100 : Math.min(100, Math.round((value / max) * 100));
  return { value, max, remaining, percent };
}
