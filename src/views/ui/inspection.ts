// The inspector's observer for the actors a view starts itself (the unpaid countdown). The app provides it
// when `?inspect` is on, so these actors show in the inspector next to the page flows; views never import
// the inspector's code.
import { createContext, useContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';

export type ActorInspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

export const InspectionContext = createContext<ActorInspect | undefined>(undefined);

/** Spread into a view's actor options: `{ inspect }` while inspecting, else nothing. */
export function useInspection(): { inspect?: ActorInspect } {
  const inspect = useContext(InspectionContext);
  return inspect ? { inspect } : {};
}
