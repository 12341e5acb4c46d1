// Taking a technician's time in the database: inserting a hold or booking, turning a hold into a booking
// and moving a booking, always under the exclusion constraints of migration 0023 (decision A11). Each try
// runs in a savepoint: a violation of the technician's constraint moves on to the next free technician of
// the same start (A6), one of the pool's constraint to the pool's next place; when every try is refused the
// time is taken, and the caller answers `slotTaken`. Lapsed holds in the way, and the customer's previous
// hold a new one replaces, are deleted first, under the claim's locks (A10, A11).
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { appointmentBookings, type AppointmentBookingRow, type BookingStatus } from '../../db/schema';
import { spanOf, type BookableService } from './slots';

const TECHNICIAN_CONSTRAINT = 'appointment_bookings_no_overlap';
const POOL_CONSTRAINT = 'appointment_bookings_pool_no_overlap';

/** The exclusion constraint an error violated (SQLSTATE 23P01), or null; drizzle keeps the driver's in `cause`. */
export function violatedExclusion(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23P01') return typeof constraint === 'string' ? constraint : TECHNICIAN_CONSTRAINT;
  }
  return null;
}

/** PostgreSQL's text form of the half-open range [from, to). */
export const rangeText = (from: number, to: number) =>
  `[${new Date(from).toISOString()},${new Date(to).toISOString()})`;

export interface SlotRequest {
  shopId: number;
  customerId: number;
  productId: number;
  specId: number | null;
  start: number;
  service: BookableService;
  /** Technicians to try, in order, each with their duration for the service. */
  candidates: { serviceUserId: number; duration: number }[];
  /** "Any technician" was asked for. */
  assigned: boolean;
}

export interface SlotFields {
  kind: 'hold' | 'booking';
  status: BookingStatus;
  orderId: number | null;
  expiresAt: Date | null;
  beautyUserName?: string;
  beautyUserPhone?: string;
}

/** Deletes lapsed holds whose span meets [from, to) for this technician or pool (they count for nothing). */
async function deleteLapsedHolds(
  tx: Executor,
  now: Date,
  span: { from: number; to: number },
  serviceUserId: number,
  poolId: number | null,
): Promise<void> {
  const b = appointmentBookings;
  await tx
    .delete(b)
    .where(
      and(
        eq(b.kind, 'hold'),
        lte(b.expiresAt, now),
        sql`${b.span} && ${rangeText(span.from, span.to)}::tstzrange`,
        poolId === null
          ? eq(b.serviceUserId, serviceUserId)
          : or(eq(b.serviceUserId, serviceUserId), eq(b.poolId, poolId)),
      ),
    );
}

const placesOf = (service: BookableService): (number | null)[] =>
  service.pool ? Array.from({ length: service.pool.capacity }, (_, i) => i + 1) : [null];

/** Advisory lock classes: a claim on a technician's or a pool's time. */
const TECHNICIAN_LOCK = 72_011;
const POOL_LOCK = 72_012;

/** A row a claim deletes before it writes its own: the customer's previous hold, which a new one replaces. */
export interface ReplacedRow {
  id: number;
  serviceUserId: number;
  poolId: number | null;
}

const ascending = (ids: Iterable<number | null | undefined>) =>
  [...new Set([...ids].filter((id): id is number => id != null))].sort((a, b) => a - b);

/**
 * Claims that could conflict take their technicians' and pools' advisory locks first, pools then
 * technicians, each by id, held to the end of the transaction. PostgreSQL checks an exclusion constraint
 * against rows other transactions are still inserting by waiting for them, and two inserts that conflict
 * with each other can each wait for the other: a deadlock, found only after deadlock_timeout. Taking the
 * locks in one order makes such claims queue instead; the constraint stays what refuses an overlap
 * (decision A11). A row the claim deletes is locked too, before it is touched: another claim on its
 * technician or pool may be deleting it as a lapsed hold, and a row lock taken before the advisory lock
 * would wait in the other order (decision A24).
 */
async function lockClaim(tx: Tx, req: SlotRequest, replaced: readonly ReplacedRow[]): Promise<void> {
  for (const id of ascending([req.service.pool?.id, ...replaced.map((r) => r.poolId)]))
    await tx.execute(sql`select pg_advisory_xact_lock(${POOL_LOCK}, ${id})`);
  const technicians = [
    ...req.candidates.map((c) => c.serviceUserId),
    ...replaced.map((r) => r.serviceUserId),
  ];
  for (const id of ascending(technicians))
    await tx.execute(sql`select pg_advisory_xact_lock(${TECHNICIAN_LOCK}, ${id})`);
}

/**
 * Runs `write` for each technician and pool place in turn, each in a savepoint, until one is not refused by
 * an exclusion constraint; null when all are. Other errors roll back and propagate. The `replaced` rows are
 * deleted once the locks are held.
 */
async function firstAccepted<R>(
  tx: Tx,
  req: SlotRequest,
  now: Date,
  write: (
    sp: Tx,
    attempt: {
      serviceUserId: number;
      duration: number;
      place: number | null;
      span: { from: number; to: number };
    },
  ) => Promise<R | null>,
  replaced: readonly ReplacedRow[] = [],
): Promise<R | null | 'gone'> {
  await lockClaim(tx, req, replaced);
  // Still holds: one the customer's order turned into its booking meanwhile is that order's now.
  if (replaced.length > 0)
    await tx.delete(appointmentBookings).where(
      and(
        inArray(
          appointmentBookings.id,
          replaced.map((r) => r.id),
        ),
        eq(appointmentBookings.kind, 'hold'),
      ),
    );
  for (const candidate of req.candidates) {
    const span = spanOf(req.service, req.start, candidate.duration);
    await deleteLapsedHolds(tx, now, span, candidate.serviceUserId, req.service.pool?.id ?? null);
    for (const place of placesOf(req.service)) {
      try {
        const result = await tx.transaction((sp) => write(sp, { ...candidate, place, span }));
        if (result === null) return 'gone';
        return result;
      } catch (error) {
        const violated = violatedExclusion(error);
        if (violated === POOL_CONSTRAINT) continue;
        if (violated !== null) break;
        throw error;
      }
    }
  }
  return null;
}

const rowValues = (
  req: SlotRequest,
  attempt: {
    serviceUserId: number;
    duration: number;
    place: number | null;
    span: { from: number; to: number };
  },
  now: Date,
) => ({
  serviceUserId: attempt.serviceUserId,
  startsAt: new Date(req.start),
  endsAt: new Date(req.start + attempt.duration * 60_000),
  bufferBefore: req.service.bufferBefore,
  bufferAfter: req.service.bufferAfter,
  span: rangeText(attempt.span.from, attempt.span.to),
  poolId: req.service.pool?.id ?? null,
  poolPlace: attempt.place,
  assigned: req.assigned,
  statusChangedAt: now,
});

/**
 * Inserts a hold or booking at the first technician and place the constraints accept, after deleting the
 * `replaced` rows; null: taken (the caller rolls back, so nothing replaced is lost).
 */
export async function claimSlot(
  tx: Tx,
  req: SlotRequest,
  fields: SlotFields,
  now: Date,
  replaced: readonly ReplacedRow[] = [],
): Promise<AppointmentBookingRow | null> {
  const result = await firstAccepted(
    tx,
    req,
    now,
    async (sp, attempt) => {
      const [row] = await sp
        .insert(appointmentBookings)
        .values({
          shopId: req.shopId,
          customerId: req.customerId,
          productId: req.productId,
          specId: req.specId,
          kind: fields.kind,
          status: fields.status,
          orderId: fields.orderId,
          expiresAt: fields.expiresAt,
          beautyUserName: fields.beautyUserName ?? '',
          beautyUserPhone: fields.beautyUserPhone ?? '',
          createdAt: now,
          ...rowValues(req, attempt, now),
        })
        .returning();
      return row!;
    },
    replaced,
  );
  return result === 'gone' ? null : result;
}

/** The customer's holds in the shop (one at most, A10), as a new hold that replaces them locks them. */
export function holdsToReplace(tx: Executor, customerId: number, shopId: number): Promise<ReplacedRow[]> {
  const b = appointmentBookings;
  return tx
    .select({ id: b.id, serviceUserId: b.serviceUserId, poolId: b.poolId })
    .from(b)
    .where(and(eq(b.customerId, customerId), eq(b.shopId, shopId), eq(b.kind, 'hold')));
}

/**
 * Moves a booking to the request's start (and technician), keeping its row: the old span is freed and the
 * new one taken by one conditional UPDATE under the same constraints. 'gone' when the booking is no longer
 * in one of `from` (changed meanwhile); null when every technician and place is taken.
 */
export async function moveBooking(
  tx: Tx,
  bookingId: number,
  from: readonly BookingStatus[],
  req: SlotRequest,
  set: { status: BookingStatus },
  now: Date,
): Promise<AppointmentBookingRow | null | 'gone'> {
  const b = appointmentBookings;
  return firstAccepted(tx, req, now, async (sp, attempt) => {
    const [row] = await sp
      .update(b)
      .set({ ...rowValues(req, attempt, now), status: set.status })
      .where(and(eq(b.id, bookingId), eq(b.active, true), inArray(b.status, [...from])))
      .returning();
    return row ?? null;
  });
}
