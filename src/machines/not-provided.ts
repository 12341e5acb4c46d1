// Actors declared in a machine's setup() are placeholders: the app provides the real services
// (src/app/flows/<flow>.ts) and tests provide fakes, so a missing one fails loudly instead of doing I/O.
import { fromPromise } from 'xstate';

export const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });

/** The reason a failed actor gives, for the UI (server text or a request-layer code). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'error';
}
