// Sessions read by token hash, kept in process for a short time so a call does not pay a database round
// trip for its token (decision K10). A session this process ends (login, logout) is evicted at once; one
// ended through another process is honoured within the cache's lifetime.
import type { Session } from './action';

export interface SessionCache {
  get(tokenHash: string): Session | undefined;
  set(tokenHash: string, session: Session): void;
  evict(tokenHashes: Iterable<string>): void;
}

/** Bounds the memory a flood of distinct tokens can take; the oldest entries go first. */
const MAX_ENTRIES = 20_000;

export function createSessionCache(ttlMs: number, clock: () => number = Date.now): SessionCache {
  const entries = new Map<string, { session: Session; until: number }>();
  if (ttlMs <= 0) return { get: () => undefined, set: () => undefined, evict: () => undefined };
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= clock()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    set(tokenHash, session) {
      entries.delete(tokenHash);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { session, until: clock() + ttlMs });
    },
    evict(tokenHashes) {
      for (const hash of tokenHashes) entries.delete(hash);
    },
  };
}
