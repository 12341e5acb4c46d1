// What buildApp puts on the Fastify instance for routes and modules.
import type { Database } from '../db/client';
import type { PayPasswordKeyring } from '../modules/identity/identity-password';
import type { SmsSender } from '../providers/sms';
import type { RateLimitSettings } from './rate-limit';
import type { SessionCache } from './session-cache';

export interface AppSettings {
  /** Demo mode: the local SMS sender's codes are returned in sendSmsCode replies. */
  demoMode: boolean;
  sms: SmsSender;
  /** Request rate limits and the per-session, per-device and per-address SMS caps (./rate-limit.ts). */
  rateLimit: RateLimitSettings;
  /** Keys of the pay-password hashes (server/modules/identity/identity-password.ts). */
  payPasswordKeys: PayPasswordKeyring;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The app clock; tests inject one to move time. */
    now: () => Date;
    settings: AppSettings;
    /** Sessions by token hash, briefly (./session-cache.ts); evict what a login or logout ends. */
    sessionCache: SessionCache;
  }
}
