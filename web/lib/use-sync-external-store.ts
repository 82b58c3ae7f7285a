// What preact-aliases.ts gives wouter for `use-sync-external-store/shim`: the one `react` has (preact/compat's here).
export { useSyncExternalStore } from 'react';
