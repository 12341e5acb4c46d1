// Views move between pages through this context, which the app implements on its router; views stay
// free of router types and page code can be rendered in tests with a plain object.
import { createContext, useContext } from 'react';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface Navigation {
  /** An href for an anchor (hash URL), so links work with the keyboard, middle-click and screen readers. */
  href(path: string, query?: Query): string;
  go(path: string, query?: Query, options?: { replace?: boolean }): void;
  /** Back in history; on the first page in history, the home route (spec §2 "Page head"). */
  back(): void;
}

const inert: Navigation = {
  href: (path, query) => `#${path}${toSearch(query)}`,
  go: () => undefined,
  back: () => undefined,
};

export const NavigationContext = createContext<Navigation>(inert);
export const useNavigation = (): Navigation => useContext(NavigationContext);

export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
