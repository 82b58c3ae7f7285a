// wouter's `use-sync-external-store/shim` (vite.config.ts): the one React 18 and up have.
export { useSyncExternalStore } from 'react';
