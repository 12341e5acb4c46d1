// What availability is computed from, read from the database for one shop: its booking settings and hours,
// its bookable services (buffers, pool), its technicians (weekly plans, dated exceptions, services with
// their own durations) and, for a span of time, the holds and bookings that keep technicians and pool
// places busy. Plans are stored as "HH:mm" ranges and become minutes here (src/booking/weekly-hours.ts).
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Booking, PlanException, WeeklyPlan } from '../../../src/booking/availability';
import { planExceptionOf, weeklyPlanOf, type HoursException } from '../../../src/booking/weekly-hours';
import type { Executor } from '../../db/client';
import {
  appointmentBookings,
  appointmentExceptions,
  appointmentServices,
  appointmentSettings,
  capacityPools,
  serviceUsers,
  serviceUserServices,
  type Text,
} from '../../db/schema';

export type ServiceUserRow = typeof serviceUsers.$inferSelect;

export interface PoolInfo {
  id: number;
  name: Text;
  capacity: number;
}

export interface ServiceInfo {
  productId: number;
  bufferBefore: number;
  bufferAfter: number;
  pool: PoolInfo | null;
}

export interface TechnicianInfo {
  row: ServiceUserRow;
  plan: WeeklyPlan;
  exceptions: PlanException[];
  /** Product id → the technician's own minutes, or null for the service's own. */
  services: Map<number, number | null>;
}

export interface BookingContext {
  shopId: number;
  timeZone: string;
  /** shop info appointmentTimeLimit. */
  horizonDays: number;
  stepMinutes: number;
  minNoticeMinutes: number;
  freeChangeHours: number;
  hours: WeeklyPlan;
  exceptions: PlanException[];
  services: Map<number, ServiceInfo>;
  /** In the shop's order (sort, then id): "any technician" prefers the earlier on equal load (A6). */
  technicians: TechnicianInfo[];
}

export interface BookingShop {
  id: number;
  orderTypes: readonly string[];
  settings: { timezone: string; appointmentTimeLimit: number };
}

const toException = (row: typeof appointmentExceptions.$inferSelect): PlanException =>
  planExceptionOf(
    row.kind === 'off'
      ? { date: row.date, kind: 'off' }
      : ({ date: row.date, kind: 'hours', ranges: row.ranges } satisfies HoursException),
  );

/** The shop's booking context, or null when it takes no appointments (or has no booking settings). */
export async function loadBookingContext(db: Executor, shop: BookingShop): Promise<BookingContext | null> {
  if (!shop.orderTypes.includes('appointment')) return null;
  const [settings] = await db
    .select()
    .from(appointmentSettings)
    .where(eq(appointmentSettings.shopId, shop.id));
  if (!settings) return null;
  const services = await db
    .select({ service: appointmentServices, pool: capacityPools })
    .from(appointmentServices)
    .leftJoin(capacityPools, eq(capacityPools.id, appointmentServices.poolId))
    .where(eq(appointmentServices.shopId, shop.id));
  const staff = await db
    .select()
    .from(serviceUsers)
    .where(eq(serviceUsers.shopId, shop.id))
    .orderBy(asc(serviceUsers.sort), asc(serviceUsers.id));
  const performed =
    staff.length === 0
      ? []
      : await db
          .select()
          .from(serviceUserServices)
          .where(
            inArray(
              serviceUserServices.serviceUserId,
              staff.map((s) => s.id),
            ),
          );
  // The latest exception of a date wins (A5): rows come in id order and rangesOn keeps the last.
  const exceptions = await db
    .select()
    .from(appointmentExceptions)
    .where(eq(appointmentExceptions.shopId, shop.id))
    .orderBy(asc(appointmentExceptions.id));

  return {
    shopId: shop.id,
    timeZone: shop.settings.timezone,
    horizonDays: shop.settings.appointmentTimeLimit,
    stepMinutes: settings.stepMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    freeChangeHours: settings.freeChangeHours,
    hours: weeklyPlanOf(settings.hours),
    exceptions: exceptions.filter((e) => e.serviceUserId === null).map(toException),
    services: new Map(
      services.map(({ service, pool }) => [
        service.productId,
        {
          productId: service.productId,
          bufferBefore: service.bufferBefore,
          bufferAfter: service.bufferAfter,
          pool: pool ? { id: pool.id, name: pool.name, capacity: pool.capacity } : null,
        },
      ]),
    ),
    technicians: staff.map((row) => ({
      row,
      plan: weeklyPlanOf(row.weeklyPlan),
      exceptions: exceptions.filter((e) => e.serviceUserId === row.id).map(toException),
      services: new Map(
        performed.filter((p) => p.serviceUserId === row.id).map((p) => [p.productId, p.duration]),
      ),
    })),
  };
}

/** A busy row as availability reads it, with the pool place it takes and its own id. */
export interface BusyRow extends Booking {
  id: number;
  serviceUserId: number;
  poolId: number | null;
  poolPlace: number | null;
}

/**
 * The live holds and bookings overlapping [from, to) (their buffered spans) of these technicians or this
 * pool: bookings that are not cancelled and holds that have not lapsed at `now` (an expired hold counts
 * for nothing, A10). `exceptId` leaves one booking out (the one being moved).
 */
export async function busyRows(
  db: Executor,
  args: {
    serviceUserIds: readonly number[];
    poolId: number | null;
    from: number;
    to: number;
    now: Date;
    exceptId?: number;
  },
): Promise<BusyRow[]> {
  if (args.serviceUserIds.length === 0 && args.poolId === null) return [];
  const b = appointmentBookings;
  const who = [
    ...(args.serviceUserIds.length > 0 ? [inArray(b.serviceUserId, [...args.serviceUserIds])] : []),
    ...(args.poolId !== null ? [eq(b.poolId, args.poolId)] : []),
  ];
  const rows = await db
    .select({
      id: b.id,
      serviceUserId: b.serviceUserId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      bufferBefore: b.bufferBefore,
      bufferAfter: b.bufferAfter,
      poolId: b.poolId,
      poolPlace: b.poolPlace,
    })
    .from(b)
    .where(
      and(
        eq(b.active, true),
        or(isNull(b.expiresAt), gt(b.expiresAt, args.now)),
        sql`${b.span} && tstzrange(${new Date(args.from).toISOString()}::timestamptz, ${new Date(args.to).toISOString()}::timestamptz, '[)')`,
        who.length === 1 ? who[0] : or(...who),
        ...(args.exceptId !== undefined ? [sql`${b.id} <> ${args.exceptId}`] : []),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    serviceUserId: r.serviceUserId,
    start: r.startsAt.getTime(),
    end: r.endsAt.getTime(),
    bufferBefore: r.bufferBefore,
    bufferAfter: r.bufferAfter,
    poolId: r.poolId,
    poolPlace: r.poolPlace,
  }));
}
