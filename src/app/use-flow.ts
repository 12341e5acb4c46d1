// Starts a flow actor for the lifetime of a page, subscribing to what it emits before it starts: a flow
// may emit during start (the entry flow navigates at once when the link names no shop).
import { useEffect, useState } from 'react';
import { createActor, type Actor, type AnyActorLogic, type ActorOptions } from 'xstate';
import { inspection } from '../services/inspect';

export function useFlow<TLogic extends AnyActorLogic>(
  logic: TLogic,
  /** Read when the flow starts (after mount), so inputs reflect storage at that moment. */
  options: () => ActorOptions<TLogic>,
  listen?: (actor: Actor<TLogic>) => Array<{ unsubscribe(): void }>,
): Actor<TLogic> | null {
  const [actor, setActor] = useState<Actor<TLogic> | null>(null);
  useEffect(() => {
    const created = createActor(logic, { ...options(), ...inspection() });
    const subscriptions = listen?.(created) ?? [];
    created.start();
    setActor(created);
    return () => {
      for (const s of subscriptions) s.unsubscribe();
      created.stop();
      setActor(null);
    };
    // The flow lives as long as the page; a new page instance starts a new flow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return actor;
}
