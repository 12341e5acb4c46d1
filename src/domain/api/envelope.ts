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
