// A small seed for API tests: a chain of two shops sharing one membership, an independent shop with its
// own members, a shop that has stopped operating and one whose SMS quota is used up. Each exists to make
// one rule observable (chain membership, scope, 403, quota).
import type { SeedChain, SeedShop, SeedShopSettings } from '../../../server/seed/types';

const hours = { start: '00:00', end: '23:59' };

export const fixtureSettings: SeedShopSettings = {
  phone: '021-5555-0100',
  industry: 2,
  gpsAddress: { lat: 31.2304, lng: 121.4737 },
  timezone: 'Asia/Shanghai',
  // Mainland and UK numbers, so both phone forms (11 digits and E.164) can be sent codes.
  smsCallingCodes: ['86', '44'],
  currency: 'CNY',
  currencySymbol: null,
  mainColor: '#df554a',
  businessTimeRange: [hours],
  scanOrderBusinessHours: {
    businessMode: 'routine',
    businessScanOrderHours: [hours],
    businessDailyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: true, businessHours: [hours] })),
  },
  openShop: true,
  openScanSwitch: true,
  shopStatus: 1,
  realShopStatus: 1,
  rebate: 100,
  discount: [],
  discountSet: { dineRebate: 100, openTableRebate: 100, defaultRebate: 100 },
  minSellStartAmount: 0,
  deliverAmount: [],
  deliverAmount1: 0,
  dishwareAmount: 0,
  packFee: 0,
  packageFeeApplySceneSet: { takeaway: false, dine: false, selfPickUp: false, openTable: false },
  deliveryDistance: 0,
  isRounding05: false,
  deliverGst: 0,
  dishwareGst: 0,
  serviceFee: 0,
  serviceFeeTax: 0,
  numberDecimals: 2,
  isFreeDeliveryFee: false,
  freeDeliveryMinAmount: 0,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  selfCollection: true,
  minSellAmountSupportSelfCollection: 0,
  allowPickupAppointment: false,
  messageTmplIds: [],
  mustPickTypeId: null,
  hasNewActivity: false,
  expandRedBagId: null,
  serviceSet: { wifi: true, parking: false, invoice: false },
  allowPack: true,
  allowDineIn: true,
  isAllowFastRegister: true,
  hasPromotionWithCode: false,
  deliveryTimeRange: { start: '09:00', end: '21:00', stepMinutes: 30 },
  appointmentTimeLimit: 7,
  isChainMiniProgram: false,
  nameAndPhoneRequiredByTakeaway: false,
  showProductType: 1,
  showVipPrice: true,
};

const text = (en: string, zh: string) => ({ en, zh });

function shop(id: number, chainId: number | null, overrides: Partial<SeedShop> = {}): SeedShop {
  return {
    id,
    chainId,
    name: text(`Test shop ${id}`, `测试店 ${id}`),
    address: text(`${id} Test Road`, `测试路 ${id} 号`),
    image: 'shop.png',
    orderTypes: ['takeaway', 'selfPickup', 'dine'],
    notification: { isOpen: false, title: text('', ''), content: text('', '') },
    homeSetting: { defaultPage: 'menu', banners: [] },
    prefixNames: [],
    settings: fixtureSettings,
    memberSetting: {
      logo: '',
      name: text('Members', '会员'),
      cardLogo: '',
      cardName: text('Member card', '会员卡'),
      isOpenDiscount: true,
      discountMode: 1,
      isOnlyCardPayForDiscount: false,
      allowRegisterInWeb: true,
      chargeSlogan: text('Top up and save', '充值更优惠'),
      isAllowRecharge: true,
      isFunctionOpen: true,
    },
    memberLevels: [],
    smsQuota: 100,
    productTypes: [{ id: id * 100 + 1, name: text('Mains', '主食'), sort: 1 }],
    products: [
      {
        id: id * 100 + 11,
        typeId: id * 100 + 1,
        name: text('Noodles', '面'),
        description: text('Hand-pulled', '手工拉面'),
        image: 'noodles.png',
        price: 1800,
        stock: 20,
        specs: [{ id: id * 100 + 51, values: [text('Large', '大份')], price: 2200 }],
        specDimensions: [{ name: text('Size', '份量'), values: [text('Large', '大份')] }],
      },
    ],
    taxes: [{ id: id * 100 + 91, name: text('VAT', '增值税'), mode: 1, value: 6 }],
    tables: [
      { id: id * 100 + 71, name: 'A1', area: text('Hall', '大厅'), maxPerson: 4, eachFee: 3000, feeType: 1 },
    ],
    members: [],
    ...overrides,
  };
}

const chainLevels = [
  { id: 11, name: text('Silver', '银卡'), discount: 100, level: 1 },
  { id: 12, name: text('Gold', '金卡'), discount: 95, level: 2 },
];

export const CHAIN_MEMBER_PHONE = '13800000001';
export const SHOP3_MEMBER_PHONE = '13900000003';

export const fixtureChains: SeedChain[] = [
  {
    id: 1,
    name: text('Test chain', '测试连锁'),
    members: [
      {
        id: 501,
        phone: CHAIN_MEMBER_PHONE,
        name: 'Li Lei',
        levelId: 12,
        cardNo: 'C0001',
        amount: 10000,
        giftAmount: 500,
        points: 120,
        payPassword: '135790',
      },
    ],
  },
];

export const fixtureShops: SeedShop[] = [
  shop(1, 1, { memberLevels: chainLevels }),
  shop(2, 1, { memberLevels: chainLevels }),
  shop(3, null, {
    memberLevels: [{ id: 31, name: text('Silver', '银卡'), discount: 98, level: 1 }],
    members: [
      {
        id: 601,
        phone: SHOP3_MEMBER_PHONE,
        name: 'Han Mei',
        levelId: 31,
        cardNo: 'S3-0001',
        amount: 0,
        giftAmount: 0,
        points: 0,
      },
    ],
  }),
  shop(4, null, { settings: { ...fixtureSettings, realShopStatus: -1, shopStatus: -1 } }),
  shop(5, null, { smsQuota: 0 }),
];

export const STOPPED_SHOP_ID = 4;
export const NO_QUOTA_SHOP_ID = 5;

export const fixtureSeed = { chains: fixtureChains, shops: fixtureShops };
