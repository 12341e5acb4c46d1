// Expandable red bags (spec §1, §4 code 8, §9; decisions C80-C87). A bag is a customer coupon of kind 8 from
// an expand activity's `expandRedBag` template, priced at its own `value` (capped by `value_max`), so
// order/confirm reserves, consumes and releases it like any coupon. A friend's help is one transaction:
// the helped bag is locked, the help row is inserted under the unique (bag, helper) key, the bag grows by a
// conditional UPDATE (available, within its dates, at most its cap), then the same for the bag it came from
// (level two), and the friend receives a bag of their own. Locks go child first, then parent: the bags form
// a tree, so two helps never wait on each other in a cycle.
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { ActivityKind, type ExpandRedBag, type ExpandRules } from '../../../src/domain/api/activity';
import type { Database, Executor } from '../../db/client';
import {
  customerCoupons,
  redBagHelps,
  type ActivityRow,
  type CouponTemplateRow,
  type CustomerCouponRow,
} from '../../db/schema';
import { BusinessError } from '../../http/action';
import { inShopScope, isRunning, loadActivities, loadTemplates, type ReplyContext } from './activities';
import {
  claimError,
  claimInTx,
  claimRefusal,
  isUniqueViolation,
  loadHeld,
  stateOf,
  type Claimant,
  type ClaimRequest,
  type Held,
} from './coupons';
import type { redBagNotes } from './red-bag-messages';
import { expandRuleTexts, maskPhone, redBagRefusals } from './red-bag-messages';

/** An expand activity with the template its bags are made from. */
export interface ExpandSetup {
  activity: ActivityRow;
  template: CouponTemplateRow & { expandMax: number; expandLevelOne: number; expandLevelTwo: number };
}

/** The grant reference that holds every owner to one bag per expand template (decision C81). */
const OWN_BAG = 'expand';

export const redBagError = (reason: keyof typeof redBagRefusals) =>
  new BusinessError(redBagRefusals[reason], undefined, { reason });

/** The activity's red bag setup, or null when it has no complete `expandRedBag` template. */
export function setupOf(activity: ActivityRow, templates: CouponTemplateRow[]): ExpandSetup | null {
  const template = templates.find(
    (t) =>
      t.activityId === activity.id &&
      t.channels.includes('expandRedBag') &&
      t.expandMax !== null &&
      t.rules.reductionAmount !== undefined,
  );
  return template ? { activity, template: template as ExpandSetup['template'] } : null;
}

/** The expand activity `id` of this shop or its chain (whatever its dates), or activityNotFound. */
export async function expandSetup(rc: ReplyContext, id: number): Promise<ExpandSetup> {
  const activity = (await loadActivities(rc.db, rc)).find((r) => r.id === id);
  if (!activity || activity.kind !== ActivityKind.expandCoupon) throw claimError('activityNotFound');
  const setup = setupOf(activity, await loadTemplates(rc.db, [activity.id]));
  if (!setup) throw claimError('activityNotFound');
  return setup;
}

/** The shop's running expand activity (store/detail's expandRedBagId, entry routing rule 1). */
/**
 * What store/detail says of the shop's running activities, read live so it follows their dates: the expand
 * red bag entry routing rule 1 opens, and whether the menu will show an offers strip (`hasNewActivity`, so
 * the menu keeps the strip's place while the offers load instead of pushing the menu down).
 */
export async function runningActivityFlags(
  db: Executor,
  scope: { shopId: number; chainId: number | null; today: string },
): Promise<{ expandRedBagId: number | null; hasNewActivity: boolean }> {
  const running = (await loadActivities(db, scope)).filter(
    (r) => isRunning(r, scope.today) && inShopScope(r, scope),
  );
  const expand = running.filter((r) => r.kind === ActivityKind.expandCoupon);
  const hasNewActivity = running.length > 0;
  if (expand.length === 0) return { expandRedBagId: null, hasNewActivity };
  const templates = await loadTemplates(
    db,
    expand.map((r) => r.id),
  );
  return { expandRedBagId: expand.find((r) => setupOf(r, templates) !== null)?.id ?? null, hasNewActivity };
}

export function expandRulesOf(setup: ExpandSetup, rc: ReplyContext): ExpandRules {
  const { template } = setup;
  const figures = {
    baseAmount: Math.min(template.rules.reductionAmount ?? 0, template.expandMax),
    levelOneReward: template.expandLevelOne,
    levelTwoReward: template.expandLevelTwo,
    maxAmount: template.expandMax,
    minSpend: template.rules.minAmount ?? 0,
  };
  return { ...figures, texts: expandRuleTexts(figures, rc.text) };
}

/** A bag of this activity (whoever owns it), or bagNotFound. */
export async function findBag(db: Executor, setup: ExpandSetup, id: number): Promise<Held> {
  const [held] = await loadHeld(
    db,
    and(eq(customerCoupons.id, id), eq(customerCoupons.templateId, setup.template.id))!,
  );
  if (!held) throw redBagError('bagNotFound');
  return held;
}

/** The viewer's bag of this activity (their own or one forwarded to them), if any. */
async function viewerBag(db: Executor, setup: ExpandSetup, owner: string | null): Promise<Held | null> {
  if (owner === null) return null;
  const [held] = await loadHeld(
    db,
    and(eq(customerCoupons.templateId, setup.template.id), eq(customerCoupons.ownerPhone, owner))!,
  );
  return held ?? null;
}

/** The bag as its page shows it to this viewer. */
export async function bagView(rc: ReplyContext, setup: ExpandSetup, held: Held): Promise<ExpandRedBag> {
  const helps = await rc.db
    .select()
    .from(redBagHelps)
    .where(eq(redBagHelps.bagId, held.row.id))
    .orderBy(asc(redBagHelps.id));
  const state = stateOf(held, rc.today);
  const mine = rc.owner !== null && held.row.ownerPhone === rc.owner;
  let viewer: ExpandRedBag['viewer'] = 'help';
  if (rc.owner === null) viewer = 'loginRequired';
  else if (mine) viewer = 'own';
  else if (state !== 'usable' || !isRunning(setup.activity, rc.today)) viewer = 'closed';
  else if (helps.some((h) => h.helperPhone === rc.owner)) viewer = 'helped';
  const own = mine ? held : await viewerBag(rc.db, setup, rc.owner);
  return {
    id: held.row.id,
    activityId: setup.activity.id,
    owner: maskPhone(held.row.ownerPhone),
    mine,
    value: held.row.value ?? setup.template.rules.reductionAmount ?? 0,
    maxAmount: held.row.valueMax ?? setup.template.expandMax,
    state,
    helps: helps.map((h) => ({
      helper: maskPhone(h.helperPhone),
      level: h.level === 2 ? 2 : 1,
      amount: h.amount,
      at: h.createdAt.toISOString(),
    })),
    viewer,
    viewerBagId: own?.row.id ?? null,
  };
}

/** activity/detail's `expand` part: the rules and the bag of the link, else the viewer's own. */
export async function expandDetail(rc: ReplyContext, setup: ExpandSetup, fromBagId: number | undefined) {
  const held =
    fromBagId !== undefined
      ? await findBag(rc.db, setup, fromBagId)
      : await viewerBag(rc.db, setup, rc.owner);
  return { rules: expandRulesOf(setup, rc), bag: held ? await bagView(rc, setup, held) : null };
}

// ---- receiving and helping ------------------------------------------------------------------------------

type HelpOutcome = 'helped' | 'alreadyHelped' | 'bagClosed' | 'ownBag';

const growable = (today: string) =>
  and(
    eq(customerCoupons.state, 'available'),
    or(isNull(customerCoupons.validTo), gte(customerCoupons.validTo, today)),
  );

/**
 * One level of a help, inside the caller's transaction: locks the bag (only while it can grow), inserts
 * the help under the unique key and grows the bag by what is left under its cap. False when the bag cannot
 * grow or this helper already helped it; nothing is written then.
 */
async function helpOne(
  tx: Executor,
  bagId: number,
  helper: string,
  level: 1 | 2,
  reward: number,
  today: string,
): Promise<CustomerCouponRow | null> {
  const [bag] = await tx
    .select()
    .from(customerCoupons)
    .where(and(eq(customerCoupons.id, bagId), growable(today)))
    .for('update');
  if (!bag || bag.value === null || bag.valueMax === null || bag.ownerPhone === helper) return null;
  const amount = Math.max(0, Math.min(reward, bag.valueMax - bag.value));
  const [help] = await tx
    .insert(redBagHelps)
    .values({ bagId, helperPhone: helper, level, amount })
    .onConflictDoNothing()
    .returning({ id: redBagHelps.id });
  if (!help) return null;
  if (amount === 0) return bag;
  const [grown] = await tx
    .update(customerCoupons)
    .set({ value: sql`${customerCoupons.value} + ${amount}` })
    .where(
      and(
        eq(customerCoupons.id, bagId),
        growable(today),
        sql`${customerCoupons.value} + ${amount} <= ${customerCoupons.valueMax}`,
      ),
    )
    .returning();
  // The row is locked: a failed guard here is a broken invariant, and the whole help rolls back.
  if (!grown) throw new Error(`red bag ${bagId} changed under its lock`);
  return grown;
}

/** A friend's help to `bag`: level one to it, level two to the bag it came from. */
async function helpBag(
  tx: Executor,
  setup: ExpandSetup,
  bag: Held,
  helper: string,
  today: string,
): Promise<HelpOutcome> {
  if (bag.row.ownerPhone === helper) return 'ownBag';
  const { expandLevelOne, expandLevelTwo } = setup.template;
  const helped = await helpOne(tx, bag.row.id, helper, 1, expandLevelOne, today);
  if (!helped) {
    const [mine] = await tx
      .select({ id: redBagHelps.id })
      .from(redBagHelps)
      .where(and(eq(redBagHelps.bagId, bag.row.id), eq(redBagHelps.helperPhone, helper)));
    return mine ? 'alreadyHelped' : 'bagClosed';
  }
  if (helped.parentId !== null && expandLevelTwo > 0)
    await helpOne(tx, helped.parentId, helper, 2, expandLevelTwo, today);
  return 'helped';
}

const bagRequest = (setup: ExpandSetup, parentId: number | null): ClaimRequest => {
  const { template } = setup;
  const max = template.expandMax;
  return {
    ...setup,
    channel: 'expandRedBag',
    source: 'expandRedBag',
    grantRef: OWN_BAG,
    bag: { value: Math.min(template.rules.reductionAmount ?? 0, max), valueMax: max, parentId },
  };
};

/** The owner's bag of this activity: the one they hold, else a new one (in a savepoint of `tx`). */
async function ownBag(
  tx: Executor,
  setup: ExpandSetup,
  who: Claimant,
  parentId: number | null,
): Promise<CustomerCouponRow> {
  const existing = await viewerBag(tx, setup, who.owner);
  if (existing) return existing.row;
  try {
    return await tx.transaction((sp) => claimInTx(sp, bagRequest(setup, parentId), who));
  } catch (error) {
    // A racing request of the same owner made the bag first: that bag is the answer.
    if (!isUniqueViolation(error)) throw error;
    const won = await viewerBag(tx, setup, who.owner);
    if (!won) throw error;
    return won.row;
  }
}

export interface ReceiveResult {
  bag: Held;
  helped: Held | null;
  note: keyof typeof redBagNotes;
}

/**
 * receiveExpandCoupon: without `fromBagId` the owner's own bag (the same one on every call); with it, a
 * friend's help to that bag and the friend's own bag, in one transaction.
 */
export async function receiveExpand(
  db: Database,
  setup: ExpandSetup,
  who: Claimant,
  fromBagId: number | undefined,
): Promise<ReceiveResult> {
  const target = fromBagId === undefined ? null : await findBag(db, setup, fromBagId);
  const refusal = claimRefusal(bagRequest(setup, null), who);
  if (refusal) throw claimError(refusal);
  const { row, outcome } = await db.transaction(async (tx) => {
    const outcome = target ? await helpBag(tx, setup, target, who.owner, who.today) : null;
    const parent = outcome === 'helped' ? target!.row.id : null;
    return { row: await ownBag(tx, setup, who, parent), outcome };
  });
  const [bag] = await loadHeld(db, eq(customerCoupons.id, row.id));
  const helped = outcome === 'helped' ? await findBag(db, setup, target!.row.id) : null;
  return { bag: bag!, helped, note: outcome ?? 'bagReceived' };
}
