// React 19 has useSyncExternalStore built in. @xstate/react and TanStack's store still import the shim
// package written for React 17, which would ship its fallback code in the first route; the build points
// those imports at React's own hook (vite.config.ts resolve.alias).
export { useSyncExternalStore } from 'react';
