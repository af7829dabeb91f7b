/**
 * Stands in for the `use-sync-external-store/shim` package that wouter imports (vite.config.ts aliases it
 * here): React 19 has the hook built in, so the shim's fallback for React < 18 is dead weight on every route.
 */
export { useSyncExternalStore } from 'react';
