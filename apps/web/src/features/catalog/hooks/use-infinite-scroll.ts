import { useEffect, useRef } from 'react';

/** How far below the viewport the sentinel starts the next page. */
const LOOK_AHEAD = '400px 0px';

/**
 * Infinite scroll: returns a ref for a sentinel element placed after the list; `onReach` runs when the
 * sentinel comes near the viewport while `enabled`. `resetKey` (e.g. the number of items) re-arms the
 * observer after each page, so a sentinel still in view loads the next page too.
 */
export function useInfiniteScroll<T extends Element>(
  enabled: boolean,
  onReach: () => void,
  resetKey: unknown,
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReach();
      },
      { rootMargin: LOOK_AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, onReach, resetKey]);
  return ref;
}
