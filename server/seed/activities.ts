// Demo activities and coupons (README "Coupons"): all on Tiong Bahru Claypot (shop 2, S$), which no
// existing test prices, so the other demo shops keep their totals. Its price activities apply by
// themselves; its coupon activities cover every coupon kind of the contract; the demo phone +65 8123 0099
// holds one coupon of each kind (no other demo member holds any, decision C33).
import type { ActivityRules, CouponChannel, CouponTemplateRules, Text } from '../db/schema';

export const DEMO_COUPON_SHOP = 2;
export const DEMO_COUPON_PHONE = '+6581230099';

export interface SeedActivity {
  kind: number;
  name: Text;
  rules?: ActivityRules;
  code?: string;
  userType?: number;
  /** Times red bag: paid orders per reward. */
  limitQuantity?: number;
  templates?: SeedTemplate[];
}

export interface SeedTemplate {
  kind: number;
  name: Text;
  rules: CouponTemplateRules;
  channels: CouponChannel[];
  total?: number;
  perCustomer?: number;
  validityType?: number;
  weekDays?: number[];
  monthDays?: number[];
  validDays?: number;
  overSendMinAmount?: number;
  /** Expand red bag figures (the base is rules.reductionAmount, the minimum spend rules.minAmount). */
  expandLevelOne?: number;
  expandLevelTwo?: number;
  expandMax?: number;
  forwardable?: boolean;
  /** Given to the demo phone. */
  demoHeld?: boolean;
}

const t = (en: string, zh: string): Text => ({ en, zh });
const CLAYPOT_RICE = 2101;
const SAMBAL_KANGKONG = 2105;
const LIME_JUICE = 2111;

export const demoActivities: SeedActivity[] = [
  // Price activities: the engine applies them to every order of the shop.
  {
    kind: 1,
    name: t('Spend S$60, save S$6', '满60减6'),
    rules: { reductionList: [{ full: 6000, less: 600 }] },
  },
  {
    kind: 11,
    name: t('Second claypot rice at half price', '瓦煲饭第二份半价'),
    rules: { discount: 50, productList: [{ id: CLAYPOT_RICE }] },
  },
  // A capped special price (decisions C131–C136): 50 cups in all, at most 2 per customer.
  {
    kind: 3,
    name: t('Lime juice at S$1 (50 cups, 2 each)', '酸柑汁特价1新元（限50杯，每人限2杯）'),
    rules: { limit: 2, productList: [{ id: LIME_JUICE, discountPrice: 100, quantity: 50 }] },
  },
  // Coupon activities.
  {
    kind: 4,
    name: t('Coupon corner', '领券中心'),
    templates: [
      {
        kind: 4,
        name: t('S$5 off over S$30', '满30减5'),
        rules: { reductionAmount: 500, minAmount: 3000 },
        channels: ['activity', 'link'],
        total: 500,
        perCustomer: 2,
        demoHeld: true,
      },
      {
        kind: 17,
        name: t('A free sambal kangkong', '免费参巴空心菜'),
        rules: { productList: [SAMBAL_KANGKONG] },
        channels: ['activity'],
        perCustomer: 1,
        demoHeld: true,
      },
      {
        kind: 1,
        name: t('S$8 off over S$50', '满50减8'),
        rules: { reductionAmount: 800, minAmount: 5000 },
        channels: ['activity'],
        demoHeld: true,
      },
      {
        kind: 2,
        name: t('15% off the bill', '全单85折'),
        rules: { discount: 85, minAmount: 2000 },
        channels: ['activity'],
        validityType: 3,
        weekDays: [1, 2, 3, 4, 5],
        demoHeld: true,
      },
      {
        kind: 3,
        name: t('Claypot rice for S$9.90', '瓦煲饭特价9.90'),
        rules: { discountPrice: 990, productList: [CLAYPOT_RICE] },
        channels: ['activity'],
        demoHeld: true,
      },
      {
        kind: 12,
        name: t('Buy 2 get 1 free', '买二送一'),
        rules: { buyQuantity: 2, freeQuantity: 1 },
        channels: ['activity'],
        validityType: 4,
        monthDays: [1, 8, 15, 22],
        demoHeld: true,
      },
      {
        kind: 11,
        name: t('Second item at 50%', '第二份半价'),
        rules: { discount: 50 },
        channels: ['activity'],
        demoHeld: true,
      },
      {
        kind: 8,
        name: t('S$3 expand coupon', '膨胀券3元'),
        rules: { reductionAmount: 300 },
        channels: ['activity'],
        demoHeld: true,
      },
      {
        kind: 20,
        name: t('Top-up gift S$10', '充值赠券10元'),
        rules: { reductionAmount: 1000, minAmount: 4000, memberCardOnly: true },
        channels: ['activity'],
        demoHeld: true,
      },
    ],
  },
  {
    kind: 10,
    name: t('Come back soon', '下单返券'),
    templates: [
      {
        kind: 10,
        name: t('S$4 off your next order', '下次减4元'),
        rules: { reductionAmount: 400, minAmount: 2000 },
        channels: ['overSend'],
        overSendMinAmount: 3000,
        validDays: 30,
      },
    ],
  },
  {
    kind: 19,
    name: t('Welcome code', '欢迎码'),
    code: 'WELCOME5',
    templates: [
      {
        kind: 4,
        name: t('S$5 welcome coupon', '新客5元券'),
        rules: { reductionAmount: 500, minAmount: 2500 },
        channels: ['code'],
        perCustomer: 1,
        validDays: 14,
      },
    ],
  },
  {
    kind: 14,
    name: t('Hello, new friend', '新朋友礼'),
    templates: [
      {
        kind: 4,
        name: t('S$2 on your first visit', '进店礼2元'),
        rules: { reductionAmount: 200 },
        channels: ['entry'],
      },
      {
        kind: 4,
        name: t('S$6 for joining', '注册礼6元'),
        rules: { reductionAmount: 600, minAmount: 3000 },
        channels: ['register'],
      },
    ],
  },
  // Red bags (README "Coupons": two browsers for the expand bag).
  {
    kind: 8,
    name: t('Grow your red bag', '膨胀红包'),
    templates: [
      {
        kind: 8,
        name: t('Red bag, grows with friends', '好友助力膨胀红包'),
        rules: { reductionAmount: 300, minAmount: 2000 },
        channels: ['expandRedBag'],
        expandLevelOne: 100,
        expandLevelTwo: 50,
        expandMax: 1000,
        forwardable: true,
        validDays: 30,
      },
    ],
  },
  {
    kind: 4,
    name: t('Treat a friend', '请朋友吃饭'),
    templates: [
      {
        kind: 4,
        name: t('S$4 off over S$25, can be forwarded', '满25减4（可转赠）'),
        rules: { reductionAmount: 400, minAmount: 2500 },
        channels: ['activity'],
        perCustomer: 2,
        forwardable: true,
        validDays: 30,
      },
    ],
  },
  {
    kind: 13,
    name: t('Every third order, S$5', '每3单送5元'),
    limitQuantity: 3,
    templates: [
      {
        kind: 4,
        name: t('S$5 for your loyalty', '集单奖励5元'),
        rules: { reductionAmount: 500, minAmount: 2000 },
        channels: ['timesRedBag'],
        validDays: 30,
      },
    ],
  },
  // Members only (userType 2): vip/activities lists it in the member area's "Member offers".
  {
    kind: 4,
    name: t('Members’ lunch treat', '会员午餐礼'),
    userType: 2,
    templates: [
      {
        kind: 4,
        name: t('Members: S$3 off over S$20', '会员专享满20减3'),
        rules: { reductionAmount: 300, minAmount: 2000 },
        channels: ['activity'],
        perCustomer: 1,
        validDays: 30,
      },
    ],
  },
];

/**
 * Jasmine Hill Xintiandi (shop 6, chain of Lujiazui): one coupon to claim, usable in both branches, so a
 * customer ordering from the two branches together chooses which order it goes with.
 */
export const jasmineHillActivities: SeedActivity[] = [
  {
    kind: 4,
    name: t('Tea break coupons', '茶歇领券'),
    templates: [
      {
        kind: 4,
        name: t('¥3 off over ¥15', '满15减3'),
        rules: { reductionAmount: 300, minAmount: 1500 },
        channels: ['activity'],
        perCustomer: 2,
        validDays: 30,
      },
    ],
  },
];

/** Activities of a seed, by shop. */
export interface SeedShopActivities {
  shopId: number;
  activities: SeedActivity[];
  /** A phone that holds one coupon of each template marked demoHeld. */
  holder?: string;
}

export const seedActivities: SeedShopActivities[] = [
  { shopId: DEMO_COUPON_SHOP, activities: demoActivities, holder: DEMO_COUPON_PHONE },
  { shopId: 6, activities: jasmineHillActivities },
];
