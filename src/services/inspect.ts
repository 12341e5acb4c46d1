// Opt-in flow inspection: `?inspect` in the search or the hash query starts the Stately browser
// inspector. It is imported lazily so it never weighs on the main bundle, in development or production.
import type { createBrowserInspector } from '@statelyai/inspect';
import { readQuery } from './env';

export type Inspect = ReturnType<typeof createBrowserInspector>['inspect'];

export const wantsInspector = (url: string): boolean => 'inspect' in readQuery(url);

/** The `inspect` option for createActor, or undefined when the URL does not ask for it. */
export async function startInspector(
  url: string = typeof location === 'undefined' ? '' : location.href,
): Promise<Inspect | undefined> {
  if (!url || !wantsInspector(url)) return undefined;
  const { createBrowserInspector: create } = await import('@statelyai/inspect');
  return create().inspect;
}
