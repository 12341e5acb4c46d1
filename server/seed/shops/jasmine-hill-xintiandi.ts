// The flagship Jasmine Hill Tea branch by Xintiandi: long hours, delivery, pickup and table ordering.
import type { SeedShop } from '../types';
import { baseSettings, everyDay } from './defaults';
import {
  JASMINE_HILL_CHAIN_ID,
  jasmineHillLevels,
  jasmineHillMemberSetting,
  jasmineHillMenu,
} from './jasmine-hill-chain';

export const jasmineHillXintiandi: SeedShop = {
  id: 6,
  chainId: JASMINE_HILL_CHAIN_ID,
  name: { en: 'Jasmine Hill Tea · Xintiandi', zh: '茉岭茶事·新天地店' },
  address: {
    en: 'Unit 105, Lane 181 Taicang Road, Huangpu District, Shanghai',
    zh: '上海市黄浦区太仓路181弄105室',
  },
  image: 'shop-jasmine-hill-xintiandi.webp',
  orderTypes: ['takeaway', 'selfPickup', 'dine'],
  notification: {
    isOpen: true,
    title: { en: 'One card, every branch', zh: '一张会员卡，全门店通用' },
    content: {
      en: 'Your Jasmine Hill balance and points work at Xintiandi and Lujiazui alike.',
      zh: '茉岭会员余额和积分在新天地店、陆家嘴店通用。',
    },
  },
  homeSetting: {
    defaultPage: 'home',
    banners: [
      {
        image: 'banner-jasmine-hill-signature.webp',
        title: { en: 'Jasmine milk green tea', zh: '招牌茉莉奶绿' },
      },
      {
        image: 'banner-jasmine-hill-afternoon.webp',
        title: { en: 'Afternoon tea for 22', zh: '下午茶套餐 22 元' },
      },
    ],
  },
  prefixNames: [{ en: 'Table', zh: '桌号' }],
  settings: {
    ...baseSettings,
    phone: '021-6386 0181',
    industry: 2,
    gpsAddress: { lat: 31.2198, lng: 121.4747 },
    mainColor: '#2b8a3e',
    businessTimeRange: [{ start: '10:00', end: '22:00' }],
    scanOrderBusinessHours: everyDay({ start: '10:00', end: '22:00' }),
    openScanSwitch: true,
    minSellStartAmount: 2000,
    deliverAmount: [
      { distance: 2000, amount: 300 },
      { distance: 4000, amount: 600 },
    ],
    deliverAmount1: 150,
    deliveryDistance: 6000,
    packFee: 100,
    packageFeeApplySceneSet: { takeaway: true, dine: false, selfPickUp: false, openTable: false },
    selfCollection: true,
    allowPickupAppointment: true,
    serviceSet: { wifi: true, parking: false, invoice: true },
    allowPack: true,
    allowDineIn: true,
    deliveryTimeRange: { start: '10:30', end: '21:30', stepMinutes: 15 },
    isChainMiniProgram: true,
    showVipPrice: true,
  },
  memberSetting: jasmineHillMemberSetting,
  memberLevels: jasmineHillLevels,
  smsQuota: 800,
  ...jasmineHillMenu(6000, { matchaRoll: { state: 2 } }),
  taxes: [],
  tables: [
    { id: 6701, name: '01', area: { en: 'Tea bar', zh: '茶吧台' }, maxPerson: 2 },
    { id: 6702, name: '02', area: { en: 'Tea bar', zh: '茶吧台' }, maxPerson: 2 },
    { id: 6703, name: '11', area: { en: 'Courtyard', zh: '庭院' }, maxPerson: 4 },
    { id: 6704, name: '12', area: { en: 'Courtyard', zh: '庭院' }, maxPerson: 4 },
  ],
  members: [],
};
