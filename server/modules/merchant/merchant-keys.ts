// Merchant API keys: only a sha256 of a key is stored (merchant_keys), so a leaked table does not leak
// keys. Keys are long random strings, so a plain hash (no salt, no stretching) is enough to look them up.
// An operator issues, lists and revokes them with `npm run merchant-keys` (scripts/merchant-keys.ts); the
// merchant API looks a key up on every request (merchantShopOf), so a revoked key is refused at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantKeys, shops } from '../../db/schema';

export const hashMerchantKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The seeded demo key of a shop; documented as demo-only. */
export const demoMerchantKey = (shopId: number) => `demo-merchant-${shopId}`;

/**
 * A key of the public demo form. Issued keys are `mk_` and random, so this never matches one; the merchant
 * API refuses these outside demo mode, also in a database seeded while demo mode was on.
 */
export const isDemoMerchantKey = (key: string) => /^demo-merchant-\d+$/.test(key);

/** The prefix tells a merchant key apart from other secrets in a config file or a leak scanner. */
export const MERCHANT_KEY_PREFIX = 'mk_';
/**
 * The prefix and 5 random characters (30 of the key's 256 random bits): enough to tell a shop's keys
 * apart, far too few to help guess one.
 */
export const MERCHANT_KEY_HINT_LENGTH = MERCHANT_KEY_PREFIX.length + 5;
export const MERCHANT_KEY_LABEL_MAX = 80;

/** A new key: the prefix and 32 random bytes in base64url (43 characters). */
export const newMerchantKey = () => `${MERCHANT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
export const merchantKeyHint = (key: string) => key.slice(0, MERCHANT_KEY_HINT_LENGTH);

/** What an operator may see of a key: never the key or its hash. */
export interface MerchantKeyInfo {
  id: number;
  shopId: number;
  label: string;
  /** The key's first characters; '' for a key stored without one (the seeded demo keys). */
  hint: string;
  /** The seeded, publicly known `demo-merchant-<shopId>` key. */
  demo: boolean;
  createdAt: Date;
  revokedAt: Date | null;
}

const infoColumns = {
  id: merchantKeys.id,
  shopId: merchantKeys.shopId,
  keyHash: merchantKeys.keyHash,
  keyHint: merchantKeys.keyHint,
  label: merchantKeys.label,
  createdAt: merchantKeys.createdAt,
  revokedAt: merchantKeys.revokedAt,
};

function toInfo(row: {
  id: number;
  shopId: number;
  keyHash: string;
  keyHint: string;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}): MerchantKeyInfo {
  const demo = row.keyHash === hashMerchantKey(demoMerchantKey(row.shopId));
  return {
    id: row.id,
    shopId: row.shopId,
    label: row.label,
    // The demo key is public anyway, so its hint can be shown even though none was stored.
    hint: row.keyHint || (demo ? merchantKeyHint(demoMerchantKey(row.shopId)) : ''),
    demo,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

export interface ShopRef {
  id: number;
  name: string;
}

async function findShop(db: Executor, shopId: number): Promise<ShopRef | null> {
  const [row] = await db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row ? { id: row.id, name: row.name.en } : null;
}

export type IssueOutcome =
  { ok: true; key: string; info: MerchantKeyInfo; shop: ShopRef } | { ok: false; reason: 'unknownShop' };

/** Stores the hash of a new key for the shop and returns the key itself, which is never kept. */
export async function issueMerchantKey(
  db: Executor,
  args: { shopId: number; label: string; now: Date },
): Promise<IssueOutcome> {
  const shop = await findShop(db, args.shopId);
  if (!shop) return { ok: false, reason: 'unknownShop' };
  const key = newMerchantKey();
  const [row] = await db
    .insert(merchantKeys)
    .values({
      shopId: shop.id,
      keyHash: hashMerchantKey(key),
      keyHint: merchantKeyHint(key),
      label: args.label,
      createdAt: args.now,
    })
    .returning(infoColumns);
  return { ok: true, key, info: toInfo(row!), shop };
}

/** The shop's keys, oldest first, or null when there is no such shop. */
export async function listMerchantKeys(
  db: Executor,
  shopId: number,
): Promise<{ shop: ShopRef; keys: MerchantKeyInfo[] } | null> {
  const shop = await findShop(db, shopId);
  if (!shop) return null;
  const rows = await db
    .select(infoColumns)
    .from(merchantKeys)
    .where(eq(merchantKeys.shopId, shopId))
    .orderBy(asc(merchantKeys.id));
  return { shop, keys: rows.map(toInfo) };
}

export type RevokeOutcome =
  | { ok: true; info: MerchantKeyInfo; activeLeft: number }
  | { ok: false; reason: 'unknownKey' }
  | { ok: false; reason: 'alreadyRevoked'; info: MerchantKeyInfo };

/**
 * Marks the key revoked. The update only touches a key that is still active, so a key revoked twice keeps
 * the time it was first revoked.
 */
export async function revokeMerchantKey(
  db: Executor,
  args: { keyId: number; now: Date },
): Promise<RevokeOutcome> {
  const [row] = await db
    .update(merchantKeys)
    .set({ revokedAt: args.now })
    .where(and(eq(merchantKeys.id, args.keyId), isNull(merchantKeys.revokedAt)))
    .returning(infoColumns);
  if (!row) {
    const [existing] = await db.select(infoColumns).from(merchantKeys).where(eq(merchantKeys.id, args.keyId));
    return existing
      ? { ok: false, reason: 'alreadyRevoked', info: toInfo(existing) }
      : { ok: false, reason: 'unknownKey' };
  }
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(merchantKeys)
    .where(and(eq(merchantKeys.shopId, row.shopId), isNull(merchantKeys.revokedAt)));
  return { ok: true, info: toInfo(row), activeLeft: n };
}
