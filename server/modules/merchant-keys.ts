// Merchant API keys: only a sha256 of a key is stored (merchant_keys), so a leaked table does not leak
// keys. Keys are long random strings, so a plain hash (no salt, no stretching) is enough to look them up.
import { createHash } from 'node:crypto';

export const hashMerchantKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The seeded demo key of a shop; documented as demo-only. */
export const demoMerchantKey = (shopId: number) => `demo-merchant-${shopId}`;
