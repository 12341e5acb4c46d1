// Timing of lazily loaded pages (spec §9 "Async page load time-out 60000 ms, delay 200 ms").
import { LOADING_VIEW_DELAY_MS } from '../views/ui/delay';

/** Spec §9: a page's code that has not arrived after 60 s counts as failed (the async-load error view). */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
/** Spec §9: the loading view appears only if a page takes longer than 200 ms to arrive. */
export const PAGE_PENDING_DELAY_MS = LOADING_VIEW_DELAY_MS;

export function withTimeout<T>(load: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page load timed out after ${ms} ms`)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
