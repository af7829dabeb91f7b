/**
 * Publishes the purchase footer's height as `--product-footer-height` on the document root while it is
 * mounted, so the toast stack (product-page.css) sits above the sticky footer instead of covering its
 * buttons ('Produto adicionado ao carrinho' would otherwise hide the quantity selector for 5 s).
 */
import { useEffect, type RefObject } from 'react';

const VARIABLE = '--product-footer-height';

export function useFooterOffset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // offsetHeight is in the footer's own CSS pixels, which the toasts share (both inside the zoomed agent app).
      root.style.setProperty(VARIABLE, `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(VARIABLE);
    };
  }, [ref]);
}
