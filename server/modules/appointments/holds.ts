// beauty/hold, extendHold and releaseHold: the confirm page keeps its time for a few minutes (decision A10).
// A hold is a row of appointment_bookings under the same exclusion constraints as bookings, so a held time
// cannot be held or booked by anyone else; one live hold per customer and shop, replaced by the next.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppointmentHold, BeautyHoldInput } from '../../../src/domain/api/beauty';
import { HOLD_MAX_MINUTES, HOLD_MINUTES } from '../../../src/domain/api/beauty-rules';
import { isoInZone, localDateTimeOf } from '../../../src/booking/weekly-hours';
import type { z } from 'zod';
import type { beautyHoldInput } from '../../../src/domain/api/beauty';
import { appointmentBookings, type AppointmentBookingRow } from '../../db/schema';
import { isUniqueViolation } from '../coupons/coupons';
import {
  bookableService,
  briefOf,
  busyFor,
  checkStart,
  expireShopDue,
  openBooking,
  refuse,
  slotTaken,
  techniciansFor,
  type BeautyEnv,
} from './appointments';
import type { BookingContext } from './booking-context';
import { claimSlot, holdsToReplace } from './claims';
import { durationOf } from './slots';

const MINUTE = 60_000;

export type HoldInput = z.output<typeof beautyHoldInput>;
export type { BeautyHoldInput };

/** The customer's live hold in the shop (not lapsed at `now`), or null. */
export async function liveHold(
  env: Pick<BeautyEnv, 'db' | 'now'>,
  customerId: number,
  shopId: number,
  id?: number,
): Promise<AppointmentBookingRow | null> {
  const b = appointmentBookings;
  const [row] = await env.db
    .select()
    .from(b)
    .where(
      and(
        eq(b.customerId, customerId),
        eq(b.shopId, shopId),
        eq(b.kind, 'hold'),
        sql`${b.expiresAt} > ${env.now.toISOString()}::timestamptz`,
        ...(id !== undefined ? [eq(b.id, id)] : []),
      ),
    );
  return row ?? null;
}

export function holdInfo(
  row: AppointmentBookingRow,
  ctx: BookingContext,
  env: Pick<BeautyEnv, 'now' | 'catalogueLocale'>,
): AppointmentHold {
  const tech = ctx.technicians.find((t) => t.row.id === row.serviceUserId)!;
  const start = row.startsAt.getTime();
  return {
    id: row.id,
    productId: row.productId,
    specId: row.specId,
    serviceUser: briefOf(tech.row, env.catalogueLocale),
    assigned: row.assigned,
    ...localDateTimeOf(start, ctx.timeZone),
    startAt: isoInZone(start, ctx.timeZone),
    endAt: isoInZone(row.endsAt.getTime(), ctx.timeZone),
    duration: Math.round((row.endsAt.getTime() - start) / MINUTE),
    expiresAt: isoInZone(row.expiresAt!.getTime(), ctx.timeZone),
    extendableUntil: isoInZone(row.createdAt.getTime() + HOLD_MAX_MINUTES * MINUTE, ctx.timeZone),
    serverNow: isoInZone(env.now.getTime(), ctx.timeZone),
  };
}

/** Thrown inside a hold's transaction to roll it back when every technician and place was taken. */
class TimeTaken extends Error {}

/** beauty/hold: keeps a free start of the service for this customer, replacing their previous hold. */
export async function takeHold(
  app: FastifyInstance,
  env: BeautyEnv,
  input: HoldInput,
): Promise<AppointmentHold> {
  const { session, now } = env;
  await expireShopDue(app, session.shopId, now);
  const open = await openBooking(env);
  const { ctx } = open;
  const service = bookableService(open, input.productId, input.specId, env.catalogueLocale);
  const techs = techniciansFor(ctx, service, input.serviceUserId, env.catalogueLocale);
  // The customer's own hold gives way to the new one, so it never stands in its way.
  const previous = await liveHold(env, session.customerId, session.shopId);
  const busy = await busyFor(env, ctx, techs, service, previous?.id);
  const checked = checkStart(ctx, techs, service, busy, now, input.start);
  const request = {
    shopId: session.shopId,
    customerId: session.customerId,
    productId: service.productId,
    specId: input.specId ?? null,
    start: checked.start,
    service,
    candidates: checked.candidates.map((id) => ({
      serviceUserId: id,
      duration: durationOf(
        techs.find((t) => t.row.id === id)!,
        service,
      ),
    })),
    assigned: input.serviceUserId == null,
  };
  const write = () =>
    app.db
      .transaction(async (tx) => {
        // The previous hold is deleted under the new claim's locks, and only if the new one is taken.
        const previousHolds = await holdsToReplace(tx, session.customerId, session.shopId);
        const fields = {
          kind: 'hold' as const,
          status: 'held' as const,
          orderId: null,
          expiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE),
        };
        const taken = await claimSlot(tx, request, fields, now, previousHolds);
        if (!taken) throw new TimeTaken();
        return taken;
      })
      .catch((error: unknown) => {
        if (error instanceof TimeTaken) return null;
        throw error;
      });
  let row: AppointmentBookingRow | null;
  try {
    row = await write();
  } catch (error) {
    // The same customer's two holds at once: the later waits for the first, then replaces it.
    if (!isUniqueViolation(error)) throw error;
    row = await write();
  }
  if (!row) {
    const fresh = await busyFor(env, ctx, techs, service);
    throw slotTaken(ctx, techs, service, fresh, now, checked.start);
  }
  return holdInfo(row, ctx, env);
}

/** beauty/extendHold: `HOLD_MINUTES` more, never past `HOLD_MAX_MINUTES` after the hold was taken. */
export async function extendHold(env: BeautyEnv, id: number): Promise<AppointmentHold> {
  const { session, now } = env;
  const open = await openBooking(env);
  const current = await liveHold(env, session.customerId, session.shopId, id);
  if (!current) throw refuse('holdNotFound');
  const limit = current.createdAt.getTime() + HOLD_MAX_MINUTES * MINUTE;
  if (current.expiresAt!.getTime() >= limit) throw refuse('holdExtendLimit');
  const b = appointmentBookings;
  const [row] = await env.db
    .update(b)
    .set({ expiresAt: new Date(Math.min(now.getTime() + HOLD_MINUTES * MINUTE, limit)) })
    .where(
      and(
        eq(b.id, id),
        eq(b.customerId, session.customerId),
        eq(b.kind, 'hold'),
        sql`${b.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  // Used, released or lapsed since it was read.
  if (!row) throw refuse('holdNotFound');
  return holdInfo(row, open.ctx, env);
}

/** beauty/releaseHold: frees the time at once; false when the hold had already gone. */
export async function releaseHold(env: BeautyEnv, id: number): Promise<{ released: boolean }> {
  const b = appointmentBookings;
  const [row] = await env.db
    .delete(b)
    .where(and(eq(b.id, id), eq(b.customerId, env.session.customerId), eq(b.kind, 'hold')))
    .returning({ expiresAt: b.expiresAt });
  return { released: !!row && row.expiresAt!.getTime() > env.now.getTime() };
}
