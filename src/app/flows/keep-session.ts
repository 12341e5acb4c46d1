import type { SessionInfo } from '../../domain/api/user';
import { storage } from '../../services/storage';

/** Keeps a new session: the token (24 hours, for this shop). The device id the browser sent stays as it is. */
export function keepSession(session: Pick<SessionInfo, 'token' | 'shopId'>): void {
  storage.setToken(session.token, session.shopId);
}
