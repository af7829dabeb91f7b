import { useCallback, useRef, type MouseEvent, type PointerEvent, type RefObject } from 'react';

/** Movement (px) after which a press becomes a drag and its click is swallowed. */
const DRAG_THRESHOLD = 6;

/**
 * Mouse swipe for a horizontally scrolling strip (touch and trackpads scroll natively). While dragging,
 * the `is-dragging` class turns scroll snapping off; on release the strip settles on the nearest item.
 * Returns handlers for the strip: `onPointerDown` and `onClickCapture` (cancels the click ending a drag).
 */
export function useDragScroll(ref: RefObject<HTMLElement | null>, snapTo: (element: HTMLElement) => void) {
  const dragged = useRef(false);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const strip = ref.current;
      if (!strip || event.pointerType !== 'mouse' || event.button !== 0) return;
      const startX = event.clientX;
      const startScroll = strip.scrollLeft;
      dragged.current = false;

      const onMove = (move: globalThis.PointerEvent) => {
        const delta = move.clientX - startX;
        if (!dragged.current && Math.abs(delta) < DRAG_THRESHOLD) return;
        dragged.current = true;
        strip.classList.add('is-dragging');
        strip.scrollLeft = startScroll - delta;
      };
      const onUp = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onUp);
        if (!dragged.current) return;
        strip.classList.remove('is-dragging');
        snapTo(strip);
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
    },
    [ref, snapTo],
  );

  const onClickCapture = useCallback((event: MouseEvent<HTMLElement>) => {
    if (!dragged.current) return;
    dragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  return { onPointerDown, onClickCapture };
}
