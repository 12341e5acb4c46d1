// A small salon for the race and capacity tests: a massage three therapists give in one of two rooms
// (capacity 2), and a trim one stylist gives (plus a trainee customers cannot choose by name). Open every
// day 09:00–18:00 with no notice, so a test can book any grid time of its day.
import type { SeedShop } from '../../../server/seed/types';
import { fixtureSettings, fixtureShops } from '../helpers/fixture';

const text = (en: string, zh: string) => ({ en, zh });
const day = [{ start: '09:00', end: '18:00' }];
const everyDay = { '0': day, '1': day, '2': day, '3': day, '4': day, '5': day, '6': day };

export const SALON = 95;
export const ROOMS = 9591;
export const SALON_SERVICE = { massage: 9501, trim: 9502 } as const;
export const SALON_STAFF = { ana: 9511, bo: 9512, cy: 9513, trainee: 9514 } as const;

const person = (
  id: number,
  name: string,
  services: { productId: number; duration?: number }[],
  canReverse = true,
) => ({
  id,
  jobNo: `T${id}`,
  name: text(name, name),
  desc: text('', ''),
  tagId: 1,
  tagName: text('Therapist', '理疗师'),
  phone: '13900009500',
  headImage: 'p.png',
  canReverse,
  plan: everyDay,
  services,
});

export const salon: SeedShop = {
  ...fixtureShops[0]!,
  id: SALON,
  chainId: null,
  name: text('Test salon', '测试沙龙'),
  orderTypes: ['appointment'],
  settings: { ...fixtureSettings, industry: 4, appointmentTimeLimit: 14 },
  productTypes: [{ id: 9500, name: text('Care', '护理'), sort: 1 }],
  products: [
    {
      id: SALON_SERVICE.massage,
      typeId: 9500,
      name: text('Massage', '按摩'),
      description: text('', ''),
      image: 'p.png',
      price: 20000,
      serviceTime: 60,
    },
    {
      id: SALON_SERVICE.trim,
      typeId: 9500,
      name: text('Trim', '修剪'),
      description: text('', ''),
      image: 'p.png',
      price: 5000,
      serviceTime: 30,
    },
  ],
  taxes: [],
  tables: [],
  members: [],
  appointments: {
    stepMinutes: 15,
    minNoticeMinutes: 0,
    freeChangeHours: 24,
    hours: everyDay,
    pools: [{ id: ROOMS, name: text('Room', '房间'), capacity: 2 }],
    services: [
      { productId: SALON_SERVICE.massage, bufferAfter: 15, poolId: ROOMS },
      { productId: SALON_SERVICE.trim, bufferAfter: 5 },
    ],
  },
  serviceUsers: [
    person(SALON_STAFF.ana, 'Ana', [{ productId: SALON_SERVICE.massage }, { productId: SALON_SERVICE.trim }]),
    person(SALON_STAFF.bo, 'Bo', [{ productId: SALON_SERVICE.massage }]),
    person(SALON_STAFF.cy, 'Cy', [{ productId: SALON_SERVICE.massage, duration: 75 }]),
    person(SALON_STAFF.trainee, 'Trainee', [{ productId: SALON_SERVICE.trim, duration: 45 }], false),
  ],
};

export const salonSeed = { chains: [], shops: [salon] };
