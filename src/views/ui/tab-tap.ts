// Tapping the tab of the page already shown emits a tab-tap event (spec §2); pages subscribe to react to
// it (scroll to top, refresh) without knowing about the tab bar.
import { useEffect, useRef } from 'react';

type Listener = (tab: string) => void;
const listeners = new Set<Listener>();

export function emitTabTap(tab: string): void {
  for (const listener of [...listeners]) listener(tab);
}

export function onTabTap(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useTabTap(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onTabTap((tab) => latest.current(tab)), []);
}
