// What the sandbox gateway's hosted page reads from the sandbox checkout actor.
import type { SnapshotFrom } from 'xstate';
import type { SandboxChoice, sandboxCheckoutMachine } from './sandbox-checkout.machine';

type S = SnapshotFrom<typeof sandboxCheckoutMachine>;

export const selectIsLoading = (s: S) => s.matches('starting') || s.matches('loading');
export const selectIsNotFound = (s: S) => s.matches('notFound');
/** The session once read, whether still open or already finished; null before and when not found. */
export const selectSession = (s: S) => s.context.session;
export const selectCardNumber = (s: S) => s.context.cardNumber;
export const selectCardError = (s: S) => s.context.cardError;
/** Which button is working while the gateway answers (and until the browser has left), or null. */
export const selectSubmitting = (s: S): SandboxChoice | null =>
  s.hasTag('submitting') ? s.context.choice : null;
/** The completion's failure text, or null (a load failure shows as not found instead). */
export const selectError = (s: S) => (s.matches('open') ? s.context.error : null);
