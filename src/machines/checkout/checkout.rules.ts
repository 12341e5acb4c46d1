// The pure rules of /order/confirm: the time slots a customer may choose, every check of spec §5 with the
// field it concerns, the order submit payload of spec §3 and the field a server refusal points at. The
// reasons are the contract's own (ORDER_REJECTIONS, and APPOINTMENT_REJECTIONS for an appointment's time and
// the person coming), so the browser's and the server's messages share one set of text keys:
// `checkout.error.<reason>`.
import type { Address } from '../../domain/api/address';
import type { AppointmentRejection, ServiceUserBrief } from '../../domain/api/beauty';
import { MAX_BEAUTY_USER_NAME } from '../../domain/api/beauty-rules';
import type { GetDistanceInfo } from '../../domain/api/delivery';
import type {
  LocalDateTime,
  OrderConfirmInput,
  OrderProduct,
  OrderRejection,
  OrderRejectionInfo,
  SubmitOrderType,
} from '../../domain/api/order';
import { MAX_HEADCOUNT, MAX_NOTE_LENGTH, MAX_TABLEWARE_SETS } from '../../domain/api/order-rules';
import type { PayOption } from '../../domain/api/store';
import type { TableInfo, TableRef } from '../../domain/api/table';
import { normalizePhone } from '../../domain/api/user-rules';
import type { PayType } from '../../domain/enums';
import { localTime, shopToday } from '../../domain/hours';
import type { CartLine, PricingResult } from '../../domain/pricing';
import type { ShopInfo, TimeRange } from '../../domain/shop';

/** The form fields the confirm page can focus. */
export type CheckoutField =
  | 'cart'
  | 'address'
  | 'deliveryTime'
  | 'contactName'
  | 'contactPhone'
  | 'pickerName'
  | 'pickerPhone'
  | 'pickupTime'
  | 'table'
  | 'person'
  | 'tableware'
  | 'appointment'
  | 'beautyUserName'
  | 'beautyUserPhone'
  | 'note'
  | 'payType'
  | 'total';

/** The appointment refusals the confirm page words itself (the time's own are the appointment flow's). */
export type AppointmentFieldReason = Extract<
  AppointmentRejection,
  'appointmentTimeRequired' | 'beautyUserIncomplete' | 'beautyUserPhoneInvalid' | 'counterAppointmentsLimit'
>;

export type CheckoutReason =
  OrderRejection | AppointmentFieldReason | 'beautyUserNameTooLong' | 'noteTooLong';

export interface FieldError {
  field: CheckoutField;
  /** Text key `checkout.error.<reason>`. */
  reason: CheckoutReason;
  /** Values the message names (short, maxDistance, max, name, remaining...). */
  values: Record<string, string | number>;
}

export interface CheckoutForm {
  /** Takeaway: the saved address chosen for the order. */
  address: Address | null;
  deliveryTime: LocalDateTime | null;
  /**
   * "As soon as possible" stands for the time of the order type (delivery or pickup): the earliest slot
   * after the lead is worked out when the order is sent, so a page left open does not send a past slot.
   */
  asap: boolean;
  contactName: string;
  contactPhone: string;
  pickerName: string;
  pickerPhone: string;
  pickupTime: LocalDateTime | null;
  isPickerPack: boolean;
  /** Dine: the table code or id (entry parameter, scanner or typed). */
  table: TableRef | null;
  person: number | null;
  /** Tableware sets (0 = no cutlery) where the shop charges per set; null where it offers no choice. */
  tableware: number | null;
  /** The customer set the sets themselves; until then dine-in follows the headcount. */
  tablewareChosen: boolean;
  note: string;
  payType: PayType | null;
  payTypeId: number | null;
  /** Appointment: the held time the order books (null until the page holds one). */
  appointment: AppointmentChoice | null;
  /** Appointment: booking for someone else, who comes with their own name and phone. */
  forSomeoneElse: boolean;
  beautyUserName: string;
  beautyUserPhone: string;
}

/** The time an appointment order books: the confirm page's hold, its start, technician and minutes. */
export interface AppointmentChoice {
  holdId: number;
  start: LocalDateTime;
  serviceUser: ServiceUserBrief;
  duration: number;
}

export interface CheckoutFacts {
  shop: ShopInfo;
  orderType: SubmitOrderType;
  lines: CartLine[];
  hasMember: boolean;
  payOptions: PayOption[];
  distance: GetDistanceInfo | null;
  /** Dine: the resolved table; null with a table set = not found. */
  tableInfo: TableInfo | null;
  pricing: PricingResult | null;
  now: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Today and tomorrow in the shop's zone, with the minute of today already reached. */
function days(now: Date, timeZone: string) {
  const today = shopToday(now, timeZone);
  return { today, tomorrow: nextDay(today), nowMinutes: localTime(now, timeZone).minutes };
}

/**
 * Delivery slots of shop.deliveryTimeRange for today and tomorrow: start, then every stepMinutes up to
 * and including end (a range past midnight wraps), leaving out the times of today already past.
 */
export function deliverySlots(
  shop: Pick<ShopInfo, 'deliveryTimeRange' | 'timezone'>,
  now: Date,
): LocalDateTime[] {
  const { start, end, stepMinutes } = shop.deliveryTimeRange;
  const from = minutesOf(start);
  const span = (minutesOf(end) - from + 1440) % 1440;
  const { today, tomorrow, nowMinutes } = days(now, shop.timezone);
  const slots: LocalDateTime[] = [];
  for (const date of [today, tomorrow]) {
    for (let offset = 0; offset <= span; offset += stepMinutes) {
      const minutes = (from + offset) % 1440;
      if (date === today && minutes < nowMinutes) continue;
      slots.push({ date, time: clockOf(minutes) });
    }
  }
  return slots;
}

export const PICKUP_STEP_MINUTES = 15;

/**
 * The "as soon as possible" slot: the first of today's slots at least `leadMinutes` from now, or null when
 * today has none left (an ASAP that means tomorrow morning would mislead). The lead is the shop's own slot
 * step, the only preparation time the shop's settings carry (decision U21); it also keeps the slot ahead of
 * the server's clock while the page stays open.
 */
export function asapSlot(
  slots: readonly LocalDateTime[],
  now: Date,
  timeZone: string,
  leadMinutes: number,
): LocalDateTime | null {
  const { today, nowMinutes } = days(now, timeZone);
  return slots.find((s) => s.date === today && minutesOf(s.time) >= nowMinutes + leadMinutes) ?? null;
}

export const deliveryAsap = (shop: Pick<ShopInfo, 'deliveryTimeRange' | 'timezone'>, now: Date) =>
  asapSlot(deliverySlots(shop, now), now, shop.timezone, shop.deliveryTimeRange.stepMinutes);

export const pickupAsap = (shop: Pick<ShopInfo, 'businessTimeRange' | 'timezone'>, now: Date) =>
  asapSlot(pickupSlots(shop, now), now, shop.timezone, PICKUP_STEP_MINUTES);

/**
 * The shop charges tableware per set and something in the cart takes it: the customer then chooses how many
 * sets, none included.
 */
export const offersTableware = (shop: Pick<ShopInfo, 'dishwareAmount'>, lines: readonly CartLine[]) =>
  shop.dishwareAmount > 0 && lines.some((l) => l.quantity > 0 && !l.notDishware);

/** Sets to start from: one per guest at a table, one otherwise. */
export const defaultTableware = (orderType: SubmitOrderType, person: number | null) =>
  orderType === 'dine' && person !== null && Number.isInteger(person) && person > 0
    ? Math.min(person, MAX_TABLEWARE_SETS)
    : 1;

export const isTablewareCount = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_TABLEWARE_SETS;

const inRange = (range: TimeRange, minutes: number) => {
  const start = minutesOf(range.start);
  const end = minutesOf(range.end);
  return end > start ? minutes >= start && minutes < end : minutes >= start || minutes < end;
};

/** Pickup times within the business hours, today (not yet past) and tomorrow, every 15 minutes. */
export function pickupSlots(
  shop: Pick<ShopInfo, 'businessTimeRange' | 'timezone'>,
  now: Date,
): LocalDateTime[] {
  const { today, tomorrow, nowMinutes } = days(now, shop.timezone);
  const ranges = shop.businessTimeRange;
  const slots: LocalDateTime[] = [];
  for (const date of [today, tomorrow]) {
    for (let minutes = 0; minutes < 1440; minutes += PICKUP_STEP_MINUTES) {
      if (date === today && minutes < nowMinutes) continue;
      if (ranges.length > 0 && !ranges.some((r) => inRange(r, minutes))) continue;
      slots.push({ date, time: clockOf(minutes) });
    }
  }
  return slots;
}

const sameSlot = (a: LocalDateTime, b: LocalDateTime) => a.date === b.date && a.time === b.time;
const error = (
  field: CheckoutField,
  reason: CheckoutReason,
  values: FieldError['values'] = {},
): FieldError => ({
  field,
  reason,
  values,
});

/** Pay options usable for this order and customer. */
export const offeredPayOptions = (facts: Pick<CheckoutFacts, 'payOptions' | 'orderType' | 'hasMember'>) =>
  facts.payOptions.filter(
    (o) =>
      (o.orderTypes.length === 0 || o.orderTypes.includes(facts.orderType)) &&
      (!o.needsMember || facts.hasMember),
  );

function takeawayError(form: CheckoutForm, facts: CheckoutFacts): FieldError | null {
  if (!form.address) return error('address', 'addressRequired');
  if (!form.address.gps) return error('address', 'addressNoGps');
  if (facts.distance && !facts.distance.withinRange)
    return error('address', 'outOfRange', {
      distance: facts.distance.distance,
      maxDistance: facts.distance.maxDistance,
    });
  if (form.asap) {
    if (!deliveryAsap(facts.shop, facts.now)) return error('deliveryTime', 'deliveryTimeRequired');
  } else if (!form.deliveryTime) return error('deliveryTime', 'deliveryTimeRequired');
  else if (!deliverySlots(facts.shop, facts.now).some((s) => sameSlot(s, form.deliveryTime!)))
    return error('deliveryTime', 'deliveryTimeInvalid', {
      start: facts.shop.deliveryTimeRange.start,
      end: facts.shop.deliveryTimeRange.end,
    });
  if (facts.shop.nameAndPhoneRequiredByTakeaway) {
    if (!form.contactName.trim()) return error('contactName', 'contactRequired');
    if (!form.contactPhone.trim()) return error('contactPhone', 'contactRequired');
  }
  if (form.contactPhone.trim() && !normalizePhone(form.contactPhone))
    return error('contactPhone', 'phoneInvalid');
  return null;
}

function pickupError(form: CheckoutForm, facts: CheckoutFacts): FieldError | null {
  if (!form.pickerName.trim()) return error('pickerName', 'pickerRequired');
  if (!form.pickerPhone.trim()) return error('pickerPhone', 'pickerRequired');
  if (!normalizePhone(form.pickerPhone)) return error('pickerPhone', 'phoneInvalid');
  if (facts.shop.allowPickupAppointment) {
    if (form.asap) {
      if (!pickupAsap(facts.shop, facts.now)) return error('pickupTime', 'pickupTimeRequired');
    } else if (!form.pickupTime) return error('pickupTime', 'pickupTimeRequired');
    else if (!pickupSlots(facts.shop, facts.now).some((s) => sameSlot(s, form.pickupTime!)))
      return error('pickupTime', 'pickupTimeInvalid', { hours: facts.shop.businessHours });
  }
  return null;
}

function dineError(form: CheckoutForm, facts: CheckoutFacts): FieldError | null {
  if (form.table === null || form.table === '') return error('table', 'tableRequired');
  if (!facts.tableInfo) return error('table', 'tableNotFound');
  const max = Math.min(facts.tableInfo.nMaxPerson, MAX_HEADCOUNT);
  if (form.person === null || !Number.isInteger(form.person) || form.person < 1 || form.person > max)
    return error('person', 'headcountInvalid', { max });
  return null;
}

/** Spec §5 "An appointment time is required for a beauty order", and the person coming when it is not the customer. */
function appointmentError(form: CheckoutForm): FieldError | null {
  if (!form.appointment) return error('appointment', 'appointmentTimeRequired');
  if (!form.forSomeoneElse) return null;
  if (!form.beautyUserName.trim()) return error('beautyUserName', 'beautyUserIncomplete');
  if (form.beautyUserName.trim().length > MAX_BEAUTY_USER_NAME)
    return error('beautyUserName', 'beautyUserNameTooLong', { max: MAX_BEAUTY_USER_NAME });
  if (!form.beautyUserPhone.trim()) return error('beautyUserPhone', 'beautyUserIncomplete');
  if (!normalizePhone(form.beautyUserPhone)) return error('beautyUserPhone', 'beautyUserPhoneInvalid');
  return null;
}

function modeError(form: CheckoutForm, facts: CheckoutFacts): FieldError | null {
  switch (facts.orderType) {
    case 'takeaway':
      return takeawayError(form, facts);
    case 'selfPickup':
      return pickupError(form, facts);
    case 'dine':
      return dineError(form, facts);
    case 'appointment':
      return appointmentError(form);
  }
}

/** The first rule of spec §5 the order breaks, in the order the fields appear on the page; null = none. */
export function validateCheckout(form: CheckoutForm, facts: CheckoutFacts): FieldError | null {
  if (!facts.lines.some((l) => l.quantity > 0)) return error('cart', 'emptyCart');
  const modeProblem = modeError(form, facts);
  if (modeProblem) return modeProblem;
  if (form.tableware !== null && !isTablewareCount(form.tableware))
    return error('tableware', 'tablewareInvalid', { max: MAX_TABLEWARE_SETS });
  if (form.note.length > MAX_NOTE_LENGTH) return error('note', 'noteTooLong', { max: MAX_NOTE_LENGTH });
  const option = offeredPayOptions(facts).find((o) => o.payType === form.payType);
  if (!option) {
    const card = facts.payOptions.find((o) => o.payType === form.payType && o.needsMember);
    return card && !facts.hasMember ? error('payType', 'memberRequired') : error('payType', 'payTypeInvalid');
  }
  const pricing = facts.pricing;
  if (pricing?.issues.includes('belowStartingPrice'))
    return error('cart', 'belowStartingPrice', { short: pricing.fees.startingPrice.short });
  // An order the member's limit card pays in full is placed with nothing to pay (decision M154).
  if (pricing?.issues.includes('nothingToPay') && !paidByLimitCard(pricing))
    return error('total', 'nothingToPay');
  return null;
}

/** The limit card pays every unit of the order: the total is 0 because of it. */
export const paidByLimitCard = (pricing: PricingResult): boolean =>
  pricing.totals.total === 0 && (pricing.limitCard?.uses ?? 0) > 0;

/** Cart lines as order/confirm reads them (prices are the server's business). */
export function orderProducts(lines: readonly CartLine[]): OrderProduct[] {
  return lines
    .filter((l) => l.quantity > 0)
    .map((l) => ({
      id: l.id,
      specId: l.specId ?? null,
      quantity: l.quantity,
      tastes: (l.tastes ?? []).map((t) => ({ id: t.id, typeId: t.typeId, quantity: t.quantity ?? 1 })),
      mealset: (l.mealset ?? []).flatMap((m) =>
        Array.from({ length: m.quantity }, () => ({ productId: m.productId })),
      ),
    }));
}

/** The order submit payload of spec §3 for this form, without the idempotency key. */
export function orderPayload(
  form: CheckoutForm,
  facts: Pick<CheckoutFacts, 'orderType' | 'lines' | 'shop' | 'now'>,
): Omit<OrderConfirmInput, 'idempotencyKey'> {
  const base = {
    type: facts.orderType,
    payType: form.payType!,
    ...(form.payTypeId !== null ? { payTypeId: form.payTypeId } : {}),
    products: orderProducts(facts.lines),
    note: form.note.trim(),
    isPickerPack: form.isPickerPack,
    ...(form.tableware !== null ? { tableware: form.tableware } : {}),
  };
  switch (facts.orderType) {
    case 'takeaway':
      return {
        ...base,
        addressId: form.address!.id,
        ...(form.contactName.trim() ? { contact_name: form.contactName.trim() } : {}),
        ...(form.contactPhone.trim() ? { contact_phone: form.contactPhone.trim() } : {}),
        deliveryTime: form.asap ? deliveryAsap(facts.shop, facts.now)! : form.deliveryTime!,
      };
    case 'selfPickup':
      return {
        ...base,
        pickerName: form.pickerName.trim(),
        pickerPhone: form.pickerPhone.trim(),
        ...(form.asap && facts.shop.allowPickupAppointment
          ? { pickupTime: pickupAsap(facts.shop, facts.now)! }
          : form.pickupTime
            ? { pickupTime: form.pickupTime }
            : {}),
      };
    case 'dine':
      return { ...base, table: form.table!, person: form.person! };
    case 'appointment':
      return { ...base, ...appointmentFields(form) };
  }
}

/** An appointment's fields of the submit payload (spec §3 serviceUser, serviceStartTimeInfo, serviceDuration). */
function appointmentFields(form: CheckoutForm) {
  const choice = form.appointment!;
  return {
    holdId: choice.holdId,
    serviceStartTimeInfo: choice.start,
    serviceUser: choice.serviceUser,
    serviceDuration: choice.duration,
    ...(form.forSomeoneElse
      ? { beautyUserName: form.beautyUserName.trim(), beautyUserPhone: form.beautyUserPhone.trim() }
      : {}),
  };
}

const REJECTION_FIELD: Partial<Record<OrderRejection, CheckoutField>> = {
  addressRequired: 'address',
  addressNoGps: 'address',
  outOfRange: 'address',
  shopAddressInvalid: 'address',
  deliveryTimeRequired: 'deliveryTime',
  deliveryTimeInvalid: 'deliveryTime',
  contactRequired: 'contactName',
  pickerRequired: 'pickerName',
  pickupTimeRequired: 'pickupTime',
  pickupTimeInvalid: 'pickupTime',
  tableRequired: 'table',
  tableNotFound: 'table',
  headcountInvalid: 'person',
  tablewareInvalid: 'tableware',
  payTypeInvalid: 'payType',
  memberRequired: 'payType',
  nothingToPay: 'total',
};

/** The field a server refusal points at, with the values its message names. */
export function rejectionError(rejection: OrderRejectionInfo, orderType: SubmitOrderType): FieldError {
  let field = REJECTION_FIELD[rejection.reason] ?? 'cart';
  if (rejection.reason === 'phoneInvalid')
    field = orderType === 'selfPickup' ? 'pickerPhone' : 'contactPhone';
  const { reason, ...rest } = rejection;
  const values = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as FieldError['values'];
  return { field, reason, values };
}

const APPOINTMENT_FIELD: Partial<Record<AppointmentRejection, CheckoutField>> = {
  beautyUserIncomplete: 'beautyUserName',
  beautyUserPhoneInvalid: 'beautyUserPhone',
  appointmentTimeRequired: 'appointment',
  // Too many appointments to pay at the counter: another way to pay fixes it, the held time stays (A27).
  counterAppointmentsLimit: 'payType',
};

/**
 * The person coming and the way to pay are the form's to fix (their field shows the reason); every other
 * appointment refusal is about the time or the hold, which the appointment flow answers with other times
 * (null here).
 */
export function appointmentFieldError(
  reason: AppointmentRejection,
  values: { limit?: number | undefined } = {},
): FieldError | null {
  const field = APPOINTMENT_FIELD[reason];
  if (!field) return null;
  return error(
    field,
    reason as AppointmentFieldReason,
    values.limit === undefined ? {} : { limit: values.limit },
  );
}
