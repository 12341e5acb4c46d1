// The store/* calls over HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. The database holds the
// demo shops plus two shops written here: shop 90, whose products each make one catalogue rule observable
// (tracked and untracked stock, specs, sale times, sold-out / offline / deleted items in a meal set), and
// shop 91, which has stopped operating.
import { beforeAll, describe, expect, it } from 'vitest';
import { chains as demoChains, shops as demoShops } from '../../../server/seed/index';
import type { SeedShop } from '../../../server/seed/types';
import {
  checkStockInfo,
  comboCheckInfo,
  levelsInfo,
  paySettingInfo,
  productDetailInfo,
  productsChunkInfo,
  productSearchInfo,
  productsInfo,
  productTastesInfo,
  productTaxesInfo,
  productTypesInfo,
  specProductListInfo,
  stockQueryInfo,
  storeDetailInfo,
  storeListInfo,
  type CheckStockInfo,
  type ComboCheckInfo,
  type PaySettingInfo,
  type ProductsChunkInfo,
  type ProductsInfo,
  type ProductTypesInfo,
  type StockQueryInfo,
} from '../../../src/domain/api/store';
import type { Product, ProductTax, TasteGroup } from '../../../src/domain/catalog';
import { memberSetting } from '../../../src/domain/catalog';
import type { MemberLevel, ShopInfo, ShopSummary } from '../../../src/domain/shop';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { fixtureSettings } from '../helpers/fixture';

const text = (en: string, zh: string) => ({ en, zh });

// Shop 90 — ids from the block 90000-90999.
const P = {
  noodles: 90101, // tracked stock 5, member price, a sold-out taste option
  dumplings: 90102, // untracked, sold 11:00-14:00 only
  soup: 90103, // sold out
  oldDish: 90104, // offline
  goneDish: 90105, // deleted
  tea: 90106, // specs: small (stock 2), large (untracked), hot (sold out)
  lunchSet: 90107, // meal set: items of every state
  cola: 90108, // tracked stock 0
  juice: 90109, // untracked
  colaSet: 90110, // meal set whose only group has no item left to choose
} as const;
const SPEC = { small: 90601, large: 90602, hot: 90603 } as const;
const TYPE = { mains: 90001, drinks: 90002, sets: 90003 } as const;
const TEST_SHOP = 90;
const STOPPED_SHOP = 91;

const testShop: SeedShop = {
  id: TEST_SHOP,
  chainId: null,
  name: text('Test Kitchen', '测试厨房'),
  address: text('90 Test Road', '测试路 90 号'),
  image: 'shop.png',
  orderTypes: ['takeaway', 'selfPickup', 'dine'],
  notification: { isOpen: true, title: text('Hello', '你好'), content: text('Welcome', '欢迎') },
  homeSetting: { defaultPage: 'menu', banners: [{ image: 'banner.png', title: text('Lunch', '午餐') }] },
  prefixNames: [text('Table', '桌号')],
  settings: {
    ...fixtureSettings,
    businessTimeRange: [
      { start: '10:00', end: '14:00' },
      { start: '17:00', end: '22:00' },
    ],
    mustPickTypeId: TYPE.sets,
  },
  memberSetting: {
    logo: 'logo.png',
    name: text('Kitchen Club', '厨房会员'),
    cardLogo: '',
    cardName: text('Kitchen card', '厨房卡'),
    isOpenDiscount: true,
    discountMode: 1,
    isOnlyCardPayForDiscount: false,
    allowRegisterInWeb: true,
    chargeSlogan: text('Top up and save', '充值更优惠'),
    isAllowRecharge: true,
    isFunctionOpen: true,
  },
  memberLevels: [
    { id: 90902, name: text('Gold', '金卡'), discount: 90, level: 2 },
    { id: 90901, name: text('Silver', '银卡'), discount: 100, level: 1 },
  ],
  smsQuota: 10,
  productTypes: [
    { id: TYPE.drinks, name: text('Drinks', '饮品'), sort: 2 },
    { id: TYPE.mains, name: text('Mains', '主食'), sort: 1 },
    { id: TYPE.sets, name: text('Sets', '套餐'), sort: 3 },
  ],
  products: [
    {
      id: P.noodles,
      typeId: TYPE.mains,
      name: text('Beef Noodles', '牛肉面'),
      description: text('Slow-braised beef', '慢炖牛肉'),
      image: 'noodles.png',
      price: 1800,
      memberPrice: 1500,
      stock: 5,
      taxIds: [90801],
      tastes: [
        {
          id: 90201,
          name: text('Spice', '辣度'),
          optionType: 4,
          required: true,
          maxChoose: 1,
          options: [
            { id: 90202, name: text('Mild', '微辣'), price: 0 },
            { id: 90203, name: text('Volcano', '火山辣'), price: 0, soldOut: true },
          ],
        },
      ],
    },
    {
      id: P.dumplings,
      typeId: TYPE.mains,
      name: text('Pork Dumplings', '猪肉饺子'),
      description: text('', ''),
      image: 'dumplings.png',
      price: 2000,
      saleTimes: [{ start: '11:00', end: '14:00' }],
    },
    {
      id: P.soup,
      typeId: TYPE.mains,
      name: text('Noodle Soup', '汤面'),
      description: text('', ''),
      image: 'soup.png',
      price: 1600,
      state: 1,
    },
    {
      id: P.oldDish,
      typeId: TYPE.mains,
      name: text('Beef Noodles Classic', '经典牛肉面'),
      description: text('', ''),
      image: 'old.png',
      price: 1700,
      state: 2,
    },
    {
      id: P.goneDish,
      typeId: TYPE.mains,
      name: text('Beef Noodles Retired', '旧牛肉面'),
      description: text('', ''),
      image: 'gone.png',
      price: 1700,
      state: 3,
    },
    {
      id: P.tea,
      typeId: TYPE.drinks,
      name: text('Jasmine Tea', '茉莉花茶'),
      description: text('', ''),
      image: 'tea.png',
      price: 800,
      specDimensions: [
        { name: text('Size', '杯型'), values: [text('Small', '小杯'), text('Large', '大杯')] },
      ],
      specs: [
        { id: SPEC.small, values: [text('Small', '小杯')], price: 800, memberPrice: 700, stock: 2 },
        { id: SPEC.large, values: [text('Large', '大杯')], price: 1200 },
        { id: SPEC.hot, values: [text('Hot', '热饮')], price: 1000, soldOut: true },
      ],
    },
    {
      id: P.lunchSet,
      typeId: TYPE.sets,
      name: text('Lunch Set', '午餐套餐'),
      description: text('', ''),
      image: 'set.png',
      price: 3000,
      mealGroups: [
        {
          id: 90701,
          name: text('Main', '主食'),
          chooseCount: 1,
          items: [{ productId: P.noodles }, { productId: P.oldDish }, { productId: P.goneDish }],
        },
        {
          id: 90702,
          name: text('Drink', '饮品'),
          chooseCount: 1,
          items: [{ productId: P.cola }, { productId: P.juice, price: 200 }, { productId: P.dumplings }],
        },
      ],
    },
    {
      id: P.colaSet,
      typeId: TYPE.sets,
      name: text('Cola Set', '可乐套餐'),
      description: text('', ''),
      image: 'cola-set.png',
      price: 1000,
      mealGroups: [
        {
          id: 90703,
          name: text('Drink', '饮品'),
          chooseCount: 1,
          items: [{ productId: P.cola }, { productId: P.oldDish }],
        },
      ],
    },
    {
      id: P.cola,
      typeId: TYPE.drinks,
      name: text('Cola', '可乐'),
      description: text('', ''),
      image: 'cola.png',
      price: 500,
      stock: 0,
    },
    {
      id: P.juice,
      typeId: TYPE.drinks,
      name: text('Orange Juice', '橙汁'),
      description: text('', ''),
      image: 'juice.png',
      price: 900,
    },
  ],
  taxes: [{ id: 90801, name: text('VAT', '增值税'), mode: 1, value: 6 }],
  tables: [],
  members: [],
};

const stoppedShop: SeedShop = {
  ...testShop,
  id: STOPPED_SHOP,
  name: text('Closed Kitchen', '停业厨房'),
  settings: { ...testShop.settings, realShopStatus: -1, shopStatus: -1, mustPickTypeId: null },
  memberLevels: [],
  productTypes: [{ id: 91001, name: text('Mains', '主食'), sort: 1 }],
  products: [
    {
      id: 91101,
      typeId: 91001,
      name: text('Rice', '米饭'),
      description: text('', ''),
      image: 'rice.png',
      price: 300,
    },
  ],
  taxes: [],
};

const seed = { chains: demoChains, shops: [...demoShops, testShop, stoppedShop] };

/** 12:00 in Shanghai on a Monday: lunch items are on sale. */
const NOON = '2026-03-02T04:00:00Z';
/** 16:00 in Shanghai: outside the lunch sale time. */
const AFTERNOON = '2026-03-02T08:00:00Z';

describe.each(testDatabases)('store calls on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed, clock });
  let token: string;
  const tokens = new Map<number, string>();

  const post = <T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    h.call<T>(path, body, { language: 'en', ...headers });

  async function enter(shopId: number): Promise<string> {
    const known = tokens.get(shopId);
    if (known) return known;
    const r = await post<{ token: string }>('user/h5entry', { id: shopId });
    expect(r.body.result).toBe(true);
    tokens.set(shopId, r.body.info.token);
    return r.body.info.token;
  }

  /** A successful call in the test shop's session; returns the info. */
  async function ok<T>(path: string, body: unknown = {}, language = 'en'): Promise<T> {
    const r = await post<T>(path, body, { token, language });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }

  /** A refused call in the test shop's session; returns the message. */
  async function refused(path: string, body: unknown, language = 'en'): Promise<string> {
    const r = await post(path, body, { token, language });
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(false);
    expect(r.body.message).not.toBe('');
    return r.body.message;
  }

  beforeAll(async () => {
    token = await enter(TEST_SHOP);
  });

  describe('store/list and store/detail (no token)', () => {
    it('lists every shop in the request language, the stopped one included', async () => {
      const r = await post<ShopSummary[]>('store/list', {}, { language: 'zh-CN' });
      expect(r.body.result).toBe(true);
      const list = storeListInfo.parse(r.body.info);
      expect(list.map((s) => s.id)).toEqual([...seed.shops.map((s) => s.id)].sort((a, b) => a - b));
      expect(list.find((s) => s.id === TEST_SHOP)?.name).toBe('测试厨房');
      expect(list.find((s) => s.id === STOPPED_SHOP)?.realShopStatus).toBe(-1);
      expect(list.find((s) => s.id === TEST_SHOP)?.businessHours).toBe('10:00-14:00, 17:00-22:00');
    });

    it('filters the list by chain', async () => {
      const chainId = demoChains[0]!.id;
      const r = await post<ShopSummary[]>('store/list', { chainId });
      const expected = demoShops.filter((s) => s.chainId === chainId).map((s) => s.id);
      expect(expected.length).toBeGreaterThan(1);
      expect(r.body.info.map((s) => s.id)).toEqual(expected.sort((a, b) => a - b));
      expect(r.body.info.every((s) => s.chainName !== null)).toBe(true);
    });

    it('answers the detail of every demo shop with a valid shop info', async () => {
      for (const shop of demoShops) {
        const r = await post<ShopInfo>('store/detail', { appId: shop.id });
        expect(r.body.result, `shop ${shop.id}: ${r.body.message}`).toBe(true);
        const info = storeDetailInfo.parse(r.body.info);
        expect(info.name).toBe(shop.name.en);
        expect(info.memberLevels.map((l) => l.id).sort()).toEqual(shop.memberLevels.map((l) => l.id).sort());
      }
    });

    it('maps the texts, images and levels of a shop', async () => {
      const r = await post<ShopInfo>('store/detail', { appId: TEST_SHOP }, { language: 'zh-TW' });
      const info = r.body.info;
      expect(info.name).toBe('测试厨房');
      expect(info.notification).toEqual({ isOpen: true, title: '你好', content: '欢迎' });
      expect(info.prefixNames).toEqual(['桌号']);
      expect(info.image).toBe('/assets/demo/shop.png');
      expect(info.homeSetting.banners[0]).toEqual({ image: '/assets/demo/banner.png', title: '午餐' });
      expect(info.memberLevels.map((l) => [l.name, l.level])).toEqual([
        ['银卡', 1],
        ['金卡', 2],
      ]);
      expect(info.mustPickTypeId).toBe(TYPE.sets);
    });

    it('answers the detail of a stopped shop so the browser can show the stopped dialog', async () => {
      const r = await post<ShopInfo>('store/detail', { appId: STOPPED_SHOP });
      expect(r.status).toBe(200);
      expect(r.body.info.realShopStatus).toBe(-1);
    });

    it('refuses an unknown shop and a malformed id in the request language', async () => {
      const unknown = await post('store/detail', { appId: 999_999 }, { language: 'fr' });
      expect(unknown.body).toMatchObject({ result: false, message: "Cette boutique n'existe pas." });
      for (const appId of [0, -3, 1.5, '1', null]) {
        const bad = await post('store/detail', { appId });
        expect(bad.status).toBe(200);
        expect(bad.body.result).toBe(false);
        expect(bad.body.message).toContain('appId');
      }
      const badChain = await post('store/list', { chainId: 'x' });
      expect(badChain.body.result).toBe(false);
    });
  });

  describe('session rules', () => {
    it('needs a token for the shop calls', async () => {
      const r = await post('store/products', {});
      expect(r.status).toBe(401);
      expect(r.body.result).toBe(false);
      const expired = await post('store/products', {}, { token: 'not-a-token' });
      expect(expired.status).toBe(401);
    });

    it('answers 403 for a shop that has stopped operating', async () => {
      const stopped = await enter(STOPPED_SHOP);
      for (const path of ['store/products', 'store/paySetting', 'store/checkStock']) {
        const body = path === 'store/checkStock' ? { products: [{ id: 91101, quantity: 1 }] } : {};
        const r = await post(path, body, { token: stopped, language: 'zh-CN' });
        expect(r.status).toBe(403);
        expect(r.body.result).toBe(false);
        expect(r.body.message).toContain('停止营业');
      }
    });

    it('reads the session’s shop, never another shop’s products', async () => {
      const message = await refused('store/productDetail', { id: 1101 });
      expect(message).toBe('Product 1101 does not exist in this shop.');
    });
  });

  describe('shop settings', () => {
    it('offers the pay types of the shop per order type', async () => {
      const all = paySettingInfo.parse(await ok<PaySettingInfo>('store/paySetting'));
      // A shop charging in yuan also takes the AllinPay bank-card and wallet page.
      expect(all.payTypes.map((p) => p.payType)).toEqual(['Card', 'AllinPay', 'Cash', 'COD', 'VIP']);
      const vip = all.payTypes.find((p) => p.payType === 'VIP')!;
      expect(vip).toMatchObject({ name: 'Kitchen card', needsMember: true, online: false });
      expect(all.payTypes.find((p) => p.payType === 'COD')!.orderTypes).toEqual(['takeaway']);
      expect(all.payTypes.find((p) => p.payType === 'Cash')!.orderTypes).toEqual(['selfPickup', 'dine']);

      const takeaway = await ok<PaySettingInfo>('store/paySetting', { orderType: 'takeaway' }, 'zh-CN');
      expect(takeaway.payTypes.map((p) => [p.payType, p.name])).toEqual([
        ['Card', '在线支付'],
        ['AllinPay', '银行卡/钱包（通联支付）'],
        ['COD', '货到付款'],
        ['VIP', '厨房卡'],
      ]);
      await refused('store/paySetting', { orderType: 'delivery' });
    });

    it('recharges the member card online only', async () => {
      const info = await ok<PaySettingInfo>('store/vipChargePaySetting', {}, 'es');
      expect(info.payTypes).toEqual([
        { id: 1, payType: 'Card', name: 'Pago en línea', orderTypes: [], needsMember: false, online: true },
      ]);
    });

    it('lists member levels lowest first and the member settings in the request language', async () => {
      const levels = levelsInfo.parse(await ok<MemberLevel[]>('store/levels'));
      expect(levels.map((l) => l.name)).toEqual(['Silver', 'Gold']);
      const setting = memberSetting.parse(await ok('store/memberSetting', {}, 'zh-CN'));
      expect(setting).toMatchObject({ name: '厨房会员', cardName: '厨房卡', logo: '/assets/demo/logo.png' });
    });

    it('lists the chain’s levels for a chain shop', async () => {
      const chainShop = demoShops.find((s) => s.chainId !== null)!;
      const r = await post<MemberLevel[]>('store/levels', {}, { token: await enter(chainShop.id) });
      expect(r.body.info.map((l) => l.id)).toEqual(
        [...chainShop.memberLevels].sort((a, b) => a.level - b.level).map((l) => l.id),
      );
    });

    it('answers the product taxes', async () => {
      const taxes = productTaxesInfo.parse(await ok<ProductTax[]>('store/productTaxes', {}, 'zh-CN'));
      expect(taxes).toEqual([{ id: 90801, name: '增值税', mode: 1, value: 6 }]);
    });
  });

  describe('catalogue reads', () => {
    const byId = (list: Product[]) => new Map(list.map((p) => [p.id, p]));

    it('lists the menu in category order with states computed now', async () => {
      clock.set(NOON);
      const info = productsInfo.parse(await ok<ProductsInfo>('store/products'));
      // Mains (sort 1), then drinks (2), then sets (3); offline and deleted are not listed.
      expect(info.list.map((p) => p.id)).toEqual([
        P.noodles,
        P.dumplings,
        P.soup,
        P.tea,
        P.cola,
        P.juice,
        P.lunchSet,
        P.colaSet,
      ]);
      const products = byId(info.list);
      expect(products.get(P.noodles)).toMatchObject({ state: 0, stock: 5, price: 1800, memberPrice: 1500 });
      expect(products.get(P.dumplings)!.state).toBe(0);
      expect(products.get(P.soup)!.state).toBe(1);
      expect(products.get(P.cola)!.state).toBe(1);
      // Every drink of the cola set is sold out or offline, so the set cannot be made up.
      expect(products.get(P.colaSet)!.state).toBe(1);
      expect(products.get(P.lunchSet)!.state).toBe(0);
      expect(products.get(P.tea)!.specs.map((s) => [s.id, s.name, s.stock, s.state, s.memberPrice])).toEqual([
        [SPEC.small, 'Small', 2, 0, 700],
        [SPEC.large, 'Large', null, 0, null],
        [SPEC.hot, 'Hot', null, 1, null],
      ]);
    });

    it('reports 101 out of the sale time, in the shop’s time zone', async () => {
      clock.set(AFTERNOON);
      const info = await ok<ProductsInfo>('store/products');
      expect(byId(info.list).get(P.dumplings)!.state).toBe(101);
      clock.set('2026-03-02T03:00:00Z'); // 11:00 Shanghai: the range starts inclusive
      expect(byId((await ok<ProductsInfo>('store/products')).list).get(P.dumplings)!.state).toBe(0);
      clock.set('2026-03-02T06:00:00Z'); // 14:00 Shanghai: the range ends exclusive
      expect(byId((await ok<ProductsInfo>('store/products')).list).get(P.dumplings)!.state).toBe(101);
      clock.set(NOON);
    });

    it('switches every text with the language (zh-TW reads zh-CN, fr reads en)', async () => {
      const zh = byId((await ok<ProductsInfo>('store/products', {}, 'zh-CN')).list);
      const tw = byId((await ok<ProductsInfo>('store/products', {}, 'zh-TW')).list);
      const fr = byId((await ok<ProductsInfo>('store/products', {}, 'fr')).list);
      expect(zh.get(P.noodles)!.name).toBe('牛肉面');
      expect(zh.get(P.noodles)!.tastes[0]!.options.map((o) => o.name)).toEqual(['微辣', '火山辣']);
      expect(zh.get(P.tea)!.specDimensions).toEqual([{ name: '杯型', values: ['小杯', '大杯'] }]);
      expect(zh.get(P.lunchSet)!.mealGroups[1]!.name).toBe('饮品');
      expect(tw.get(P.noodles)!.name).toBe('牛肉面');
      expect(fr.get(P.noodles)!.name).toBe('Beef Noodles');
    });

    it('keeps the version while the menu is unchanged and flags a changed one', async () => {
      const first = await ok<ProductsInfo>('store/products');
      expect(first.changed).toBe(false);
      const same = await ok<ProductsInfo>('store/products', { version: first.version }, 'zh-CN');
      expect(same).toMatchObject({ version: first.version, changed: false });
      const types = await ok<ProductTypesInfo>('store/productTypes', { version: first.version });
      expect(types.version).toBe(first.version);
      const stale = await ok<ProductsInfo>('store/products', { version: 'older-menu' });
      expect(stale).toMatchObject({ version: first.version, changed: true });
      const chunk = await ok<ProductsChunkInfo>('store/productsChunk', {
        type: 'category',
        typeId: TYPE.mains,
        version: 'older-menu',
      });
      expect(chunk.changed).toBe(true);
      await refused('store/products', { version: 'x'.repeat(65) });
    });

    it('lists the categories with their product counts and the must-pick flag', async () => {
      const info = productTypesInfo.parse(await ok('store/productTypes', {}, 'zh-CN'));
      expect(info.list.map((t) => [t.id, t.name, t.productCount, t.isMustPick])).toEqual([
        [TYPE.mains, '主食', 3, false],
        [TYPE.drinks, '饮品', 3, false],
        [TYPE.sets, '套餐', 2, true],
      ]);
    });

    it('answers the first pages of the top categories with the categories when asked (firstPages)', async () => {
      const plain = productTypesInfo.parse(await ok('store/productTypes', {}));
      expect(plain.firstPages).toBeUndefined();
      // Mains hold 3 products: 2 wanted are reached with the first category, 4 with the second.
      const two = productTypesInfo.parse(await ok('store/productTypes', { firstPages: 2 }));
      expect(two.list).toEqual(plain.list);
      expect(two.firstPages!.map((p) => [p.typeId, p.list.map((x) => x.id), p.hasMore])).toEqual([
        [TYPE.mains, [P.noodles, P.dumplings], true],
      ]);
      const four = productTypesInfo.parse(await ok('store/productTypes', { firstPages: 4 }));
      expect(four.firstPages!.map((p) => p.typeId)).toEqual([TYPE.mains, TYPE.drinks]);
      // Each is the category's page 1 as store/productsChunk answers it, with the same page size.
      for (const page of four.firstPages!) {
        const { typeId, ...chunk } = page;
        expect(chunk).toEqual(
          await ok('store/productsChunk', { type: 'category', typeId, page: 1, pageLimit: 4 }),
        );
      }
      await refused('store/productTypes', { firstPages: 101 });
      await refused('store/productTypes', { firstPages: 0 });
    });

    it('pages one category', async () => {
      const page1 = productsChunkInfo.parse(
        await ok('store/productsChunk', { type: 'category', typeId: TYPE.mains, page: 1, pageLimit: 2 }),
      );
      expect(page1).toMatchObject({ page: 1, pageLimit: 2, total: 3, hasMore: true });
      expect(page1.list.map((p) => p.id)).toEqual([P.noodles, P.dumplings]);
      const page2 = await ok<ProductsChunkInfo>('store/productsChunk', {
        type: 'category',
        typeId: TYPE.mains,
        page: 2,
        pageLimit: 2,
      });
      expect(page2).toMatchObject({ total: 3, hasMore: false });
      expect(page2.list.map((p) => p.id)).toEqual([P.soup]);
      const beyond = await ok<ProductsChunkInfo>('store/productsChunk', {
        type: 'category',
        typeId: TYPE.mains,
        page: 5,
        pageLimit: 2,
      });
      expect(beyond).toMatchObject({ list: [], total: 3, hasMore: false });
    });

    it('pages given ids in the order given, whatever their state', async () => {
      const info = await ok<ProductsChunkInfo>('store/productsChunk', {
        type: 'ids',
        ids: [P.goneDish, P.juice, P.oldDish],
      });
      expect(info.list.map((p) => [p.id, p.state])).toEqual([
        [P.goneDish, 3],
        [P.juice, 0],
        [P.oldDish, 2],
      ]);
      expect(info).toMatchObject({ page: 1, pageLimit: 20, total: 3, hasMore: false });
    });

    it('refuses bad chunk requests', async () => {
      expect(await refused('store/productsChunk', { type: 'category', typeId: 1001 })).toBe(
        'Category 1001 does not exist in this shop.',
      );
      expect(await refused('store/productsChunk', { type: 'ids', ids: [P.juice, 1101] }, 'zh-CN')).toBe(
        '本店没有编号为 1101 的商品。',
      );
      await refused('store/productsChunk', { type: 'ids', ids: [] });
      await refused('store/productsChunk', { type: 'ids', ids: [P.juice, P.juice] });
      await refused('store/productsChunk', { type: 'ids', ids: [1.5] });
      await refused('store/productsChunk', { type: 'category', typeId: TYPE.mains, pageLimit: 101 });
      await refused('store/productsChunk', { type: 'category', typeId: TYPE.mains, page: 0 });
      await refused('store/productsChunk', { type: 'everything' });
    });

    it('answers one product by id, deleted ones included', async () => {
      const noodles = productDetailInfo.parse(await ok('store/productDetail', { id: P.noodles }, 'zh-CN'));
      expect(noodles).toMatchObject({
        name: '牛肉面',
        description: '慢炖牛肉',
        image: '/assets/demo/noodles.png',
        taxIds: [90801],
        memberPrice: 1500,
      });
      expect((await ok<Product>('store/productDetail', { id: P.goneDish })).state).toBe(3);
      expect(await refused('store/productDetail', { id: 424242 })).toBe(
        'Product 424242 does not exist in this shop.',
      );
      await refused('store/productDetail', { id: '90101' });
    });

    it('shows meal items with their states and surcharges', async () => {
      const set = await ok<Product>('store/productDetail', { id: P.lunchSet });
      expect(set.mealGroups.map((g) => g.items.map((i) => [i.productId, i.state, i.price]))).toEqual([
        [
          [P.noodles, 0, 0],
          [P.oldDish, 2, 0],
          [P.goneDish, 3, 0],
        ],
        [
          [P.cola, 1, 0],
          [P.juice, 0, 200],
          [P.dumplings, 0, 0],
        ],
      ]);
      expect(set.state).toBe(0);
    });

    it('lists spec products, on sale only unless asked for all', async () => {
      const onSale = specProductListInfo.parse(await ok('store/specProductList', {}));
      expect(onSale.map((p) => p.id)).toEqual([P.tea]);
      const all = await ok<Product[]>('store/specProductList', { includeNotSale: true });
      expect(all.map((p) => p.id)).toEqual([P.tea]);
      await refused('store/specProductList', { includeNotSale: 'yes' });
    });

    it('lists a demo shop’s spec products, sold-out ones only with includeNotSale', async () => {
      const shop = demoShops.find((s) =>
        s.products.some((p) => (p.specs?.length ?? 0) > 0 && p.state === 1),
      )!;
      const withSpecs = shop.products.filter((p) => (p.specs?.length ?? 0) > 0 && (p.state ?? 0) !== 3);
      const shopToken = await enter(shop.id);
      const onSale = await post<Product[]>('store/specProductList', {}, { token: shopToken });
      const all = await post<Product[]>(
        'store/specProductList',
        { includeNotSale: true },
        { token: shopToken },
      );
      expect(all.body.info.map((p) => p.id).sort()).toEqual(withSpecs.map((p) => p.id).sort());
      expect(onSale.body.info.length).toBeLessThan(all.body.info.length);
      expect(onSale.body.info.every((p) => p.state === 0 && p.specs.length > 0)).toBe(true);
    });

    it('keeps sold-out taste options only for the new picker', async () => {
      const fresh = productTastesInfo.parse(
        await ok('store/productTastes', { productId: P.noodles, isNewVersion: true }),
      );
      expect(fresh.tastes[0]!.options.map((o) => [o.name, o.state])).toEqual([
        ['Mild', 0],
        ['Volcano', 1],
      ]);
      const old = await ok<{ tastes: TasteGroup[] }>('store/productTastes', { productId: P.noodles });
      expect(old.tastes[0]!.options.map((o) => o.name)).toEqual(['Mild']);
      expect(await ok<{ tastes: TasteGroup[] }>('store/productTastes', { productId: P.juice })).toEqual({
        productId: P.juice,
        tastes: [],
      });
      await refused('store/productTastes', { productId: 1101 });
      await refused('store/productTastes', {});
    });
  });

  describe('demo catalogue', () => {
    it('reports every demo product in the state its data implies', async () => {
      clock.set(NOON);
      for (const shop of demoShops) {
        const shopToken = await enter(shop.id);
        const r = await post<ProductsInfo>('store/products', {}, { token: shopToken, language: 'zh-CN' });
        expect(r.body.result, `shop ${shop.id}: ${r.body.message}`).toBe(true);
        const listed = byIdOf(productsInfo.parse(r.body.info).list);
        for (const seeded of shop.products) {
          const got = listed.get(seeded.id);
          if (seeded.state === 2 || seeded.state === 3) {
            expect(got, `${seeded.id} is offline or deleted`).toBeUndefined();
            continue;
          }
          expect(got, `${seeded.id} is listed`).toBeDefined();
          expect(got!.name).toBe(seeded.name.zh);
          if (seeded.state === 1 || seeded.stock === 0) expect(got!.state).toBe(1);
          if (seeded.memberPrice) expect(got!.memberPrice).toBe(seeded.memberPrice);
        }
      }
    });
  });

  describe('productSearch', () => {
    const search = async (searchText: string, language = 'en') =>
      (await ok<{ list: Product[] }>('store/productSearch', { searchText }, language)).list.map((p) => p.id);

    it('matches names in both catalogue languages, ignoring case', async () => {
      expect(await search('beef NOODLES')).toEqual([P.noodles]);
      expect(await search('牛肉')).toEqual([P.noodles]);
      expect(await search('noodle')).toEqual([P.noodles, P.soup]);
      expect(await search('  juice ')).toEqual([P.juice]);
      expect(await search('ＣＯＬＡ')).toEqual([P.cola, P.colaSet]);
      expect(await search('pizza')).toEqual([]);
    });

    it('answers in the request language and leaves offline and deleted products out', async () => {
      const info = productSearchInfo.parse(await ok('store/productSearch', { searchText: 'Beef' }, 'zh-CN'));
      expect(info.list.map((p) => [p.id, p.name])).toEqual([[P.noodles, '牛肉面']]);
      expect(info.version).toBe((await ok<ProductsInfo>('store/products')).version);
    });

    it('treats LIKE wildcards as plain text', async () => {
      expect(await search('%')).toEqual([]);
      expect(await search('_')).toEqual([]);
    });

    it('refuses empty and too-long search text', async () => {
      await refused('store/productSearch', { searchText: '   ' });
      expect(await refused('store/productSearch', { searchText: 'x'.repeat(51) }, 'zh-CN')).toContain(
        'searchText',
      );
      await refused('store/productSearch', {});
    });
  });

  describe('checkStock', () => {
    const check = (products: unknown[]) => ok<CheckStockInfo>('store/checkStock', { products });

    it('answers all-null when everything can be supplied', async () => {
      const info = checkStockInfo.parse(
        await check([
          { id: P.noodles, quantity: 5 },
          { id: P.juice, quantity: 999 },
          { id: SPEC.small, quantity: 2 },
          { id: SPEC.large, quantity: 50 },
        ]),
      );
      expect(info).toEqual({ id: null, name: null, remaining: null, reason: null });
    });

    it('returns the first insufficient line in request order', async () => {
      expect(
        await check([
          { id: P.juice, quantity: 1 },
          { id: SPEC.small, quantity: 3 },
          { id: P.noodles, quantity: 6 },
        ]),
      ).toEqual({ id: SPEC.small, name: 'Jasmine Tea (Small)', remaining: 2, reason: 'insufficient' });
      expect(
        await check([
          { id: P.noodles, quantity: 6 },
          { id: SPEC.small, quantity: 3 },
        ]),
      ).toMatchObject({ id: P.noodles, remaining: 5, reason: 'insufficient' });
    });

    it('adds up lines of the same product, such as a product and the same product in a meal', async () => {
      expect(
        await check([
          { id: P.noodles, quantity: 3 },
          { id: P.juice, quantity: 1 },
          { id: P.noodles, quantity: 3 },
        ]),
      ).toMatchObject({ id: P.noodles, remaining: 5 });
      expect(
        await check([
          { id: P.noodles, quantity: 2 },
          { id: P.noodles, quantity: 3 },
        ]),
      ).toMatchObject({ id: null });
    });

    it('accepts a spec by spec id or by product id with specId', async () => {
      expect(await check([{ id: P.tea, specId: SPEC.small, quantity: 3 }])).toMatchObject({
        id: P.tea,
        remaining: 2,
        reason: 'insufficient',
      });
      expect(await check([{ id: P.tea, specId: SPEC.hot, quantity: 1 }])).toMatchObject({
        reason: 'soldOut',
      });
      expect(await check([{ id: SPEC.hot, quantity: 1 }])).toMatchObject({ id: SPEC.hot, reason: 'soldOut' });
    });

    it('names the reason a product cannot be supplied at all', async () => {
      expect(await check([{ id: P.soup, quantity: 1 }])).toMatchObject({
        id: P.soup,
        reason: 'soldOut',
        remaining: 0,
      });
      expect(await check([{ id: P.cola, quantity: 1 }])).toMatchObject({
        reason: 'insufficient',
        remaining: 0,
      });
      expect(await check([{ id: P.oldDish, quantity: 1 }])).toMatchObject({ reason: 'offline' });
      expect(await check([{ id: P.goneDish, quantity: 1 }])).toMatchObject({ reason: 'deleted' });
      expect(await check([{ id: P.colaSet, quantity: 1 }])).toMatchObject({
        reason: 'soldOut',
        remaining: 0,
      });
      clock.set(AFTERNOON);
      expect(await check([{ id: P.dumplings, quantity: 1 }])).toMatchObject({ reason: 'outOfSaleTime' });
      clock.set(NOON);
      expect(await check([{ id: P.dumplings, quantity: 1 }])).toMatchObject({ id: null });
    });

    it('names the product in the request language', async () => {
      const r = await ok<CheckStockInfo>(
        'store/checkStock',
        { products: [{ id: SPEC.small, quantity: 9 }] },
        'zh-CN',
      );
      expect(r.name).toBe('茉莉花茶 (小杯)');
    });

    it('refuses bad lines without answering any of them', async () => {
      await refused('store/checkStock', { products: [{ id: P.noodles, quantity: -1 }] });
      await refused('store/checkStock', { products: [{ id: P.noodles, quantity: 0 }] });
      await refused('store/checkStock', { products: [{ id: P.noodles, quantity: 1.5 }] });
      await refused('store/checkStock', { products: [{ id: 'abc', quantity: 1 }] });
      await refused('store/checkStock', { products: [] });
      await refused('store/checkStock', {});
      expect(
        await refused('store/checkStock', {
          products: [
            { id: P.cola, quantity: 1 },
            { id: 777, quantity: 1 },
          ],
        }),
      ).toBe('Product 777 does not exist in this shop.');
      expect(
        await refused('store/checkStock', { products: [{ id: P.noodles, specId: SPEC.small, quantity: 1 }] }),
      ).toBe(`Product ${P.noodles} has no option ${SPEC.small}.`);
    });
  });

  describe('stockQuery', () => {
    it('lists every stock-tracked product and spec of the shop', async () => {
      const records = stockQueryInfo.parse(await ok('store/stockQuery', {}));
      expect(records).toEqual([
        { product_id: P.noodles, spec_id: null, stock_quantity: 5, order_quantity: 0 },
        { product_id: SPEC.small, spec_id: SPEC.small, stock_quantity: 2, order_quantity: 0 },
        { product_id: P.cola, spec_id: null, stock_quantity: 0, order_quantity: 0 },
      ]);
    });

    it('reports the asked lines with the summed quantity, untracked as null', async () => {
      const records = await ok<StockQueryInfo>('store/stockQuery', {
        products: [
          { id: P.noodles, quantity: 2 },
          { id: P.juice, quantity: 1 },
          { id: P.noodles, quantity: 4 },
          { id: P.tea, specId: SPEC.small, quantity: 1 },
        ],
      });
      expect(records).toEqual([
        { product_id: P.noodles, spec_id: null, stock_quantity: 5, order_quantity: 6 },
        { product_id: P.juice, spec_id: null, stock_quantity: null, order_quantity: 1 },
        { product_id: P.tea, spec_id: SPEC.small, stock_quantity: 2, order_quantity: 1 },
      ]);
    });

    it('refuses unknown ids and bad quantities', async () => {
      await refused('store/stockQuery', { products: [{ id: 5, quantity: 1 }] });
      await refused('store/stockQuery', { products: [{ id: P.noodles, quantity: -2 }] });
      await refused('store/stockQuery', { products: [] });
    });
  });

  describe('comboCheck', () => {
    it('sorts the unavailable meal items into offline, saleOut and deleted', async () => {
      clock.set(NOON);
      const info = comboCheckInfo.parse(await ok('store/comboCheck', { productId: P.lunchSet }));
      expect(info).toEqual({ offline: [P.oldDish], saleOut: [P.cola], deleted: [P.goneDish] });
    });

    it('counts an item out of its sale time as offline', async () => {
      clock.set(AFTERNOON);
      const info = await ok<ComboCheckInfo>('store/comboCheck', { productId: P.lunchSet });
      expect(info.offline).toEqual([P.oldDish, P.dumplings]);
      clock.set(NOON);
    });

    it('returns every item with its state for the new picker', async () => {
      const info = await ok<ComboCheckInfo>('store/comboCheck', {
        productId: P.lunchSet,
        isNewVersion: true,
      });
      expect(info.groups).toEqual([
        {
          id: 90701,
          items: [
            { productId: P.noodles, state: 0 },
            { productId: P.oldDish, state: 2 },
            { productId: P.goneDish, state: 3 },
          ],
        },
        {
          id: 90702,
          items: [
            { productId: P.cola, state: 1 },
            { productId: P.juice, state: 0 },
            { productId: P.dumplings, state: 0 },
          ],
        },
      ]);
    });

    it('refuses a product that is not a meal set, or unknown', async () => {
      expect(await refused('store/comboCheck', { productId: P.noodles }, 'zh-CN')).toBe('牛肉面 不是套餐。');
      await refused('store/comboCheck', { productId: 31337 });
      await refused('store/comboCheck', { productId: P.lunchSet, isNewVersion: 'true' });
    });

    it('checks the demo combos without refusing', async () => {
      for (const shop of demoShops) {
        const sets = shop.products.filter((p) => (p.mealGroups?.length ?? 0) > 0);
        const shopToken = await enter(shop.id);
        for (const set of sets) {
          const r = await post<ComboCheckInfo>(
            'store/comboCheck',
            { productId: set.id },
            { token: shopToken },
          );
          expect(r.body.result, `${set.id}: ${r.body.message}`).toBe(true);
          const itemIds = new Set(set.mealGroups!.flatMap((g) => g.items.map((i) => i.productId)));
          const reported = [...r.body.info.offline, ...r.body.info.saleOut, ...r.body.info.deleted];
          expect(reported.every((id) => itemIds.has(id))).toBe(true);
          const offlineItems = shop.products
            .filter((p) => itemIds.has(p.id) && p.state === 2)
            .map((p) => p.id);
          expect(r.body.info.offline).toEqual(expect.arrayContaining(offlineItems));
        }
      }
    });
  });
});

function byIdOf(list: Product[]) {
  return new Map(list.map((p) => [p.id, p]));
}
