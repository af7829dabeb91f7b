import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it changes. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
    () => false,
  );
}

/** Spec §9 mobile breakpoint: the filter sidebar shows from 768px. */
export const DESKTOP_QUERY = '(min-width: 768px)';
