// Opt-in flow inspection: `?inspect` in the search or the hash query connects every actor the app creates
// to the project's own inspector page (/inspect/, docs/flows.md "Inspecting"). Its code is imported lazily,
// so without `?inspect` the app loads nothing of it, in development or production.
import type { createInspector } from '@statelyai/inspect';
import { readQuery } from './env';

export type Inspect = ReturnType<typeof createInspector>['inspect'];

export const wantsInspector = (url: string): boolean => 'inspect' in readQuery(url);

let current: Inspect | undefined;

/** Starts the inspector when the URL asks for it; returns the `inspect` option for createActor. */
export async function startInspector(
  url: string = typeof location === 'undefined' ? '' : location.href,
): Promise<Inspect | undefined> {
  if (!url || !wantsInspector(url)) return undefined;
  if (!current) {
    const { connectInspector } = await import('../inspector/connect');
    current = connectInspector();
  }
  return current;
}

/** Spread into an actor's options: `{ inspect }` once the inspector runs, else nothing. */
export const inspection = (): { inspect?: Inspect } => (current ? { inspect: current } : {});
