// What buildApp puts on the Fastify instance for routes and modules.
import type { Database } from '../db/client';
import type { SmsSender } from '../providers/sms';

export interface AppSettings {
  /** Demo mode: the local SMS sender's codes are returned in sendSmsCode replies. */
  demoMode: boolean;
  sms: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The app clock; tests inject one to move time. */
    now: () => Date;
    settings: AppSettings;
  }
}
