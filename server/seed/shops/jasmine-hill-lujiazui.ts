// The office-tower Jasmine Hill Tea branch in Lujiazui: commuter hours, closed on Sundays, no delivery
// (pickup and table ordering only), and a shorter menu.
import type { SeedShop } from '../types';
import { baseSettings, perWeekday } from './defaults';
import {
  JASMINE_HILL_CHAIN_ID,
  jasmineHillLevels,
  jasmineHillMemberSetting,
  jasmineHillMenu,
} from './jasmine-hill-chain';

const weekday = [{ start: '08:00', end: '19:00' }];
const saturday = [{ start: '10:00', end: '17:00' }];

export const jasmineHillLujiazui: SeedShop = {
  id: 7,
  chainId: JASMINE_HILL_CHAIN_ID,
  name: { en: 'Jasmine Hill Tea · Lujiazui', zh: '茉岭茶事·陆家嘴店' },
  address: {
    en: 'B1-22, 8 Century Avenue, Pudong New Area, Shanghai',
    zh: '上海市浦东新区世纪大道8号B1层22号',
  },
  image: 'shop-jasmine-hill-lujiazui.webp',
  orderTypes: ['selfPickup', 'dine'],
  notification: {
    isOpen: true,
    title: { en: 'Pickup only, closed Sundays', zh: '仅限自取，周日休息' },
    content: {
      en: 'This counter does not deliver. Order ahead and collect at B1; weekdays 08:00–19:00, Saturdays 10:00–17:00.',
      zh: '本店不提供外卖，可线上下单到 B1 层自取。工作日 08:00–19:00，周六 10:00–17:00。',
    },
  },
  homeSetting: {
    defaultPage: 'menu',
    banners: [
      {
        image: 'banner-jasmine-hill-morning.webp',
        title: { en: 'Morning Americano for 9.90', zh: '早安美式 9.9 元' },
      },
    ],
  },
  prefixNames: [{ en: 'Seat', zh: '座位' }],
  settings: {
    ...baseSettings,
    phone: '021-5012 0822',
    industry: 2,
    gpsAddress: { lat: 31.2397, lng: 121.5018 },
    mainColor: '#2b8a3e',
    businessTimeRange: weekday,
    scanOrderBusinessHours: perWeekday({
      1: weekday,
      2: weekday,
      3: weekday,
      4: weekday,
      5: weekday,
      6: saturday,
    }),
    openShop: false,
    openScanSwitch: true,
    selfCollection: true,
    allowPickupAppointment: true,
    serviceSet: { wifi: false, parking: true, invoice: true },
    allowDineIn: true,
    deliveryTimeRange: { start: '08:00', end: '18:30', stepMinutes: 15 },
    isChainMiniProgram: true,
    showVipPrice: true,
  },
  memberSetting: jasmineHillMemberSetting,
  memberLevels: jasmineHillLevels,
  smsQuota: 800,
  ...jasmineHillMenu(7000, { mangoJasmine: { state: 1 }, matchaRoll: null }),
  taxes: [],
  tables: [
    { id: 7701, name: 'W1', area: { en: 'Window counter', zh: '窗边长桌' }, maxPerson: 1 },
    { id: 7702, name: 'W2', area: { en: 'Window counter', zh: '窗边长桌' }, maxPerson: 1 },
    { id: 7703, name: 'W3', area: { en: 'Window counter', zh: '窗边长桌' }, maxPerson: 1 },
  ],
  members: [],
};
