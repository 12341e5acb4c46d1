// The Jasmine Hill Tea chain: one membership and one menu across its branches. Each branch gets its own copy
// of the menu with ids from its own block (base + …), because products, tastes and meal groups belong to one
// shop; a branch then marks what it has run out of or does not sell.
import type { SeedChain, SeedProduct, SeedProductType, SeedShop, SeedTasteGroup } from '../types';
import { standardLevels } from './defaults';

export const JASMINE_HILL_CHAIN_ID = 1;

/** Chain-wide member levels: ids from the first branch's block, repeated identically in both branches. */
export const jasmineHillLevels = standardLevels(6901);

export const jasmineHillMemberSetting: SeedShop['memberSetting'] = {
  logo: 'chain-jasmine-hill.webp',
  name: { en: 'Jasmine Hill Members', zh: '茉岭会员' },
  cardLogo: 'chain-jasmine-hill.webp',
  cardName: { en: 'Jasmine Hill card (all branches)', zh: '茉岭通用会员卡' },
  isOpenDiscount: true,
  discountMode: 0,
  isOnlyCardPayForDiscount: false,
  allowRegisterInWeb: true,
  chargeSlogan: { en: 'One card for every branch. Top up 100, get 10', zh: '全门店通用，充 100 送 10' },
  isAllowRecharge: true,
  isFunctionOpen: true,
  terms: {
    en: [
      '1. One Jasmine Hill card works in every branch: Xintiandi and Lujiazui share your balance, points and level.',
      '2. Membership is free and belongs to the phone number you verify by SMS; one card per phone number.',
      '3. Stored and gift balances cannot be exchanged for cash.',
      '4. Paying by card needs your 6-digit pay password; reset it by SMS on the member page if you forget it.',
      '5. Member prices apply to drinks marked as such in every branch.',
    ].join('\n'),
    zh: [
      '1. 茉岭会员卡全门店通用：新天地店与陆家嘴店共享余额、积分与等级。',
      '2. 会员免费注册，与您短信验证的手机号绑定，每个手机号一张卡。',
      '3. 储值余额与赠送余额不可兑换现金。',
      '4. 会员卡支付需输入 6 位支付密码，忘记时可在会员页通过短信重置。',
      '5. 会员价适用于各门店标注会员价的饮品。',
    ].join('\n'),
  },
};

export const jasmineHillChain: SeedChain = {
  id: JASMINE_HILL_CHAIN_ID,
  name: { en: 'Jasmine Hill Tea', zh: '茉岭茶事' },
  members: [
    {
      id: 6801,
      phone: '13800000001',
      name: 'Li Wei',
      levelId: 6902,
      cardNo: '6200060001',
      amount: 8600,
      giftAmount: 1000,
      points: 1520,
      birthday: '1992-05-17',
      gender: 1,
      payPassword: '246810',
    },
    {
      id: 6802,
      phone: '13800000007',
      name: 'Zhao Min',
      levelId: 6903,
      cardNo: '6200060002',
      amount: 30000,
      giftAmount: 5000,
      points: 4890,
      birthday: '1990-03-21',
      gender: 2,
      payPassword: '462819',
    },
    {
      id: 6803,
      phone: '13800000008',
      name: 'Xu Hao',
      levelId: 6901,
      cardNo: '6200060003',
      amount: 1200,
      giftAmount: 0,
      points: 75,
      gender: 1,
      payPassword: '720361',
    },
  ],
};

const sugar = (id: number): SeedTasteGroup => ({
  id,
  name: { en: 'Sweetness', zh: '甜度' },
  optionType: 4,
  required: true,
  maxChoose: 1,
  options: [
    { id: id + 1, name: { en: 'Standard', zh: '标准糖' }, price: 0 },
    { id: id + 2, name: { en: 'Half sugar', zh: '半糖' }, price: 0 },
    { id: id + 3, name: { en: 'A little', zh: '微糖' }, price: 0 },
    { id: id + 4, name: { en: 'No sugar', zh: '不另外加糖' }, price: 0 },
  ],
});

const temperature = (id: number): SeedTasteGroup => ({
  id,
  name: { en: 'Temperature', zh: '温度' },
  optionType: 4,
  required: true,
  maxChoose: 1,
  options: [
    { id: id + 1, name: { en: 'Iced', zh: '冰' }, price: 0 },
    { id: id + 2, name: { en: 'Less ice', zh: '少冰' }, price: 0 },
    { id: id + 3, name: { en: 'Warm', zh: '温' }, price: 0 },
    { id: id + 4, name: { en: 'Hot', zh: '热' }, price: 0 },
  ],
});

const toppings = (id: number): SeedTasteGroup => ({
  id,
  name: { en: 'Toppings', zh: '加料' },
  optionType: 0,
  required: false,
  maxChoose: 3,
  options: [
    { id: id + 1, name: { en: 'Brown sugar boba', zh: '黑糖波波' }, price: 200 },
    { id: id + 2, name: { en: 'Grass jelly', zh: '仙草冻' }, price: 200 },
    { id: id + 3, name: { en: 'Sea-salt cheese foam', zh: '海盐芝士奶盖' }, price: 500 },
  ],
});

const cupSize = (id: number, medium: number): SeedTasteGroup => ({
  id,
  name: { en: 'Cup', zh: '杯型' },
  optionType: 1,
  required: true,
  maxChoose: 1,
  options: [
    { id: id + 1, name: { en: 'Medium 500 ml', zh: '中杯 500ml' }, price: medium },
    { id: id + 2, name: { en: 'Large 700 ml', zh: '大杯 700ml' }, price: medium + 400 },
  ],
});

export type JasmineHillItem =
  | 'jasmineMilkGreen'
  | 'brownSugarBoba'
  | 'osmanthusOolong'
  | 'mangoJasmine'
  | 'cheeseTieguanyin'
  | 'lemonBlackTea'
  | 'matchaLatte'
  | 'morningAmericano'
  | 'eggTart'
  | 'matchaRoll'
  | 'teaAndTartSet';

/**
 * The shared menu with ids from `base` (6000 for the first branch, 7000 for the second). `changes` holds a
 * branch's own state for an item (sold out, offline), or `null` for an item the branch does not sell.
 */
export const jasmineHillMenu = (
  base: number,
  changes: Partial<Record<JasmineHillItem, Partial<SeedProduct> | null>> = {},
): { productTypes: SeedProductType[]; products: SeedProduct[] } => {
  const milkTea = base + 1;
  const fruitTea = base + 2;
  const coffee = base + 3;
  const bakery = base + 4;
  const sets = base + 5;
  const id = (n: number) => base + 100 + n;
  const taste = (n: number) => base + 200 + n;

  const items: Record<JasmineHillItem, SeedProduct> = {
    jasmineMilkGreen: {
      id: id(1),
      typeId: milkTea,
      name: { en: 'Jasmine Milk Green Tea', zh: '茉莉奶绿' },
      description: {
        en: 'Our house jasmine green tea, scented seven times, with fresh milk. The one everyone orders first.',
        zh: '七窨茉莉绿茶配鲜牛奶，第一次来必点的招牌。',
      },
      image: 'tea-jasmine-milk.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 1800,
      memberPrice: 1600,
      notDishware: true,
      sales: 18230,
      tastes: [cupSize(taste(1), 1800), sugar(taste(4)), temperature(taste(9)), toppings(taste(14))],
    },
    brownSugarBoba: {
      id: id(2),
      typeId: milkTea,
      name: { en: 'Brown Sugar Boba Milk', zh: '黑糖波波鲜奶' },
      description: {
        en: 'Slow-cooked brown sugar pearls in cold fresh milk; no tea, all comfort.',
        zh: '慢熬黑糖珍珠倒进冰鲜奶，不加茶，只有满满的治愈。',
      },
      image: 'tea-brown-sugar-boba.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 2200,
      memberPrice: 1900,
      notDishware: true,
      sales: 12744,
      tastes: [temperature(taste(21))],
    },
    osmanthusOolong: {
      id: id(3),
      typeId: milkTea,
      name: { en: 'Osmanthus Oolong', zh: '桂花乌龙' },
      description: {
        en: 'Roasted oolong with a drift of sweet osmanthus, served clear without milk.',
        zh: '炭焙乌龙带一缕桂花甜香，不加奶，清爽回甘。',
      },
      image: 'tea-osmanthus-oolong.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 1600,
      notDishware: true,
      sales: 6402,
      tastes: [sugar(taste(26)), temperature(taste(31))],
    },
    cheeseTieguanyin: {
      id: id(4),
      typeId: milkTea,
      name: { en: 'Cheese Foam Tieguanyin', zh: '芝士铁观音' },
      description: {
        en: 'Floral Tieguanyin under a thick cap of sea-salt cheese foam. Sip it without a straw.',
        zh: '清香铁观音盖上厚厚的海盐芝士奶盖，建议不用吸管直接喝。',
      },
      image: 'tea-cheese-tieguanyin.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 2400,
      memberPrice: 2100,
      notDishware: true,
      sales: 8015,
      tastes: [sugar(taste(36))],
    },
    mangoJasmine: {
      id: id(5),
      typeId: fruitTea,
      name: { en: 'Fresh Mango Jasmine', zh: '鲜芒茉莉' },
      description: {
        en: 'Half a Hainan mango blended with jasmine tea and topped with mango cubes.',
        zh: '半个海南芒果和茉莉茶一起打碎，顶上再铺芒果粒。',
      },
      image: 'tea-mango-jasmine.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 2600,
      originalPrice: 2900,
      notDishware: true,
      sales: 5530,
      tastes: [sugar(taste(41))],
    },
    lemonBlackTea: {
      id: id(6),
      typeId: fruitTea,
      name: { en: 'Hand-pounded Lemon Black Tea', zh: '手打柠檬红茶' },
      description: {
        en: 'Fragrant lemons pounded by hand into Ceylon black tea. Always 14, no further discounts.',
        zh: '香水柠檬手工捶打，加入锡兰红茶。常年 14 元，不参与其他优惠。',
      },
      image: 'tea-lemon-black.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 1400,
      joinDiscount: false,
      notDishware: true,
      sales: 9981,
      tastes: [sugar(taste(46))],
    },
    matchaLatte: {
      id: id(7),
      typeId: coffee,
      name: { en: 'Uji Matcha Latte', zh: '宇治抹茶拿铁' },
      description: {
        en: 'Stone-ground Uji matcha whisked to order over milk.',
        zh: '宇治石磨抹茶现点现刷，倒在牛奶上。',
      },
      image: 'tea-matcha-latte.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 2400,
      notDishware: true,
      sales: 4410,
      tastes: [temperature(taste(51))],
    },
    morningAmericano: {
      id: id(8),
      typeId: coffee,
      name: { en: 'Morning Americano', zh: '早安美式' },
      description: {
        en: 'A large Americano at a commuter price, 08:00 to 11:00 only.',
        zh: '大杯美式通勤价，仅限 08:00–11:00。',
      },
      image: 'tea-americano.webp',
      unit: { en: 'cup', zh: '杯' },
      price: 990,
      originalPrice: 1500,
      joinDiscount: false,
      notDishware: true,
      saleTimes: [{ start: '08:00', end: '11:00' }],
      sales: 7720,
      tastes: [temperature(taste(56))],
    },
    eggTart: {
      id: id(9),
      typeId: bakery,
      name: { en: 'Portuguese Egg Tart', zh: '葡式蛋挞' },
      description: {
        en: 'Flaky pastry and a blistered, wobbly custard, baked every hour.',
        zh: '酥皮层层起酥，焦糖斑点下是嫩滑蛋奶，每小时出炉。',
      },
      image: 'tea-egg-tart.webp',
      unit: { en: 'piece', zh: '个' },
      price: 900,
      memberPrice: 800,
      sales: 11205,
    },
    matchaRoll: {
      id: id(10),
      typeId: bakery,
      name: { en: 'Matcha Cream Roll', zh: '抹茶奶油卷' },
      description: {
        en: 'Light sponge rolled around matcha cream and red bean.',
        zh: '轻盈海绵蛋糕卷入抹茶奶油和红豆。',
      },
      image: 'tea-matcha-roll.webp',
      unit: { en: 'slice', zh: '块' },
      price: 2200,
      sales: 2301,
    },
    teaAndTartSet: {
      id: id(11),
      typeId: sets,
      name: { en: 'Afternoon Tea for One', zh: '一人下午茶' },
      description: {
        en: 'A tea of your choice with an egg tart, 14:00 to 17:00.',
        zh: '任选一杯茶配一个蛋挞，14:00–17:00 供应。',
      },
      image: 'tea-afternoon-set.webp',
      unit: { en: 'set', zh: '份' },
      price: 2200,
      originalPrice: 2700,
      saleTimes: [{ start: '14:00', end: '17:00' }],
      sales: 3046,
      mealGroups: [
        {
          id: base + 401,
          name: { en: 'Tea', zh: '茶饮' },
          chooseCount: 1,
          items: [
            { productId: id(1) },
            { productId: id(3) },
            { productId: id(6) },
            { productId: id(4), price: 400 },
          ],
        },
        { id: base + 402, name: { en: 'Pastry', zh: '点心' }, chooseCount: 1, items: [{ productId: id(9) }] },
      ],
    },
  };

  const products = (Object.keys(items) as JasmineHillItem[]).flatMap((key) => {
    const change = changes[key];
    if (change === null) return [];
    return [{ ...items[key], ...change }];
  });

  return {
    productTypes: [
      { id: milkTea, name: { en: 'Milk & clear teas', zh: '奶茶·原叶茶' }, sort: 1 },
      { id: fruitTea, name: { en: 'Fruit teas', zh: '鲜果茶' }, sort: 2 },
      { id: coffee, name: { en: 'Coffee & matcha', zh: '咖啡·抹茶' }, sort: 3 },
      { id: bakery, name: { en: 'Bakery', zh: '烘焙' }, sort: 4 },
      { id: sets, name: { en: 'Sets', zh: '套餐' }, sort: 5 },
    ],
    products,
  };
};
