// Shape of the demo data files in server/seed/shops/*.ts. Written in the words of the domain (spec §3),
// with every customer-facing text in English and Simplified Chinese; the seeder maps them onto the tables.
import type { OrderType } from '../../src/domain/enums';
import type { ShopInfo, MemberLevel, TimeRange } from '../../src/domain/shop';
import type { MemberSetting } from '../../src/domain/catalog';
import type { HoursException, HoursRange, WeeklyHours } from '../../src/booking/weekly-hours';

/** Customer-facing text in the two catalogue languages. */
export interface Text {
  en: string;
  zh: string;
}

/** Image file name under server/seed/images (served at /assets/demo/<file>). */
export type ImageFile = string;

export interface SeedTasteOption {
  id: number;
  name: Text;
  /** Minor units for toppings / sub price; whole percent for discount options. */
  price: number;
  soldOut?: boolean;
}
export interface SeedTasteGroup {
  id: number;
  name: Text;
  optionType: 0 | 1 | 2 | 3 | 4;
  required: boolean;
  maxChoose: number;
  options: SeedTasteOption[];
}

export interface SeedSpec {
  id: number;
  /** One value per dimension, in the dimensions' order. */
  values: Text[];
  price: number;
  memberPrice?: number | null;
  /** Omitted = stock not tracked. */
  stock?: number | null;
  soldOut?: boolean;
}

export interface SeedMealGroup {
  id: number;
  name: Text;
  chooseCount: number;
  /** Products of the same shop that may be chosen, with a surcharge in minor units. */
  items: { productId: number; price?: number; quantity?: number }[];
}

export interface SeedProduct {
  id: number;
  typeId: number;
  name: Text;
  description: Text;
  image: ImageFile;
  unit?: Text;
  price: number;
  originalPrice?: number | null;
  memberPrice?: number | null;
  /** 0 normal, 1 sold out, 2 offline, 3 deleted (101 is computed from saleTimes). */
  state?: 0 | 1 | 2 | 3;
  stock?: number | null;
  saleTimes?: TimeRange[];
  minBuy?: number;
  maxBuy?: number | null;
  joinDiscount?: boolean;
  notDishware?: boolean;
  weight?: number | null;
  serviceTime?: number | null;
  sales?: number;
  specDimensions?: { name: Text; values: Text[] }[];
  specs?: SeedSpec[];
  tastes?: SeedTasteGroup[];
  mealGroups?: SeedMealGroup[];
  taxIds?: number[];
}

export interface SeedProductType {
  id: number;
  name: Text;
  sort: number;
}

export interface SeedTax {
  id: number;
  name: Text;
  mode: 0 | 1 | 2 | 3;
  value: number;
}

/** Shop settings: every ShopInfo field that is not a text, id or derived, with texts as Text. */
export type SeedShopSettings = Omit<
  ShopInfo,
  | 'id'
  | 'chainId'
  | 'chainName'
  | 'name'
  | 'address'
  | 'businessHours'
  | 'notification'
  | 'homeSetting'
  | 'memberLevels'
  | 'prefixNames'
  | 'orderTypes'
  | 'image'
>;

export interface SeedMember {
  id: number;
  phone: string;
  name: string;
  levelId: number;
  cardNo: string;
  /** Stored balance and gift balance, minor units. */
  amount: number;
  giftAmount: number;
  points: number;
  birthday?: string | null;
  gender?: 0 | 1 | 2;
  /** Plain 6-digit demo pay password; the seeder stores only its hash. */
  payPassword?: string | null;
}

export interface SeedTable {
  id: number;
  name: string;
  area: Text;
  maxPerson: number;
  /** Open-table fee per hour, minor units, and fee type (1 = half-hour rounding, else whole hours up). */
  eachFee?: number;
  feeType?: number;
  /** The hourly timer starts when the table's tab opens (decision T17). */
  timerOnOpen?: boolean;
  /** The counter's virtual table: each customer who scans it gets a tab of their own (decision T32). */
  isCounter?: boolean;
}

export type { HoursRange, WeeklyHours };
/** A dated exception to weekly hours: a day off, or other ranges on that shop-local date. */
export type SeedPlanException = HoursException;

/** How a shop takes appointments (docs/api.md "Appointments"); its horizon is settings.appointmentTimeLimit. */
export interface SeedAppointments {
  /** Starts lie on this grid of minutes from local midnight. */
  stepMinutes: number;
  /** A start must be at least this many minutes after the booking. */
  minNoticeMinutes: number;
  /** Customers may move or cancel until this many hours before the start. */
  freeChangeHours: number;
  /** The hours the shop takes appointments in. */
  hours: WeeklyHours;
  /** The shop's dated exceptions (holidays, other hours). */
  exceptions?: SeedPlanException[];
  /** Chairs or rooms some services need, counted. */
  pools?: { id: number; name: Text; capacity: number }[];
  /** Products of the shop that can be booked (each needs a serviceTime), with their buffers and pool. */
  services: { productId: number; bufferBefore?: number; bufferAfter?: number; poolId?: number }[];
}

/** A stylist or technician customers can book (beauty/users); shown on the appointment page. */
export interface SeedServiceUser {
  id: number;
  jobNo: string;
  name: Text;
  desc: Text;
  /** Role tag, e.g. senior stylist; tagId groups staff of one role. */
  tagId: number;
  tagName: Text;
  phone: string;
  headImage: ImageFile;
  /** Whether the customer may book this person directly. */
  canReverse: boolean;
  /** Working time per weekday, breaks as gaps; omitted = never bookable. */
  plan?: WeeklyHours;
  /** Services performed, with the technician's own duration (minutes) where it differs. */
  services?: { productId: number; duration?: number }[];
  exceptions?: SeedPlanException[];
}

/** Texts kept with a shop's member settings (store/shopTexts); each optional, absent = the standard one. */
export interface MemberShopTexts {
  /** Member terms and privacy notice (/pages/user/protocol). */
  terms?: Text;
  privacy?: Text;
  /** The customer group's QR image (/pages/user/wechat-group) and the line under it. */
  groupQrImage?: ImageFile;
  groupQrNote?: Text;
}

export interface SeedShop {
  id: number;
  /** Chain the shop belongs to (shares membership), or null. */
  chainId: number | null;
  name: Text;
  address: Text;
  image: ImageFile;
  orderTypes: OrderType[];
  notification: { isOpen: boolean; title: Text; content: Text };
  homeSetting: { defaultPage: 'home' | 'menu'; banners: { image: ImageFile; title: Text }[] };
  prefixNames: Text[];
  settings: SeedShopSettings;
  memberSetting: Omit<MemberSetting, 'name' | 'cardName' | 'chargeSlogan'> & {
    name: Text;
    cardName: Text;
    chargeSlogan: Text;
  } & MemberShopTexts;
  /** Member levels of the shop, or of its chain when the shop is in one (then repeated identically). */
  memberLevels: (Omit<MemberLevel, 'name'> & { name: Text })[];
  smsQuota: number;
  productTypes: SeedProductType[];
  products: SeedProduct[];
  taxes: SeedTax[];
  tables: SeedTable[];
  /** Members of a shop outside a chain; chain shops leave this empty and share SeedChain.members. */
  members: SeedMember[];
  /** Staff customers can book for an appointment (beauty shops); omitted = none. */
  serviceUsers?: SeedServiceUser[];
  /** How the shop takes appointments; required when orderTypes includes 'appointment'. */
  appointments?: SeedAppointments;
  /** Minutes an unpaid order stays payable; omitted = the column default (15). */
  payWindowMinutes?: number;
}

export interface SeedChain {
  id: number;
  name: Text;
  /** One membership across the chain's shops. */
  members: SeedMember[];
}
