/**
 * Route guards around the session bootstrap.
 *
 * - `<RequireSession>`: starts the bootstrap and the page's chunk, shows a skeleton until the session, the shop
 *   settings and the chunk are loaded, then the page (which then mounts without suspending); on failure replaces
 *   the location with /invalid-session (spec §2).
 * - `<OptionalSession>`: renders the page at once and loads the session in the background only when a
 *   code exists (no anonymous session is minted, no redirect on failure) — finish/confirm pages.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSkeleton } from '../components/page-skeleton';
import { ensureSession, hasSessionCode } from './session-bootstrap';
import { useBootStatus } from '../stores/app-store';

/**
 * True once the session is as loaded as it will get on this page: ready, failed, or never to be loaded
 * (no code). Pages that decide something from the order once (a toast) wait for it.
 */
export function useSessionSettled(): boolean {
  const status = useBootStatus();
  return status === 'ready' || status === 'invalid' || (status === 'idle' && !hasSessionCode());
}

/** Downloads a lazy page's chunk (once); `isLoaded` tells whether it is already there. */
export type PagePreload = (() => Promise<unknown>) & { isLoaded?: () => boolean };

export interface RequireSessionProps {
  children: ReactNode;
  /** Called with the bootstrap so a lazy page downloads in parallel with the session calls. */
  preload?: PagePreload;
}

export function RequireSession({ children, preload }: RequireSessionProps) {
  const status = useBootStatus();
  const [chunkSettled, setChunkSettled] = useState(() => !preload || (preload.isLoaded?.() ?? false));

  useEffect(() => {
    void ensureSession();
    if (!preload) return;
    let live = true;
    // A failed chunk surfaces through the page's own lazy load and the error boundary.
    void preload()
      .catch(() => undefined)
      .then(() => {
        if (live) setChunkSettled(true);
      });
    return () => {
      live = false;
    };
  }, [preload]);

  if (status === 'invalid') return <Redirect to="/invalid-session" replace />;
  if (status !== 'ready' || !chunkSettled) return <PageSkeleton />;
  return children;
}

export function OptionalSession({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (hasSessionCode()) void ensureSession();
  }, []);
  return children;
}
