// Delivery addresses of a proven phone (address/* calls). A device-only session has no phone and gets
// "please log in"; every read and write is scoped to the owner's phone, so another customer's address id
// reads as not found and nothing of it changes. One default per owner: setting a default clears the
// others in the same transaction. Writes of one owner run one at a time (a transaction-scoped advisory lock
// on the owner), so the default flag and the address limit hold under concurrent requests; a partial
// unique index backs the one-default rule in the database itself.
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { normalizePhone } from '../../../src/domain/api/user';
import type { Address } from '../../../src/domain/api/address';
import { MAX_ADDRESSES } from '../../../src/domain/api/address';
import type { z } from 'zod';
import type { addressFields } from '../../../src/domain/api/address';
import type { Database, Executor } from '../../db/client';
import { addresses, customers, type AddressRow } from '../../db/schema';
import { BusinessError, type Session } from '../../http/action';
import { orderMessages } from '../orders/orders-messages';

type Fields = z.output<typeof addressFields>;

/** The phone the session's customer proved by SMS; addresses need one. */
export async function ownerPhone(db: Executor, session: Session): Promise<string> {
  const [row] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, session.customerId));
  if (!row?.phone) throw new BusinessError(orderMessages.loginRequired);
  return row.phone;
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    contactName: row.contactName,
    phone: row.phone,
    address: row.address,
    houseNumber: row.houseNumber,
    gps: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    isDefault: row.isDefault,
    tag: row.tag,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAddresses(db: Executor, owner: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.ownerPhone, owner))
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** The owner's address, or "address not found" (also for another owner's id). */
export async function findAddress(db: Executor, owner: string, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.ownerPhone, owner)));
  if (!row) throw new BusinessError(orderMessages.addressNotFound);
  return row;
}

function columns(fields: Fields) {
  const phone = normalizePhone(fields.phone, fields.areaCode);
  if (!phone) throw new BusinessError(orderMessages.phoneInvalid);
  return {
    contactName: fields.contactName,
    phone,
    address: fields.address,
    houseNumber: fields.houseNumber,
    lat: fields.gps?.lat ?? null,
    lng: fields.gps?.lng ?? null,
    isDefault: fields.isDefault,
    tag: fields.tag,
  };
}

/** Serialises the writes of one owner until the transaction ends. */
async function lockOwner(tx: Executor, owner: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`address:${owner}`}))`);
}

async function clearOtherDefaults(tx: Executor, owner: string, keepId: number | null) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(addresses.ownerPhone, owner),
        eq(addresses.isDefault, true),
        ...(keepId !== null ? [ne(addresses.id, keepId)] : []),
      ),
    );
}

export async function addAddress(db: Database, owner: string, fields: Fields, now: Date): Promise<Address> {
  const values = columns(fields);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(addresses)
      .where(eq(addresses.ownerPhone, owner));
    if (total >= MAX_ADDRESSES) throw new BusinessError(orderMessages.addressLimit, { max: MAX_ADDRESSES });
    // The first address becomes the default, so a customer always has one to order with.
    const isDefault = values.isDefault || total === 0;
    if (isDefault) await clearOtherDefaults(tx, owner, null);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, isDefault, ownerPhone: owner, createdAt: now, updatedAt: now })
      .returning();
    return toAddress(row!);
  });
}

export async function updateAddress(
  db: Database,
  owner: string,
  id: number,
  fields: Fields,
  now: Date,
): Promise<Address> {
  const values = columns(fields);
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    await findAddress(tx, owner, id);
    if (values.isDefault) await clearOtherDefaults(tx, owner, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...values, updatedAt: now })
      .where(and(eq(addresses.id, id), eq(addresses.ownerPhone, owner)))
      .returning();
    return toAddress(row!);
  });
}

export async function deleteAddress(db: Database, owner: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const row = await findAddress(tx, owner, id);
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.ownerPhone, owner)));
    if (!row.isDefault) return;
    // The newest remaining address inherits the default.
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.ownerPhone, owner))
      .orderBy(desc(addresses.updatedAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}
