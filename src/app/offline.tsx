// Shows the offline notice while the browser has no connection, or while the page shows replies kept from
// the last visit because the server could not be reached (src/services/offline-replies.ts).
import { useSyncExternalStore } from 'react';
import { replayState } from '../services/offline-replies';
import { OfflineNotice } from '../views/ui/offline-notice';

function subscribeToConnection(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const browserOffline = () => navigator.onLine === false;
const never = () => false;

export function Offline() {
  const offline = useSyncExternalStore(subscribeToConnection, browserOffline, never);
  const replaying = useSyncExternalStore(replayState.subscribe, replayState.get, never);
  return offline || replaying ? <OfflineNotice /> : null;
}
