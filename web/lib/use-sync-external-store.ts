// What vite.config.ts gives wouter for `use-sync-external-store/shim`: React's own (React 18 and up have it).
export { useSyncExternalStore } from 'react';
