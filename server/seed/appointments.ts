// A shop's appointment data from its seed (docs/api.md "Appointments"): booking settings and hours, dated
// exceptions, capacity pools, bookable services with their buffers, and each technician's weekly plan,
// exceptions and services with their own durations. Checked before anything is written: every range must
// read as wall-clock minutes (src/booking/weekly-hours.ts) and every service be a product with a duration.
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { localRangeOf, type HoursRange, type WeeklyHours } from '../../src/booking/weekly-hours';
import type { SeedPlanException, SeedShop } from './types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkRanges(ranges: readonly HoursRange[], where: string): void {
  for (const r of ranges) {
    try {
      localRangeOf(r);
    } catch {
      throw new Error(`${where}: bad range ${r.start}-${r.end}`);
    }
  }
}

function checkHours(hours: WeeklyHours, where: string): void {
  for (const [key, ranges] of Object.entries(hours)) {
    if (!/^[0-6]$/.test(key)) throw new Error(`${where}: bad weekday ${key}`);
    checkRanges(ranges ?? [], `${where} weekday ${key}`);
  }
}

function checkExceptions(exceptions: readonly SeedPlanException[], where: string): void {
  for (const e of exceptions) {
    if (!DATE.test(e.date)) throw new Error(`${where}: bad date ${e.date}`);
    if (e.kind === 'hours') checkRanges(e.ranges, `${where} ${e.date}`);
  }
}

/** Throws when the shop's appointment data is inconsistent. */
export function validateAppointments(shop: SeedShop): void {
  const where = `Seed shop ${shop.id}`;
  const takes = shop.orderTypes.includes('appointment');
  if (takes && !shop.appointments) throw new Error(`${where} takes appointments but has no appointment data`);
  const data = shop.appointments;
  if (!data) return;
  checkHours(data.hours, `${where} hours`);
  checkExceptions(data.exceptions ?? [], `${where} exceptions`);
  const products = new Map(shop.products.map((p) => [p.id, p]));
  const pools = new Set((data.pools ?? []).map((p) => p.id));
  const services = new Set<number>();
  for (const s of data.services) {
    const product = products.get(s.productId);
    if (!product?.serviceTime)
      throw new Error(`${where}: service ${s.productId} is not a product with a serviceTime`);
    if (s.poolId !== undefined && !pools.has(s.poolId)) throw new Error(`${where}: unknown pool ${s.poolId}`);
    services.add(s.productId);
  }
  for (const person of shop.serviceUsers ?? []) {
    checkHours(person.plan ?? {}, `${where} technician ${person.id}`);
    checkExceptions(person.exceptions ?? [], `${where} technician ${person.id}`);
    for (const s of person.services ?? []) {
      if (!services.has(s.productId))
        throw new Error(`${where}: technician ${person.id} performs ${s.productId}, which is not a service`);
    }
  }
}

/** Writes the shop's appointment data (its service users are already in). */
export async function insertAppointments(tx: Tx, shop: SeedShop): Promise<void> {
  const data = shop.appointments;
  if (!data) return;
  await tx.insert(t.appointmentSettings).values({
    shopId: shop.id,
    stepMinutes: data.stepMinutes,
    minNoticeMinutes: data.minNoticeMinutes,
    freeChangeHours: data.freeChangeHours,
    hours: data.hours,
  });
  if (data.pools?.length) {
    await tx
      .insert(t.capacityPools)
      .values(data.pools.map((p) => ({ id: p.id, shopId: shop.id, name: p.name, capacity: p.capacity })));
  }
  await tx.insert(t.appointmentServices).values(
    data.services.map((s) => ({
      productId: s.productId,
      shopId: shop.id,
      bufferBefore: s.bufferBefore ?? 0,
      bufferAfter: s.bufferAfter ?? 0,
      poolId: s.poolId ?? null,
    })),
  );
  const performed = (shop.serviceUsers ?? []).flatMap((person) =>
    (person.services ?? []).map((s) => ({
      serviceUserId: person.id,
      productId: s.productId,
      duration: s.duration ?? null,
    })),
  );
  if (performed.length > 0) await tx.insert(t.serviceUserServices).values(performed);
  const exceptions = [
    ...(data.exceptions ?? []).map((e) => ({ ...e, serviceUserId: null })),
    ...(shop.serviceUsers ?? []).flatMap((person) =>
      (person.exceptions ?? []).map((e) => ({ ...e, serviceUserId: person.id })),
    ),
  ];
  if (exceptions.length > 0) {
    await tx.insert(t.appointmentExceptions).values(
      exceptions.map((e) => ({
        shopId: shop.id,
        serviceUserId: e.serviceUserId,
        date: e.date,
        kind: e.kind,
        ranges: e.kind === 'hours' ? e.ranges : [],
      })),
    );
  }
}
