// A Shanghai clothing boutique: garments sold by size and colour, each combination with its own price and
// stock (some gone), delivered by city courier or picked up in the shop.
import type { SeedProduct, SeedShop, SeedSpec, Text } from '../types';
import { baseSettings, perWeekday, standardLevels } from './defaults';

const size = (v: string): Text => ({ en: v, zh: v });
const colour = (en: string, zh: string): Text => ({ en, zh });

const SIZE: Text = { en: 'Size', zh: '尺码' };
const COLOUR: Text = { en: 'Colour', zh: '颜色' };

interface Cell {
  price?: number;
  memberPrice?: number | null;
  stock: number;
}

/**
 * One spec per size × colour, ids counted up from firstId in that order. `cells` gives each combination's
 * stock (and, where it differs, price), keyed "size/colour-en"; a stock of 0 marks it sold out.
 */
const sizeByColour = (
  firstId: number,
  sizes: string[],
  colours: Text[],
  price: number,
  memberPrice: number | null,
  cells: Record<string, Cell>,
): Pick<SeedProduct, 'specDimensions' | 'specs'> => {
  const specs: SeedSpec[] = [];
  const used = new Set<string>();
  for (const s of sizes) {
    for (const c of colours) {
      const key = `${s}/${c.en}`;
      used.add(key);
      const cell = cells[key] ?? { stock: 10 };
      specs.push({
        id: firstId + specs.length,
        values: [size(s), c],
        price: cell.price ?? price,
        memberPrice: cell.memberPrice === undefined ? memberPrice : cell.memberPrice,
        stock: cell.stock,
        soldOut: cell.stock === 0,
      });
    }
  }
  const unknown = Object.keys(cells).filter((key) => !used.has(key));
  if (unknown.length > 0) throw new Error(`No such size/colour: ${unknown.join(', ')}`);
  return {
    specDimensions: [
      { name: SIZE, values: sizes.map(size) },
      { name: COLOUR, values: colours },
    ],
    specs,
  };
};

const white = colour('White', '白色');
const sage = colour('Sage', '鼠尾草绿');
const navy = colour('Navy', '藏青');
const black = colour('Black', '黑色');
const oat = colour('Oat', '燕麦色');
const charcoal = colour('Charcoal', '炭灰');
const beige = colour('Beige', '米色');
const camel = colour('Camel', '驼色');
const grey = colour('Heather grey', '麻灰');

const hours = { start: '10:30', end: '21:30' };

export const linenAndLoom: SeedShop = {
  id: 3,
  chainId: null,
  name: { en: 'Linen & Loom', zh: '麻与织' },
  address: { en: '88 Fumin Road, Jing’an District, Shanghai', zh: '上海市静安区富民路88号' },
  image: 'shop-linen-and-loom.webp',
  orderTypes: ['takeaway', 'selfPickup'],
  notification: {
    isOpen: true,
    title: { en: 'Free courier over 299', zh: '满 299 元包邮' },
    content: {
      en: 'Orders over 299 ship free by same-day courier within the Outer Ring. Exchanges within 7 days with tags on.',
      zh: '满 299 元外环内当日闪送免运费。吊牌完好 7 天内可换货。',
    },
  },
  homeSetting: {
    defaultPage: 'home',
    banners: [
      { image: 'banner-linen-and-loom-linen.webp', title: { en: 'Summer linen', zh: '夏日亚麻系列' } },
      { image: 'banner-linen-and-loom-coat.webp', title: { en: 'The wool coat edit', zh: '羊毛大衣精选' } },
    ],
  },
  prefixNames: [],
  settings: {
    ...baseSettings,
    phone: '021-5403 8821',
    industry: 3,
    gpsAddress: { lat: 31.2229, lng: 121.4512 },
    mainColor: '#5c6b4e',
    businessTimeRange: [hours],
    scanOrderBusinessHours: perWeekday({
      0: [hours],
      1: [hours],
      2: [hours],
      3: [hours],
      4: [hours],
      5: [hours],
      6: [hours],
    }),
    deliverAmount: [
      { distance: 10000, amount: 1200 },
      { distance: 20000, amount: 1800 },
    ],
    deliverAmount1: 100,
    deliveryDistance: 30000,
    isFreeDeliveryFee: true,
    freeDeliveryMinAmount: 29900,
    selfCollection: true,
    allowPickupAppointment: true,
    serviceSet: { wifi: true, parking: false, invoice: true },
    deliveryTimeRange: { start: '11:00', end: '21:00', stepMinutes: 60 },
    nameAndPhoneRequiredByTakeaway: true,
    showVipPrice: true,
  },
  memberSetting: {
    logo: 'shop-linen-and-loom.webp',
    name: { en: 'Loom Circle', zh: '织友会' },
    cardLogo: 'shop-linen-and-loom.webp',
    cardName: { en: 'Loom Circle card', zh: '织友会员卡' },
    isOpenDiscount: true,
    discountMode: 1,
    isOnlyCardPayForDiscount: false,
    allowRegisterInWeb: true,
    chargeSlogan: { en: 'Top up 1,000, get 120 back', zh: '充 1000 送 120' },
    isAllowRecharge: true,
    isFunctionOpen: true,
  },
  memberLevels: standardLevels(3901),
  smsQuota: 300,
  productTypes: [
    { id: 3001, name: { en: 'Tops', zh: '上装' }, sort: 1 },
    { id: 3002, name: { en: 'Trousers & skirts', zh: '裤装与半裙' }, sort: 2 },
    { id: 3003, name: { en: 'Outerwear', zh: '外套' }, sort: 3 },
    { id: 3004, name: { en: 'Accessories', zh: '配饰' }, sort: 4 },
  ],
  products: [
    {
      id: 3101,
      typeId: 3001,
      name: { en: 'Relaxed Linen Shirt', zh: '宽松亚麻衬衫' },
      description: {
        en: 'Stone-washed French linen that softens with every wash. Dropped shoulders, mother-of-pearl buttons.',
        zh: '石洗法国亚麻，越洗越软。落肩版型，贝母纽扣。',
      },
      image: 'cl-linen-shirt.webp',
      unit: { en: 'piece', zh: '件' },
      price: 39900,
      memberPrice: 35900,
      sales: 418,
      ...sizeByColour(3501, ['S', 'M', 'L', 'XL'], [white, sage, navy], 39900, 35900, {
        'S/White': { stock: 6 },
        'M/White': { stock: 12 },
        'L/White': { stock: 3 },
        'XL/Navy': { stock: 0 },
        'XL/Sage': { stock: 1 },
      }),
    },
    {
      id: 3102,
      typeId: 3001,
      name: { en: 'Heavyweight Cotton Tee', zh: '重磅纯棉T恤' },
      description: {
        en: '260 g combed cotton that keeps its shape. Boxy fit; size down for a closer cut.',
        zh: '260 克精梳棉，久穿不变形。廓形版型，想要合身可选小一码。',
      },
      image: 'cl-cotton-tee.webp',
      unit: { en: 'piece', zh: '件' },
      price: 12900,
      sales: 1302,
      ...sizeByColour(3521, ['S', 'M', 'L'], [white, black, oat], 12900, null, {
        'S/Black': { stock: 0 },
        'M/Black': { stock: 4 },
        'L/Oat': { stock: 2 },
      }),
    },
    {
      id: 3103,
      typeId: 3002,
      name: { en: 'Wide-leg Wool Trousers', zh: '羊毛阔腿裤' },
      description: {
        en: 'High-rise trousers in a fluid wool blend, pressed front crease, side pockets.',
        zh: '高腰设计，垂坠羊毛混纺面料，前片压线，两侧插袋。',
      },
      image: 'cl-trousers.webp',
      unit: { en: 'pair', zh: '条' },
      price: 45900,
      memberPrice: 41900,
      sales: 236,
      ...sizeByColour(3541, ['S', 'M', 'L'], [charcoal, beige], 45900, 41900, {
        'L/Charcoal': { stock: 2 },
        'S/Beige': { stock: 0 },
      }),
    },
    {
      id: 3104,
      typeId: 3002,
      name: { en: 'Pleated Midi Skirt', zh: '百褶中长半裙' },
      description: {
        en: 'Sunray pleats that swing as you walk, with an elasticated back waist. Marked down from 459.',
        zh: '放射状百褶，走起来轻轻摆动，后腰松紧。原价 459 元，现折扣价。',
      },
      image: 'cl-midi-skirt.webp',
      unit: { en: 'piece', zh: '条' },
      price: 35900,
      originalPrice: 45900,
      sales: 187,
      ...sizeByColour(3561, ['S', 'M', 'L'], [black, camel], 35900, null, {
        'M/Camel': { stock: 1 },
      }),
    },
    {
      id: 3105,
      typeId: 3003,
      name: { en: 'Wool-blend Overcoat', zh: '羊毛混纺大衣' },
      description: {
        en: 'A long, single-breasted coat in 70% wool. The heather grey is a heavier melton, hence the price.',
        zh: '单排扣长款大衣，含 70% 羊毛。麻灰色为更厚实的麦尔登呢，价格略高。',
      },
      image: 'cl-overcoat.webp',
      unit: { en: 'piece', zh: '件' },
      price: 129900,
      memberPrice: 119900,
      joinDiscount: false,
      sales: 74,
      ...sizeByColour(3581, ['S', 'M', 'L'], [camel, grey], 129900, 119900, {
        'S/Heather grey': { price: 139900, memberPrice: 129900, stock: 3 },
        'M/Heather grey': { price: 139900, memberPrice: 129900, stock: 0 },
        'L/Heather grey': { price: 139900, memberPrice: 129900, stock: 2 },
        'L/Camel': { stock: 1 },
      }),
    },
    {
      id: 3106,
      typeId: 3003,
      name: { en: 'Quilted Liner Vest', zh: '绗缝内胆马甲' },
      description: {
        en: 'Last season’s lightweight vest; back in the autumn drop.',
        zh: '上一季的轻薄马甲，秋季新品上架时回归。',
      },
      image: 'cl-vest.webp',
      unit: { en: 'piece', zh: '件' },
      price: 29900,
      state: 2,
      sales: 150,
      ...sizeByColour(3591, ['M', 'L'], [black], 29900, null, {}),
    },
    {
      id: 3107,
      typeId: 3004,
      name: { en: 'Canvas Tote Bag', zh: '帆布托特包' },
      description: {
        en: 'Twelve-ounce cotton canvas with an inner zip pocket. Fits a 14-inch laptop.',
        zh: '12 盎司棉帆布，内附拉链袋，可放 14 英寸笔记本。',
      },
      image: 'cl-tote.webp',
      unit: { en: 'piece', zh: '个' },
      price: 15900,
      stock: 24,
      sales: 602,
    },
    {
      id: 3108,
      typeId: 3004,
      name: { en: 'Silk Square Scarf', zh: '真丝方巾' },
      description: {
        en: '70 cm mulberry silk twill with hand-rolled edges. Both colours sold out; restock next month.',
        zh: '70 厘米桑蚕丝斜纹方巾，手工卷边。两色均已售罄，下月补货。',
      },
      image: 'cl-silk-scarf.webp',
      unit: { en: 'piece', zh: '条' },
      price: 25900,
      state: 1,
      sales: 233,
      specDimensions: [{ name: COLOUR, values: [colour('Indigo', '靛蓝'), colour('Rust', '铁锈红')] }],
      specs: [
        { id: 3595, values: [colour('Indigo', '靛蓝')], price: 25900, stock: 0, soldOut: true },
        { id: 3596, values: [colour('Rust', '铁锈红')], price: 25900, stock: 0, soldOut: true },
      ],
    },
    {
      id: 3109,
      typeId: 3004,
      name: { en: 'Cashmere Rib Beanie', zh: '羊绒罗纹针织帽' },
      description: {
        en: 'Pure cashmere in a deep rib that folds up or slouches. One size.',
        zh: '纯羊绒粗罗纹，可翻边也可堆堆戴。均码。',
      },
      image: 'cl-beanie.webp',
      unit: { en: 'piece', zh: '顶' },
      price: 32900,
      memberPrice: 28900,
      stock: 9,
      sales: 141,
    },
  ],
  taxes: [],
  tables: [],
  members: [
    {
      id: 3801,
      phone: '13800000002',
      name: 'Chen Jing',
      levelId: 3902,
      cardNo: '6200030001',
      amount: 112000,
      giftAmount: 12000,
      points: 5320,
      birthday: '1998-11-02',
      gender: 2,
      payPassword: '135790',
    },
    {
      id: 3802,
      phone: '13800000004',
      name: 'Zhou Yang',
      levelId: 3901,
      cardNo: '6200030002',
      amount: 0,
      giftAmount: 0,
      points: 60,
      gender: 1,
      payPassword: null,
    },
  ],
};
