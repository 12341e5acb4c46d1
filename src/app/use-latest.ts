// A ref that always holds the newest value, for listeners registered once (flow subscriptions, actions kept
// stable across renders) that must still read this render's props and texts.
import { useEffect, useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
