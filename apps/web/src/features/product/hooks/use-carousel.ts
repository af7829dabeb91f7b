/**
 * Slide carousel state (spec §9: slide 450 ms, auto-advance every 2000 ms, loops).
 *
 * The track holds the slides plus a copy of the first one at the end, so both directions loop forwards
 * visually: next from the last slide slides onto the copy, then jumps (without transition) to the real first
 * slide; previous from the first jumps to the copy, then slides back onto the last. Auto-advance pauses while
 * paused (hover / focus inside) or when the user prefers reduced motion (no transition either).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export const SLIDE_MS = 450;
export const INTERVAL_MS = 2000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(callback: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

/** Whether the user asked for reduced motion (live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface Carousel {
  /** Index of the slide shown (0 … count − 1). */
  index: number;
  /** Position on the track (count = the copy of the first slide). */
  position: number;
  /** Whether the track animates its current move. */
  animate: boolean;
  reducedMotion: boolean;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
}

/**
 * @param count number of slides
 * @param paused stops auto-advance (pointer over or focus inside the carousel)
 * @param target slide to show whenever it changes (e.g. the chosen variant's image); null = none
 */
export function useCarousel(count: number, paused: boolean, target: number | null = null): Carousel {
  const reducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(false);
  // Waiting one frame on the copy before sliding back onto the last slide.
  const [backPending, setBackPending] = useState(false);
  const [slides, setSlides] = useState(count);
  if (slides !== count) {
    setSlides(count);
    setPosition(0);
    setAnimate(false);
    setBackPending(false);
  }
  const [shownTarget, setShownTarget] = useState<number | null>(null);
  if (shownTarget !== target) {
    setShownTarget(target);
    if (target !== null && target >= 0 && target < count) {
      setBackPending(false);
      setAnimate(!reducedMotion);
      setPosition(target);
    }
  }

  const goTo = useCallback(
    (to: number) => {
      setBackPending(false);
      setAnimate(!reducedMotion);
      setPosition(Math.max(0, Math.min(count - 1, to)));
    },
    [count, reducedMotion],
  );

  const next = useCallback(() => {
    if (count < 2 || position >= count) return;
    if (position === count - 1 && reducedMotion) return goTo(0);
    setAnimate(!reducedMotion);
    setPosition(position + 1);
  }, [count, position, reducedMotion, goTo]);

  const previous = useCallback(() => {
    if (count < 2 || backPending) return;
    if (position > 0 && position < count) return goTo(position - 1);
    if (reducedMotion) return goTo(count - 1);
    setAnimate(false);
    setPosition(count);
    setBackPending(true);
  }, [count, position, reducedMotion, backPending, goTo]);

  // Previous from the first slide: the copy is painted without transition, then the track slides back.
  useEffect(() => {
    if (!backPending) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setBackPending(false);
        setAnimate(true);
        setPosition(count - 1);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [backPending, count]);

  // On the copy after sliding forwards: once the slide is over, jump (no transition) to the real first slide.
  useEffect(() => {
    if (position < count || backPending) return;
    const timer = setTimeout(
      () => {
        setAnimate(false);
        setPosition(0);
      },
      animate ? SLIDE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [position, count, animate, backPending]);

  // Auto-advance: 2000 ms after the last move, unless paused or reduced motion is asked for.
  useEffect(() => {
    if (count < 2 || paused || reducedMotion || position >= count) return;
    const timer = setTimeout(next, INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [count, paused, reducedMotion, position, next]);

  return { index: position >= count ? 0 : position, position, animate, reducedMotion, next, previous, goTo };
}
