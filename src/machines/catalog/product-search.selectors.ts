// What the search page reads from the product search actor.
import type { SnapshotFrom } from 'xstate';
import type { productSearchMachine } from './product-search.machine';

type S = SnapshotFrom<typeof productSearchMachine>;

export type SearchState = 'empty' | 'typing' | 'searching' | 'results' | 'noResults' | 'failed';

export const selectText = (s: S) => s.context.text;
export const selectResults = (s: S) => s.context.results;
export const selectSearchedText = (s: S) => s.context.searchedText;
export const selectSearchError = (s: S) => s.context.error;
export const selectSearchState = (s: S): SearchState => {
  if (s.matches('debouncing')) return 'typing';
  if (s.matches('searching')) return 'searching';
  if (s.matches('results')) return 'results';
  if (s.matches('noResults')) return 'noResults';
  if (s.matches('failed')) return 'failed';
  return 'empty';
};
