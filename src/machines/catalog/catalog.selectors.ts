// What the product index reads from the catalog actor.
import type { SnapshotFrom } from 'xstate';
import type { Product } from '../../domain/catalog';
import type { catalogMachine, Chunk } from './catalog.machine';

type S = SnapshotFrom<typeof catalogMachine>;

const NO_PRODUCTS: readonly Product[] = [];

export const selectTypes = (s: S) => s.context.types;
export const selectActiveTypeId = (s: S) => s.context.activeTypeId;
export const selectProductsOf = (typeId: number) => (s: S) =>
  s.context.chunks[typeId]?.products ?? NO_PRODUCTS;
/** idle (nothing pending), queued, loading, error; 'done' once every page is in. */
export const selectChunkStatus =
  (typeId: number) =>
  (s: S): Chunk['status'] | 'done' | 'unknown' => {
    const chunk = s.context.chunks[typeId];
    if (!chunk) return 'unknown';
    if (chunk.status === 'idle' && !chunk.hasMore) return 'done';
    return chunk.status;
  };
export const selectHasMore = (typeId: number) => (s: S) => s.context.chunks[typeId]?.hasMore ?? false;
export const selectMenuUpdated = (s: S) => s.context.menuUpdated;
export const selectIsLoading = (s: S) => s.matches('loadingTypes');
export const selectIsLoadingChunk = (s: S) => s.matches({ ready: 'loadingChunk' });
export const selectLoadFailed = (s: S) => s.matches('failed');
export const selectVersion = (s: S) => s.context.version;
