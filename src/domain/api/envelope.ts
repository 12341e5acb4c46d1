// The reply envelope and request headers of spec §7, shared by the request layer and the server.
import { z } from 'zod';

export interface ApiReply<T> {
  /** false = business failure; `message` says why in the request's language. */
  result: boolean;
  info: T;
  message: string;
}

export const API_BASE = '/new/consumer';
export const apiPath = (area: string, action: string) => `${API_BASE}/${area}/${action}`;

/** Request header names (spec §7). */
export const HEADERS = {
  token: 'token',
  abroadEnv: 'Abroad-Env',
  language: 'language',
  userAgentType: 'userAgentType',
} as const;

export const replySchema = <T extends z.ZodType>(info: T) =>
  z.object({ result: z.boolean(), info, message: z.string() });

/**
 * A refusal's info when no shop has the id a call names (user/h5entry, user/token, store/detail, …): the
 * link itself is wrong, so the entry page offers the store list instead of a retry.
 */
export const SHOP_NOT_FOUND = { reason: 'shopNotFound' } as const;
