import type { SessionInfo } from '../../domain/api/user';
import { storage } from '../../services/storage';

/** Keeps a new session: the token (24 hours, for this shop) and the identity the server issued. */
export function keepSession(session: Pick<SessionInfo, 'token' | 'shopId' | 'openid'>): void {
  storage.setToken(session.token, session.shopId);
  storage.setOpenid(session.openid);
}
