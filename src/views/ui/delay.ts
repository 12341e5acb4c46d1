// Loading views that wait before they show (spec §9: a loading view appears only when the wait has lasted
// 200 ms). A quick load never flashes one; a cold start whose first reads are already answered goes from a
// blank page straight to the menu, without drawing a splash on a slow phone's main thread (decision K53).
import { useEffect, useState } from 'react';

export const LOADING_VIEW_DELAY_MS = 200;

/** False until `ms` have passed since the component mounted. */
export function useShownAfter(ms = LOADING_VIEW_DELAY_MS): boolean {
  const [shown, setShown] = useState(ms <= 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [ms, shown]);
  return shown;
}
