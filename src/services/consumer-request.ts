// What a consumer call sends (spec §7): a JSON POST under /new/consumer with the language, client type and
// region headers and the session's token. The request layer (./http.ts) builds every call here, and so do
// the reads a cold start begins before the app's code has arrived (src/app/early.ts): one builder is what
// makes an early read and the app's own call the same request (decision K50).
import { API_BASE, HEADERS } from '../domain/api/envelope';

/** Who is calling: the session's language, client type code and region, and its token if it has one. */
export interface Caller {
  language: string;
  clientTypeCode: number;
  overseas: boolean;
  token: string | null;
}

export interface ConsumerRequest {
  /** `area/action` */
  action: string;
  /** The path on the site: /new/consumer/area/action. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body as sent. */
  body: string;
}

export function consumerRequest(action: string, body: unknown, caller: Caller): ConsumerRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADERS.language]: caller.language,
    [HEADERS.userAgentType]: String(caller.clientTypeCode),
    [HEADERS.abroadEnv]: caller.overseas ? '1' : '0',
  };
  if (caller.token) headers[HEADERS.token] = caller.token;
  const name = action.replace(/^\//, '');
  return { action: name, url: `${API_BASE}/${name}`, headers, body: JSON.stringify(body ?? {}) };
}

/** Two requests are one read when the server is told the same: path, headers and body alike. */
export const requestKey = (request: ConsumerRequest): string =>
  `${request.url}\n${JSON.stringify(request.headers)}\n${request.body}`;
