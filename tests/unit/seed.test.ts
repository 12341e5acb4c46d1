// The demo data is what a first `npm start` shows: it must cover every industry and order mode, read well in
// both catalogue languages, keep ids unique, and produce shop and product records the API schemas accept.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chains, shops } from '../../server/seed/index';
import type { SeedChain, SeedProduct, SeedShop, Text } from '../../server/seed/types';
import { Industry, ORDER_TYPES, OptionType } from '../../src/domain/enums';
import { shopInfo } from '../../src/domain/shop';
import { product as productSchema, productTax } from '../../src/domain/catalog';
import { productUnitPrice } from '../../src/pricing';

const IMAGES = join(import.meta.dirname, '..', '..', 'server', 'seed', 'images');
type Lang = keyof Text;

const chainOf = (shop: SeedShop): SeedChain | undefined => chains.find((c) => c.id === shop.chainId);
const operating = shops.filter((s) => s.settings.realShopStatus === 1);
const allProducts = shops.flatMap((s) => s.products.map((p) => ({ shop: s, p })));

/** The shop record as the API returns it: texts in one language, derived fields filled. */
const shopRecord = (shop: SeedShop, lang: Lang) => ({
  ...shop.settings,
  id: shop.id,
  chainId: shop.chainId,
  chainName: chainOf(shop)?.name[lang] ?? null,
  name: shop.name[lang],
  address: shop.address[lang],
  image: `/assets/demo/${shop.image}`,
  orderTypes: shop.orderTypes,
  businessHours: shop.settings.businessTimeRange.map((r) => `${r.start}-${r.end}`).join(', '),
  notification: {
    isOpen: shop.notification.isOpen,
    title: shop.notification.title[lang],
    content: shop.notification.content[lang],
  },
  homeSetting: {
    defaultPage: shop.homeSetting.defaultPage,
    banners: shop.homeSetting.banners.map((b) => ({
      image: `/assets/demo/${b.image}`,
      title: b.title[lang],
    })),
  },
  memberLevels: shop.memberLevels.map((l) => ({ ...l, name: l.name[lang] })),
  prefixNames: shop.prefixNames.map((t) => t[lang]),
});

/** The product record as the API returns it. */
const productRecord = (shop: SeedShop, p: SeedProduct, lang: Lang) => ({
  id: p.id,
  typeId: p.typeId,
  name: p.name[lang],
  description: p.description[lang],
  image: `/assets/demo/${p.image}`,
  unit: p.unit?.[lang] ?? '',
  price: p.price,
  originalPrice: p.originalPrice ?? null,
  memberPrice: p.memberPrice ?? null,
  state: p.state ?? 0,
  stock: p.stock ?? null,
  saleTimes: p.saleTimes ?? [],
  minBuy: p.minBuy ?? 1,
  maxBuy: p.maxBuy ?? null,
  joinDiscount: p.joinDiscount ?? true,
  notDishware: p.notDishware ?? false,
  weight: p.weight ?? null,
  serviceTime: p.serviceTime ?? null,
  sales: p.sales ?? 0,
  specDimensions: (p.specDimensions ?? []).map((d) => ({
    name: d.name[lang],
    values: d.values.map((v) => v[lang]),
  })),
  specs: (p.specs ?? []).map((s) => ({
    id: s.id,
    values: s.values.map((v) => v[lang]),
    name: s.values.map((v) => v[lang]).join(' / '),
    price: s.price,
    memberPrice: s.memberPrice ?? null,
    stock: s.stock ?? null,
    state: s.soldOut ? 1 : 0,
  })),
  tastes: (p.tastes ?? []).map((g) => ({
    ...g,
    name: g.name[lang],
    options: g.options.map((o) => ({
      id: o.id,
      name: o.name[lang],
      price: o.price,
      state: o.soldOut ? 1 : 0,
    })),
  })),
  mealGroups: (p.mealGroups ?? []).map((g) => ({
    id: g.id,
    name: g.name[lang],
    chooseCount: g.chooseCount,
    items: g.items.map((item) => {
      const chosen = shop.products.find((q) => q.id === item.productId);
      return {
        productId: item.productId,
        name: chosen?.name[lang] ?? '',
        image: `/assets/demo/${chosen?.image ?? ''}`,
        price: item.price ?? 0,
        quantity: item.quantity ?? 1,
        state: chosen?.state ?? 0,
      };
    }),
  })),
  taxIds: p.taxIds ?? [],
});

const filled = (t: Text) => t.en.trim().length > 0 && t.zh.trim().length > 0;
const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('demo shop coverage', () => {
  it('covers the fast-food, clothing, retail and beauty industries', () => {
    const industries = new Set(operating.map((s) => s.settings.industry));
    for (const industry of [Industry.fastfood, Industry.clothes, Industry.retail, Industry.beauty]) {
      expect(industries, `industry ${industry}`).toContain(industry);
    }
  });

  it('offers every order type in some operating shop', () => {
    const offered = new Set(operating.flatMap((s) => s.orderTypes));
    for (const type of ORDER_TYPES) expect(offered, type).toContain(type);
  });

  it('keeps at least six shops operating and exactly one labelled expired demo', () => {
    expect(operating.length).toBeGreaterThanOrEqual(6);
    const expired = shops.filter((s) => s.settings.realShopStatus !== 1);
    expect(expired).toHaveLength(1);
    expect(expired[0]?.name.en).toMatch(/expired/i);
    expect(expired[0]?.name.zh).toMatch(/到期/);
  });

  it('prices shops in more than one currency, the foreign ones with their own symbol', () => {
    const currencies = new Set(shops.map((s) => s.settings.currency));
    expect(currencies).toContain('CNY');
    expect(currencies.size).toBeGreaterThan(1);
    for (const shop of shops.filter((s) => s.settings.currency !== 'CNY')) {
      expect(shop.settings.currencySymbol, shop.name.en).toBeTruthy();
    }
  });

  it('has one chain of two shops sharing one membership', () => {
    expect(chains).toHaveLength(1);
    const [chain] = chains;
    const branches = shops.filter((s) => s.chainId === chain?.id);
    expect(branches).toHaveLength(2);
    expect(chain?.members.length).toBeGreaterThan(0);
    const [a, b] = branches;
    expect(a?.memberLevels).toEqual(b?.memberLevels);
    expect(a?.memberSetting).toEqual(b?.memberSetting);
    expect(a?.address.en).not.toBe(b?.address.en);
    expect(a?.settings.scanOrderBusinessHours).not.toEqual(b?.settings.scanOrderBusinessHours);
    for (const branch of branches) expect(branch.members, 'chain members live on the chain').toEqual([]);
  });

  it('shows both home and menu landing pages', () => {
    const pages = new Set(shops.map((s) => s.homeSetting.defaultPage));
    expect(pages).toEqual(new Set(['home', 'menu']));
  });

  it('shows the catalogue states a customer can meet', () => {
    const products = operating.flatMap((s) => s.products);
    expect(products.some((p) => p.state === 1)).toBe(true);
    expect(products.some((p) => p.state === 2)).toBe(true);
    expect(products.some((p) => (p.saleTimes ?? []).length > 0)).toBe(true);
    expect(products.some((p) => p.memberPrice != null)).toBe(true);
    expect(products.some((p) => p.originalPrice != null)).toBe(true);
    expect(products.some((p) => p.joinDiscount === false)).toBe(true);
    expect(products.some((p) => p.stock === 0 && (p.state ?? 0) === 0)).toBe(true);
    expect(products.some((p) => (p.minBuy ?? 1) > 1)).toBe(true);
    expect(products.some((p) => p.maxBuy != null)).toBe(true);
    expect(products.some((p) => (p.specs ?? []).some((s) => s.soldOut))).toBe(true);
  });

  it('gives the fast-food shop every taste option type, a required group, combos and a must-pick category', () => {
    const fastfood = operating.find(
      (s) => s.settings.industry === Industry.fastfood && s.settings.mustPickTypeId,
    );
    expect(fastfood).toBeDefined();
    const groups = fastfood?.products.flatMap((p) => p.tastes ?? []) ?? [];
    expect(new Set(groups.map((g) => g.optionType))).toEqual(new Set(Object.values(OptionType)));
    expect(groups.some((g) => g.required)).toBe(true);
    expect(fastfood?.products.some((p) => (p.mealGroups ?? []).length >= 3)).toBe(true);
    expect(fastfood?.productTypes.map((t) => t.id)).toContain(fastfood?.settings.mustPickTypeId);
    expect(fastfood?.settings.deliverAmount.length).toBeGreaterThan(1);
    expect(fastfood?.settings.packFee).toBeGreaterThan(0);
    expect(fastfood?.settings.dishwareAmount).toBeGreaterThan(0);
    expect(fastfood?.settings.minSellStartAmount).toBeGreaterThan(0);
  });

  it('gives the open-table restaurant areas, hourly fees of both rounding types and a service charge', () => {
    const restaurant = operating.find((s) => s.orderTypes.includes('openTable'));
    expect(restaurant?.orderTypes).toContain('dine');
    const tables = restaurant?.tables ?? [];
    expect(new Set(tables.map((t) => t.area.en)).size).toBeGreaterThan(1);
    expect(tables.some((t) => (t.eachFee ?? 0) > 0 && t.feeType === 1)).toBe(true);
    expect(tables.some((t) => (t.eachFee ?? 0) > 0 && t.feeType === 0)).toBe(true);
    // The tea room charges by the started half hour; the counter seats each customer on a tab of their own.
    expect(tables.find((t) => t.area.en === 'Tea room')).toEqual(expect.objectContaining({ feeType: 1 }));
    expect(tables.filter((t) => t.isCounter)).toHaveLength(1);
    expect(restaurant?.settings.otherSetting.ServiceChargeEnable).toBe(true);
    expect(restaurant?.settings.serviceFee).toBeGreaterThan(0);
    expect(restaurant?.taxes.length).toBeGreaterThan(0);
  });

  it('prices the fast-food taste options the way the menu describes them', () => {
    const shop = shops.find((s) => s.id === 1);
    const find = (productId: number) => shop?.products.find((p) => p.id === productId);
    const pick = (productId: number, ...optionIds: number[]) => {
      const p = find(productId);
      const tastes = (p?.tastes ?? []).flatMap((g) =>
        g.options
          .filter((o) => optionIds.includes(o.id))
          .map((o) => ({ id: o.id, typeId: g.id, optionType: g.optionType, price: o.price })),
      );
      expect(tastes, `options ${optionIds.join(',')} of ${productId}`).toHaveLength(optionIds.length);
      return productUnitPrice({ price: p?.price ?? 0, tastes, mealset: [] }, shop!.settings);
    };
    // Classic burger ¥28 + extra cheese ¥3 = ¥31, then the student 10 % off: ¥27.90.
    expect(pick(1101, 1202, 1211)).toBe(2790);
    // Large fries set the price to ¥15; the sauce is free.
    expect(pick(1111, 1233, 1236)).toBe(1500);
    // A refill zeroes a cola of either size.
    expect(pick(1121, 1253, 1246, 1255)).toBe(0);
    expect(pick(1121, 1253, 1255)).toBe(1000);
    // Spice level changes nothing.
    expect(pick(1103, 1224)).toBe(2600);
  });

  it('leaves every required taste group with an option that can be chosen', () => {
    for (const { p } of allProducts) {
      for (const g of (p.tastes ?? []).filter((t) => t.required)) {
        expect(
          g.options.some((o) => !o.soldOut),
          `product ${p.id} group ${g.id}`,
        ).toBe(true);
      }
    }
  });

  it('books beauty services by duration with bookable staff', () => {
    const salon = operating.find((s) => s.settings.industry === Industry.beauty);
    expect(salon?.orderTypes).toEqual(['appointment']);
    for (const p of salon?.products ?? []) {
      expect(p.serviceTime, p.name.en).toBeGreaterThanOrEqual(30);
      expect(p.serviceTime, p.name.en).toBeLessThanOrEqual(120);
    }
    expect(salon?.serviceUsers?.length).toBeGreaterThan(0);
    expect(salon?.settings.appointmentTimeLimit).toBeGreaterThan(0);
  });

  it('varies member settings across shops', () => {
    expect(shops.some((s) => s.memberSetting.discountMode === 1)).toBe(true);
    expect(shops.some((s) => s.memberSetting.isOnlyCardPayForDiscount)).toBe(true);
    expect(shops.some((s) => s.smsQuota > 0 && s.smsQuota < 10)).toBe(true);
    for (const shop of shops) {
      expect(shop.memberLevels.map((l) => [l.name.en, l.discount])).toEqual([
        ['Silver', 100],
        ['Gold', 95],
        ['Diamond', 88],
      ]);
    }
  });
});

describe('demo data integrity', () => {
  it('names and describes every product in English and Simplified Chinese', () => {
    for (const { p } of allProducts) {
      expect(filled(p.name) && filled(p.description), `product ${p.id}`).toBe(true);
      expect(hasChinese(p.name.zh) || /^[A-Z0-9 .]+$/.test(p.name.zh), `product ${p.id} zh name`).toBe(true);
      expect(hasChinese(p.description.zh), `product ${p.id} zh description`).toBe(true);
      expect(hasChinese(p.description.en), `product ${p.id} en description`).toBe(false);
    }
  });

  it('writes every other customer-facing text in both languages', () => {
    for (const shop of shops) {
      const texts: Text[] = [
        shop.name,
        shop.address,
        shop.notification.title,
        shop.notification.content,
        ...shop.homeSetting.banners.map((b) => b.title),
        ...shop.productTypes.map((t) => t.name),
        ...shop.tables.map((t) => t.area),
        ...shop.taxes.map((t) => t.name),
        ...shop.memberLevels.map((l) => l.name),
        shop.memberSetting.name,
        shop.memberSetting.cardName,
        shop.memberSetting.chargeSlogan,
        ...shop.products.flatMap((p) => [
          ...(p.unit ? [p.unit] : []),
          ...(p.tastes ?? []).flatMap((g) => [g.name, ...g.options.map((o) => o.name)]),
          ...(p.mealGroups ?? []).map((g) => g.name),
          ...(p.specDimensions ?? []).flatMap((d) => [d.name, ...d.values]),
        ]),
      ];
      for (const text of texts) expect(filled(text), `${shop.name.en}: ${JSON.stringify(text)}`).toBe(true);
    }
  });

  it('never writes the yuan sign in English texts (spec §1: the English currency symbol is empty)', () => {
    // Every { en, zh } pair anywhere in a shop or chain: product descriptions, banners and slogans included.
    const english = (value: unknown, out: string[] = []): string[] => {
      if (Array.isArray(value)) for (const v of value) english(v, out);
      else if (value !== null && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record.en === 'string' && typeof record.zh === 'string') out.push(record.en);
        else for (const v of Object.values(record)) english(v, out);
      }
      return out;
    };
    const offenders = [...shops, ...chains].flatMap((s) => english(s).filter((text) => text.includes('¥')));
    expect(offenders).toEqual([]);
  });

  it('ships every image the data refers to, small enough for a phone', () => {
    const files = new Set<string>();
    for (const shop of shops) {
      files.add(shop.image);
      files.add(shop.memberSetting.logo);
      files.add(shop.memberSetting.cardLogo);
      for (const b of shop.homeSetting.banners) files.add(b.image);
      for (const p of shop.products) files.add(p.image);
      for (const person of shop.serviceUsers ?? []) files.add(person.headImage);
    }
    let total = 0;
    for (const file of files) {
      const path = join(IMAGES, file);
      expect(existsSync(path), file).toBe(true);
      const size = statSync(path).size;
      expect(size, file).toBeLessThanOrEqual(16 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('uses each id once across all shops', () => {
    const kinds: Record<string, number[]> = {
      shop: shops.map((s) => s.id),
      chain: chains.map((c) => c.id),
      productType: shops.flatMap((s) => s.productTypes.map((t) => t.id)),
      product: allProducts.map(({ p }) => p.id),
      taste: allProducts.flatMap(({ p }) =>
        (p.tastes ?? []).flatMap((g) => [g.id, ...g.options.map((o) => o.id)]),
      ),
      spec: allProducts.flatMap(({ p }) => (p.specs ?? []).map((s) => s.id)),
      mealGroup: allProducts.flatMap(({ p }) => (p.mealGroups ?? []).map((g) => g.id)),
      table: shops.flatMap((s) => s.tables.map((t) => t.id)),
      tax: shops.flatMap((s) => s.taxes.map((t) => t.id)),
      member: [
        ...shops.flatMap((s) => s.members.map((m) => m.id)),
        ...chains.flatMap((c) => c.members.map((m) => m.id)),
      ],
      serviceUser: shops.flatMap((s) => (s.serviceUsers ?? []).map((u) => u.id)),
    };
    for (const [kind, ids] of Object.entries(kinds)) {
      const seen = new Set<number>();
      const repeated = ids.filter((id) => seen.size === seen.add(id).size);
      expect(repeated, kind).toEqual([]);
    }
    // Catalogue ids of different kinds never coincide either, so a stray id cannot point at the wrong thing.
    const catalogue = [
      ...kinds.productType!,
      ...kinds.product!,
      ...kinds.taste!,
      ...kinds.spec!,
      ...kinds.mealGroup!,
      ...kinds.table!,
    ];
    expect(new Set(catalogue).size).toBe(catalogue.length);
  });

  it('keeps each shop’s catalogue ids inside its own block', () => {
    for (const shop of shops) {
      const ids = [
        ...shop.productTypes.map((t) => t.id),
        ...shop.products.flatMap((p) => [
          p.id,
          ...(p.tastes ?? []).flatMap((g) => [g.id, ...g.options.map((o) => o.id)]),
          ...(p.specs ?? []).map((s) => s.id),
          ...(p.mealGroups ?? []).map((g) => g.id),
        ]),
        ...shop.tables.map((t) => t.id),
        ...shop.taxes.map((t) => t.id),
      ];
      for (const id of ids) expect(Math.floor(id / 1000), `${shop.name.en} id ${id}`).toBe(shop.id);
    }
  });

  it('refers only to categories, taxes, products and levels of the same shop', () => {
    for (const shop of shops) {
      const typeIds = new Set(shop.productTypes.map((t) => t.id));
      const taxIds = new Set(shop.taxes.map((t) => t.id));
      const products = new Map(shop.products.map((p) => [p.id, p]));
      for (const p of shop.products) {
        expect(typeIds.has(p.typeId), `product ${p.id} category`).toBe(true);
        for (const id of p.taxIds ?? []) expect(taxIds.has(id), `product ${p.id} tax ${id}`).toBe(true);
        for (const group of p.mealGroups ?? []) {
          expect(group.chooseCount, `meal group ${group.id}`).toBeLessThanOrEqual(group.items.length);
          for (const item of group.items) {
            const chosen = products.get(item.productId);
            expect(chosen, `meal ${p.id} item ${item.productId}`).toBeDefined();
            expect(chosen?.mealGroups ?? [], `meal ${p.id} nests a meal`).toEqual([]);
          }
        }
      }
      if (shop.settings.mustPickTypeId !== null) expect(typeIds.has(shop.settings.mustPickTypeId)).toBe(true);
      const levels = new Set(shop.memberLevels.map((l) => l.id));
      const members = shop.chainId === null ? shop.members : (chainOf(shop)?.members ?? []);
      for (const m of members) expect(levels.has(m.levelId), `member ${m.id} level`).toBe(true);
    }
  });

  it('gives every spec one value per dimension, taken from that dimension', () => {
    for (const { p } of allProducts) {
      const dims = p.specDimensions ?? [];
      for (const spec of p.specs ?? []) {
        expect(spec.values, `spec ${spec.id}`).toHaveLength(dims.length);
        spec.values.forEach((v, i) =>
          expect(
            dims[i]?.values.map((d) => d.en),
            `spec ${spec.id}`,
          ).toContain(v.en),
        );
      }
    }
  });

  it('keeps money in non-negative integer minor units and markdowns above the price', () => {
    const isMoney = (n: number | null | undefined) => n == null || (Number.isInteger(n) && n >= 0);
    for (const { p } of allProducts) {
      for (const n of [p.price, p.originalPrice, p.memberPrice])
        expect(isMoney(n), `product ${p.id}`).toBe(true);
      if (p.originalPrice != null) expect(p.originalPrice, `product ${p.id}`).toBeGreaterThan(p.price);
      if (p.memberPrice != null) expect(p.memberPrice, `product ${p.id}`).toBeLessThan(p.price);
      for (const s of p.specs ?? []) {
        expect(isMoney(s.price) && isMoney(s.memberPrice), `spec ${s.id}`).toBe(true);
      }
      for (const g of p.tastes ?? []) {
        for (const o of g.options) {
          expect(isMoney(o.price), `taste ${o.id}`).toBe(true);
          if (g.optionType === OptionType.discount) expect(o.price, `taste ${o.id}`).toBeLessThanOrEqual(100);
        }
      }
      for (const item of (p.mealGroups ?? []).flatMap((g) => g.items)) expect(isMoney(item.price)).toBe(true);
    }
    for (const shop of shops) {
      for (const t of shop.tables) expect(isMoney(t.eachFee), `table ${t.id}`).toBe(true);
    }
    for (const m of [...shops.flatMap((s) => s.members), ...chains.flatMap((c) => c.members)]) {
      expect(isMoney(m.amount) && isMoney(m.giftAmount) && isMoney(m.points), `member ${m.id}`).toBe(true);
    }
  });

  it('gives members demo pay passwords the app accepts', () => {
    const members = [...shops.flatMap((s) => s.members), ...chains.flatMap((c) => c.members)];
    expect(members.some((m) => m.amount > 0 && m.payPassword)).toBe(true);
    for (const m of members) {
      expect(m.phone, `member ${m.id}`).toMatch(/^1\d{10}$/);
      if (m.payPassword != null) {
        expect(m.payPassword, `member ${m.id}`).toMatch(/^\d{6}$/);
        expect(m.payPassword).not.toBe('123456');
      }
    }
  });

  it.each(shops.flatMap((s) => (['en', 'zh'] as const).map((lang) => [s.name.en, lang, s] as const)))(
    '%s (%s) parses as shop info, products and taxes',
    (_name, lang, shop) => {
      expect(() => shopInfo.parse(shopRecord(shop, lang))).not.toThrow();
      for (const p of shop.products) {
        const parsed = productSchema.safeParse(productRecord(shop, p, lang));
        expect(parsed.error, `product ${p.id}`).toBeUndefined();
      }
      for (const t of shop.taxes) expect(() => productTax.parse({ ...t, name: t.name[lang] })).not.toThrow();
    },
  );
});
