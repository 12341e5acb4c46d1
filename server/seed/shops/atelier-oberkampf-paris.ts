// A small hair and nail salon in Paris, booked by appointment only and open on Sundays: the demo of
// availability in a zone that changes its clocks (Europe/Paris moves to summer time on the last Sunday of
// March and back on the last Sunday of October), priced in euros, with two technicians of their own plans.
import type { SeedShop } from '../types';
import { baseSettings, perWeekday, standardLevels } from './defaults';

const weekday = [{ start: '10:00', end: '19:00' }];
const sunday = [{ start: '10:00', end: '17:00' }];

export const atelierOberkampfParis: SeedShop = {
  id: 9,
  chainId: null,
  name: { en: 'Atelier Oberkampf Hair & Nails, Paris', zh: '奥伯坎普夫美发美甲工作室·巴黎' },
  address: { en: '58 Rue Oberkampf, 75011 Paris, France', zh: '法国巴黎第十一区奥伯坎普夫街58号' },
  image: 'shop-atelier-oberkampf.webp',
  orderTypes: ['appointment'],
  notification: {
    isOpen: true,
    title: { en: 'Open on Sundays, closed on Mondays', zh: '周日营业，周一店休' },
    content: {
      en: 'Book up to three weeks ahead; changes are free until 24 hours before your appointment.',
      zh: '可提前三周预约；预约开始前 24 小时以上可免费改期或取消。',
    },
  },
  homeSetting: { defaultPage: 'menu', banners: [] },
  prefixNames: [],
  settings: {
    ...baseSettings,
    phone: '+33 1 43 57 21 08',
    industry: 4,
    gpsAddress: { lat: 48.8652, lng: 2.3776 },
    timezone: 'Europe/Paris',
    currency: 'EUR',
    currencySymbol: '€',
    mainColor: '#0c8599',
    businessTimeRange: weekday,
    scanOrderBusinessHours: perWeekday({
      0: sunday,
      2: weekday,
      3: weekday,
      4: weekday,
      5: weekday,
      6: weekday,
    }),
    openShop: true,
    appointmentTimeLimit: 21,
    serviceSet: { wifi: true, parking: false, invoice: true },
    deliveryTimeRange: { start: '10:00', end: '19:00', stepMinutes: 15 },
  },
  memberSetting: {
    logo: 'shop-atelier-oberkampf.webp',
    name: { en: 'Atelier Club', zh: '工作室会员' },
    cardLogo: 'shop-atelier-oberkampf.webp',
    cardName: { en: 'Atelier card', zh: '工作室会员卡' },
    isOpenDiscount: false,
    discountMode: 0,
    isOnlyCardPayForDiscount: false,
    allowRegisterInWeb: true,
    chargeSlogan: { en: 'Top up €100, get €10 free', zh: '充值 100 欧元送 10 欧元' },
    isAllowRecharge: false,
    isFunctionOpen: true,
  },
  memberLevels: standardLevels(9901),
  smsQuota: 50,
  productTypes: [
    { id: 9001, name: { en: 'Hair', zh: '美发' }, sort: 1 },
    { id: 9002, name: { en: 'Nails', zh: '美甲' }, sort: 2 },
  ],
  products: [
    {
      id: 9101,
      typeId: 9001,
      name: { en: 'Women’s Cut', zh: '女士剪发' },
      description: {
        en: 'Wash, cut and a simple finish with Camille.',
        zh: '洗发、剪发并简单造型。',
      },
      image: 'bt-womens-cut.webp',
      unit: { en: 'session', zh: '次' },
      price: 6500,
      serviceTime: 60,
      sales: 412,
    },
    {
      id: 9102,
      typeId: 9001,
      name: { en: 'Men’s Cut', zh: '男士剪发' },
      description: { en: 'Scissor or clipper cut and a quick style.', zh: '剪刀或推子修剪并简单造型。' },
      image: 'bt-mens-cut.webp',
      unit: { en: 'session', zh: '次' },
      price: 3200,
      serviceTime: 30,
      sales: 538,
    },
    {
      id: 9103,
      typeId: 9001,
      name: { en: 'Blow-dry', zh: '吹造型' },
      description: { en: 'Wash and a smooth or wavy blow-dry.', zh: '洗发并吹出顺直或波浪造型。' },
      image: 'bt-blow-dry.webp',
      unit: { en: 'session', zh: '次' },
      price: 3500,
      serviceTime: 30,
      sales: 301,
    },
    {
      id: 9104,
      typeId: 9002,
      name: { en: 'Manicure', zh: '手部护理' },
      description: { en: 'Shaping, cuticle care and a classic polish.', zh: '修型、甘皮护理并涂经典甲油。' },
      image: 'bt-manicure.webp',
      unit: { en: 'session', zh: '次' },
      price: 4000,
      serviceTime: 45,
      sales: 266,
    },
  ],
  taxes: [],
  tables: [],
  appointments: {
    stepMinutes: 15,
    minNoticeMinutes: 120,
    freeChangeHours: 24,
    hours: { '0': sunday, '2': weekday, '3': weekday, '4': weekday, '5': weekday, '6': weekday },
    exceptions: [{ date: '2026-12-25', kind: 'off' }],
    services: [
      { productId: 9101, bufferAfter: 10 },
      { productId: 9102, bufferAfter: 5 },
      { productId: 9103, bufferAfter: 10 },
      { productId: 9104, bufferAfter: 15 },
    ],
  },
  serviceUsers: [
    {
      id: 9601,
      jobNo: 'C1',
      name: { en: 'Camille', zh: '卡米耶' },
      desc: {
        en: 'Cuts for every hair type; ten years in the Marais before opening the atelier.',
        zh: '擅长各种发质的剪裁，开店前在玛黑区工作十年。',
      },
      tagId: 1,
      tagName: { en: 'Hairdresser', zh: '发型师' },
      phone: '+33612345601',
      headImage: 'staff-camille.webp',
      canReverse: true,
      plan: {
        '0': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '17:00' },
        ],
        '2': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        '3': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        '4': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        '5': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        '6': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
      },
      services: [{ productId: 9101 }, { productId: 9102, duration: 25 }, { productId: 9103 }],
    },
    {
      id: 9602,
      jobNo: 'N1',
      name: { en: 'Inès', zh: '伊内丝' },
      desc: { en: 'Nail technician, quick and precise.', zh: '美甲师，手法利落精准。' },
      tagId: 2,
      tagName: { en: 'Nail technician', zh: '美甲师' },
      phone: '+33612345602',
      headImage: 'staff-ines.webp',
      canReverse: true,
      // Off on Tuesdays as well as Mondays.
      plan: {
        '0': [
          { start: '11:00', end: '15:00' },
          { start: '15:30', end: '17:00' },
        ],
        '3': [
          { start: '11:00', end: '15:00' },
          { start: '15:30', end: '19:00' },
        ],
        '4': [
          { start: '11:00', end: '15:00' },
          { start: '15:30', end: '19:00' },
        ],
        '5': [
          { start: '11:00', end: '15:00' },
          { start: '15:30', end: '19:00' },
        ],
        '6': [
          { start: '11:00', end: '15:00' },
          { start: '15:30', end: '19:00' },
        ],
      },
      services: [{ productId: 9104 }, { productId: 9103, duration: 40 }],
    },
  ],
  members: [],
};
