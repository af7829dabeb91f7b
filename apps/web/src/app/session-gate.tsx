/**
 * Route guards around the session bootstrap.
 *
 * - `<RequireSession>`: starts the bootstrap, shows a skeleton until the session and shop settings are
 *   loaded, then the page; on failure replaces the location with /invalid-session (spec §2).
 * - `<OptionalSession>`: renders the page at once and loads the session in the background only when a
 *   code exists (no anonymous session is minted, no redirect on failure) — finish/confirm pages.
 */
import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSkeleton } from '../components/page-skeleton';
import { ensureSession, hasSessionCode } from './session-bootstrap';
import { useBootStatus } from './store';

/**
 * True once the session is as loaded as it will get on this page: ready, failed, or never to be loaded
 * (no code). Pages that decide something from the order once (a toast) wait for it.
 */
export function useSessionSettled(): boolean {
  const status = useBootStatus();
  return status === 'ready' || status === 'invalid' || (status === 'idle' && !hasSessionCode());
}

export interface RequireSessionProps {
  children: ReactNode;
  /** Called with the bootstrap so a lazy page downloads in parallel with the session calls. */
  preload?: () => Promise<unknown>;
}

export function RequireSession({ children, preload }: RequireSessionProps) {
  const status = useBootStatus();

  useEffect(() => {
    void ensureSession();
    preload?.().catch(() => undefined); // a failed chunk surfaces later through the error boundary
  }, [preload]);

  if (status === 'invalid') return <Redirect to="/invalid-session" replace />;
  if (status !== 'ready') return <PageSkeleton />;
  return children;
}

export function OptionalSession({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (hasSessionCode()) void ensureSession();
  }, []);
  return children;
}
