// Actors declared in a machine's setup() are placeholders: the app provides the real services
// (src/app/flows/<flow>.ts) and tests provide fakes, so a missing one fails loudly instead of doing I/O.
import { fromPromise } from 'xstate';
import type { HttpErrorKind, HttpToastKey } from '../../services/http';

export const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });

/**
 * What the customer is told when no answer came. A transport failure's own message ("status 500",
 * "timeout", "bad reply for …") is for logs, so it leaves as the request layer's toast key, which the
 * views put in words (src/i18n/error-text.ts). A page says what the toast says: a failure with no HTTP
 * status at all (a time-out, a connection that failed) is the server-error text, as spec §8 has it. An
 * aborted call, which shows no toast, falls under the network text.
 */
const TOKEN_BY_KIND: Record<Exclude<HttpErrorKind, 'business'>, HttpToastKey> = {
  unauthorized: 'http.unauthorized',
  forbidden: 'http.forbidden',
  server: 'http.serverError',
  badReply: 'http.serverError',
  badRequest: 'http.serverError',
  network: 'http.networkError',
  timeout: 'http.serverError',
  aborted: 'http.networkError',
};

// Machines may not import the request layer's values, so its errors are known by name and kind.
const transportKind = (error: Error): Exclude<HttpErrorKind, 'business'> | null => {
  if (error.name !== 'HttpError') return null;
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === 'string' && Object.hasOwn(TOKEN_BY_KIND, kind)
    ? (kind as Exclude<HttpErrorKind, 'business'>)
    : null;
};

/**
 * The reason a failed actor gives, for the UI: the server's own (localised) text for a refusal, a
 * request-layer toast key for a transport failure, or the message of any other error.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const kind = transportKind(error);
    if (kind === 'network' && (error as { status?: unknown }).status == null) return 'http.serverError';
    return kind ? TOKEN_BY_KIND[kind] : error.message;
  }
  return typeof error === 'string' ? error : 'error';
}

/** The reason a business refusal names in its info (`{ reason }`), or null for any other failure. */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'HttpError') return null;
  if ((error as { kind?: unknown }).kind !== 'business') return null;
  const info = (error as { info?: unknown }).info;
  if (typeof info !== 'object' || info === null) return null;
  const reason = (info as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : null;
}
