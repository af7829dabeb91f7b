/**
 * The server's first view (docs/decisions/0019-first-view-html.md): links that name the shop
 * (`/catalog?shop=<slug>#<code>`) arrive with the page already drawn in `#first-view`, and React renders into
 * `#root`, hidden, until its own view of that page is ready. Then both swap in one frame: the same markup and
 * styles, so nothing flashes or moves. Without a first view (older links) every call here does nothing.
 */
import { useLayoutEffect } from 'react';

/** Longest the first view waits for the page to say it is ready (a very slow session call, a page that never says). */
export const FIRST_VIEW_MAX_WAIT_MS = 10_000;

/** Paths the server may draw; any other page releases the first view at once (e.g. 'Sessão Inválida'). */
const FIRST_VIEW_PATH = /^\/(catalog|products-found|product\/[^/]+)$/;

/** Removes the server's first view and shows React's page in its place (once; later calls do nothing). */
export function releaseFirstView(): void {
  const view = document.getElementById('first-view');
  if (!view) return;
  view.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}

/** Whether the page at `path` has a server first view to take over (else it should be released). */
export function isFirstViewPath(path: string): boolean {
  return FIRST_VIEW_PATH.test(path);
}

/** Releases the first view in the commit where `ready` becomes true, before the browser paints. */
export function useReleaseFirstView(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) releaseFirstView();
  }, [ready]);
}
