// What the menu reads from the product link actor.
import type { SnapshotFrom } from 'xstate';
import type { productLinkMachine } from './product-link.machine';

type S = SnapshotFrom<typeof productLinkMachine>;

/** Still waiting for the menu: once told it is ready, the link has been acted on (or is being looked up). */
export const selectIsWaitingForMenu = (s: S) => s.matches('waitingForMenu');
export const selectIsLookingUp = (s: S) => s.hasTag('busy');
