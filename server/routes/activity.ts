// The activity and coupon calls: activity/list, detail, receiveCoupon, couponList, couponDetail,
// getCouponByLink, getCouponByEntry, getActivityByCode, claimByCode, checkOverSendCoupon, the red bag
// calls (receiveExpandCoupon, forwardCoupon, claimForwarded, getTimesRedBag, checkTimesRedBag), and
// store/couponProducts, vip/getRegisterCoupons, vip/activities. Contract: src/domain/api/activity.ts; docs/api.md
// "Activity". The offers read by any session say loginRequired without a proven phone; holding, claiming
// and using coupons needs one (decision C1).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ActivityKind,
  activityByCodeInput,
  activityDetailInput,
  checkTimesRedBagInput,
  claimForwardedInput,
  forwardCouponInput,
  receiveExpandCouponInput,
  timesRedBagInput,
  type activityDetailInfo,
  type checkTimesRedBagInfo,
  type claimForwardedInfo,
  type forwardCouponInfo,
  type receiveExpandCouponInfo,
  type timesRedBagInfo,
  activityListInput,
  checkOverSendCouponInput,
  claimByCodeInput,
  couponByEntryInput,
  couponByLinkInput,
  couponDetailInput,
  couponListInput,
  couponProductsInput,
  receiveCouponInput,
  registerCouponsInput,
  type activityByCodeInfo,
  type checkOverSendCouponInfo,
  type claimByCodeInfo,
  type couponByEntryInfo,
  type couponByLinkInfo,
  type couponDetailInfo,
  type receiveCouponInfo,
  memberActivitiesInput,
  type MemberActivitiesInfo,
  type MemberOffersGate,
} from '../../src/domain/api/activity';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  withMessage,
  type AnyAction,
  type RequestContext,
  type Session,
} from '../http/action';
import {
  isMemberOnly,
  isRunning,
  listedActivities,
  loadActivities,
  loadTemplates,
  offersOf,
  productRefs,
  shopActivityOf,
  type ReplyContext,
} from '../modules/coupons/activities';
import { countedListing } from '../modules/coupons/activity-units';
import { ownMember } from '../modules/members/members';
import { couponMessages } from '../modules/coupons/coupon-messages';
import { phoneOf } from '../modules/coupons/coupon-orders';
import {
  claimCoupon,
  claimError,
  customerCouponsOf,
  findHeld,
  findOffered,
  grantOnce,
  offeredBy,
  toCustomerCoupons,
  listCoupons,
  type Claimant,
  type Offered,
} from '../modules/coupons/coupons';
import { overSendFor } from '../modules/coupons/coupon-grants';
import { shopToday } from '../../src/domain/hours';
import { claimForwarded, forwardCoupon } from '../modules/coupons/red-bag-forward';
import { redBagNotes } from '../modules/coupons/red-bag-messages';
import { bagView, expandDetail, expandSetup, receiveExpand, setupOf } from '../modules/coupons/red-bags';
import { checkTimesRedBag, timesRedBags } from '../modules/coupons/times-red-bags';

type ActivityByCodeInfo = z.infer<typeof activityByCodeInfo>;
type CheckOverSendCouponInfo = z.infer<typeof checkOverSendCouponInfo>;
type ClaimByCodeInfo = z.infer<typeof claimByCodeInfo>;
type CouponByEntryInfo = z.infer<typeof couponByEntryInfo>;
type CouponByLinkInfo = z.infer<typeof couponByLinkInfo>;
type CouponDetailInfo = z.infer<typeof couponDetailInfo>;
type ReceiveCouponInfo = z.infer<typeof receiveCouponInfo>;
type ActivityDetailInfo = z.infer<typeof activityDetailInfo>;
type ReceiveExpandCouponInfo = z.infer<typeof receiveExpandCouponInfo>;
type ForwardCouponInfo = z.infer<typeof forwardCouponInfo>;
type ClaimForwardedInfo = z.infer<typeof claimForwardedInfo>;
type TimesRedBagInfo = z.infer<typeof timesRedBagInfo>;
type CheckTimesRedBagInfo = z.infer<typeof checkTimesRedBagInfo>;

/** The session's shop, its day, its words and its owner: what every reply here is judged and worded with. */
async function replyContext(app: FastifyInstance, ctx: RequestContext<'session'>): Promise<ReplyContext> {
  const { session } = ctx;
  const entry = await app.catalogCache.entry(app.db, session.shopId, ctx.catalogueLocale, ctx.now);
  if (!entry) throw new BusinessError('shop.notFound');
  const { settings } = entry.shop.row;
  const chainName = entry.shop.chainName;
  return {
    db: app.db,
    shopId: session.shopId,
    chainId: entry.shop.row.chainId,
    today: shopToday(ctx.now, settings.timezone),
    locale: ctx.locale,
    catalogueLocale: ctx.catalogueLocale,
    text: {
      locale: ctx.locale,
      money: {
        shopSymbol: settings.currencySymbol,
        currency: settings.currency,
        decimals: settings.numberDecimals,
      },
    },
    catalogue: entry.catalogue,
    chainName: chainName
      ? ctx.catalogueLocale === 'zh-CN'
        ? chainName.zh || chainName.en
        : chainName.en || chainName.zh
      : null,
    owner: await phoneOf(app.db, session),
    memberId: session.memberId,
  };
}

type OwnedContext = ReplyContext & { owner: string };

/** As replyContext, for the calls that need a proven phone: a device-only session is asked to log in. */
async function ownedContext(app: FastifyInstance, ctx: RequestContext<'session'>): Promise<OwnedContext> {
  const rc = await replyContext(app, ctx);
  if (rc.owner === null) throw claimError('loginRequired');
  return rc as OwnedContext;
}

const claimant = (rc: OwnedContext, now: Date): Claimant => ({ ...rc, now });

/** An activity of this shop (or its chain) that runs today, with its templates. */
async function runningActivity(rc: ReplyContext, id: number) {
  const rows = await loadActivities(rc.db, rc);
  const row = rows.find((r) => r.id === id);
  if (!row) throw claimError('activityNotFound');
  if (!isRunning(row, rc.today)) throw claimError('activityEnded');
  return { row, templates: await loadTemplates(rc.db, [row.id]) };
}

/** A template this shop may hand out, or "not found" (another shop's template reads the same). */
async function offeredHere(rc: ReplyContext, templateId: number): Promise<Offered> {
  const offered = await findOffered(rc.db, templateId);
  const { activity } = offered ?? {};
  const here =
    activity &&
    (activity.shopId === rc.shopId || (activity.chainId !== null && activity.chainId === rc.chainId));
  if (!offered || !here) throw claimError('activityNotFound');
  return offered;
}

async function oneCoupon(rc: ReplyContext, rows: Parameters<typeof customerCouponsOf>[1]) {
  const [coupon] = await customerCouponsOf(rc, rows);
  if (!coupon)
    throw new BusinessError(couponMessages.couponNotFound, undefined, { reason: 'couponNotFound' });
  return coupon;
}

/** The running activity whose promotion code this is, in this shop or its chain. */
async function activityOfCode(rc: ReplyContext, code: string) {
  const wanted = code.trim().toUpperCase();
  const row = (await loadActivities(rc.db, rc)).find((r) => r.code === wanted && isRunning(r, rc.today));
  if (!row) throw claimError('codeNotFound');
  return row;
}

/**
 * Why the session sees no member offers: no proven phone, or no card of this shop's membership scope that
 * still carries that phone (the member checks of the member calls), else null.
 */
async function memberGate(app: FastifyInstance, session: Session): Promise<MemberOffersGate | null> {
  try {
    await ownMember(app.db, session);
    return null;
  } catch (error) {
    const info = error instanceof BusinessError ? (error.info as { reason?: unknown } | null) : null;
    const reason = info?.reason;
    if (reason === 'loginRequired' || reason === 'notMember') return reason;
    throw error;
  }
}

const actions: AnyAction[] = [
  defineAction({
    area: 'activity',
    action: 'list',
    input: activityListInput,
    auth: 'session',
    handler: async ({ ctx, app }) => {
      const rc = await replyContext(app, ctx);
      return countedListing(rc.db, await listedActivities(rc), ctx.session.customerId, rc.text);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'detail',
    input: activityDetailInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<ActivityDetailInfo> => {
      const rc = await replyContext(app, ctx);
      const { row, templates } = await runningActivity(rc, input.id);
      const activity = await shopActivityOf(rc, row, templates);
      // A kind-8 activity without a complete red bag template is shown like any coupon activity.
      const setup = row.kind === ActivityKind.expandCoupon ? setupOf(row, templates) : null;
      if (!setup) return activity;
      return { ...activity, expand: await expandDetail(rc, setup, input.fromRedBagID) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'receiveCoupon',
    input: receiveCouponInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const offered = await offeredHere(rc, input.id);
      const req = {
        ...offered,
        channel: 'activity' as const,
        source: 'activity' as const,
        claimKey: input.idempotencyKey,
      };
      const { row } = await claimCoupon(app.db, req, claimant(rc, ctx.now));
      const info: ReceiveCouponInfo = { coupon: await oneCoupon(rc, [row]) };
      return withMessage(info, couponMessages.couponClaimed);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'couponList',
    input: couponListInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      return { coupons: await listCoupons(rc, input.isAll) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'couponDetail',
    input: couponDetailInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<CouponDetailInfo> => {
      const rc = await ownedContext(app, ctx);
      const held = await findHeld(rc.db, rc.owner, input.id);
      const [coupon] = await toCustomerCoupons(rc, [held]);
      if (!coupon)
        throw new BusinessError(couponMessages.couponNotFound, undefined, { reason: 'couponNotFound' });
      return { ...coupon, products: productRefs(rc, coupon.pricing.productList) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'getCouponByLink',
    input: couponByLinkInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<CouponByLinkInfo> => {
      const rc = await ownedContext(app, ctx);
      const offered = await offeredHere(rc, input.id);
      if (!offered.template.channels.includes('link')) throw claimError('activityNotFound');
      const req = { ...offered, channel: 'link' as const, source: 'link' as const, grantRef: 'link' };
      const { row } = await claimCoupon(app.db, req, claimant(rc, ctx.now));
      const [offer] = await offersOf(rc, [offered]);
      return { offer: offer!, coupon: await oneCoupon(rc, [row]) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'getCouponByEntry',
    input: couponByEntryInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<CouponByEntryInfo> => {
      const rc = await ownedContext(app, ctx);
      const offered = await offeredBy(app.db, rc, 'entry');
      const how = { channel: 'entry', source: 'entry', grantRef: 'entry' } as const;
      const rows =
        offered.length === 0
          ? []
          : await app.db.transaction((tx) => grantOnce(tx, offered, claimant(rc, ctx.now), how));
      return { coupons: await customerCouponsOf(rc, rows) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'getActivityByCode',
    input: activityByCodeInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<ActivityByCodeInfo> => {
      const rc = await replyContext(app, ctx);
      const row = await activityOfCode(rc, input.code);
      const templates = (await loadTemplates(rc.db, [row.id])).filter((t) => t.channels.includes('code'));
      return { code: row.code!, activity: await shopActivityOf(rc, row, templates) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'claimByCode',
    input: claimByCodeInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const row = await activityOfCode(rc, input.code);
      const [template] = (await loadTemplates(rc.db, [row.id])).filter((t) => t.channels.includes('code'));
      if (!template) throw claimError('notEarned');
      const req = {
        activity: row,
        template,
        channel: 'code' as const,
        source: 'code' as const,
        grantRef: 'code',
      };
      const claimed = await claimCoupon(app.db, req, claimant(rc, ctx.now));
      const info: ClaimByCodeInfo = { coupon: await oneCoupon(rc, [claimed.row]) };
      return withMessage(info, couponMessages.couponClaimed);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'checkOverSendCoupon',
    input: checkOverSendCouponInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<CheckOverSendCouponInfo> => {
      const rc = await ownedContext(app, ctx);
      const rows = await overSendFor(app.db, claimant(rc, ctx.now), input.id);
      return { coupons: await customerCouponsOf(rc, rows) };
    },
  }),

  // ---- red bags (docs/decisions.md C80-C99) ----

  defineAction({
    area: 'activity',
    action: 'receiveExpandCoupon',
    input: receiveExpandCouponInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const setup = await expandSetup(rc, input.id);
      const done = await receiveExpand(app.db, setup, claimant(rc, ctx.now), input.fromRedBagID);
      const info: ReceiveExpandCouponInfo = {
        bag: await bagView(rc, setup, done.bag),
        helped: done.helped ? await bagView(rc, setup, done.helped) : null,
      };
      return withMessage(info, redBagNotes[done.note]);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'forwardCoupon',
    input: forwardCouponInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const info: ForwardCouponInfo = await forwardCoupon(app.db, rc, rc.owner, input.id);
      return withMessage(info, redBagNotes.forwardReady);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'claimForwarded',
    input: claimForwardedInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const row = await claimForwarded(app.db, rc, rc.owner, input.id, input.key);
      const info: ClaimForwardedInfo = { coupon: await oneCoupon(rc, [row]) };
      return withMessage(info, redBagNotes.forwardClaimed);
    },
  }),

  defineAction({
    area: 'activity',
    action: 'getTimesRedBag',
    input: timesRedBagInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<TimesRedBagInfo> => {
      const rc = await ownedContext(app, ctx);
      return { bags: await timesRedBags(rc) };
    },
  }),

  defineAction({
    area: 'activity',
    action: 'checkTimesRedBag',
    input: checkTimesRedBagInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await ownedContext(app, ctx);
      const { rows, bag } = await checkTimesRedBag(rc, ctx.now, input.id);
      const info: CheckTimesRedBagInfo = { coupons: await customerCouponsOf(rc, rows), bag };
      return rows.length > 0 ? withMessage(info, redBagNotes.rewardTaken) : info;
    },
  }),

  defineAction({
    area: 'store',
    action: 'couponProducts',
    input: couponProductsInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const rc = await replyContext(app, ctx);
      const { template } = await offeredHere(rc, input.id);
      return { products: productRefs(rc, template.rules.productList ?? []) };
    },
  }),

  defineAction({
    area: 'vip',
    action: 'activities',
    input: memberActivitiesInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<MemberActivitiesInfo> => {
      const reason = await memberGate(app, ctx.session);
      if (reason !== null) return { activities: [], reason };
      const rc = await replyContext(app, ctx);
      return { activities: await listedActivities(rc, isMemberOnly), reason: null };
    },
  }),

  defineAction({
    area: 'vip',
    action: 'getRegisterCoupons',
    input: registerCouponsInput,
    auth: 'session',
    handler: async ({ ctx, app }) => {
      const rc = await replyContext(app, ctx);
      const offered = (await offeredBy(app.db, rc, 'register')).filter(
        (o) => o.template.status === 1 && isRunning(o.activity, rc.today),
      );
      return { offers: await offersOf(rc, offered) };
    },
  }),
];

export default actionRoutes(actions);
