/**
 * Loads a list a checkout section needs (stores, sellers, logistic options, slots, payment options) whenever
 * `key` changes. On failure: the section's warning toast (spec §8) and, for the sections that show it, the
 * server's first message kept for an inline note. `key` null means "nothing to load yet".
 */
import { useEffect, useState } from 'react';
import { showToast } from '../../../stores/toast-store';
import { firstServerMessage } from '../../../lib/api-client';

export interface CheckoutList<T> {
  items: T[];
  loading: boolean;
  /** The server's first error message (for the inline note), or null. */
  serverMessage: string | null;
}

interface Loaded<T> {
  key: string | null;
  items: T[];
  serverMessage: string | null;
}

export function useCheckoutList<T>(
  load: (signal: AbortSignal) => Promise<T[]>,
  key: string | null,
  warning?: string,
): CheckoutList<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: null, items: [], serverMessage: null });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setLoaded({ key, items, serverMessage: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, items: [], serverMessage: firstServerMessage(error) });
        if (warning) showToast(warning, { variant: 'warning', id: warning });
      },
    );
    return () => controller.abort();
    // `load` is a new function each render; `key` says when to reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = key !== null && loaded.key === key;
  return {
    items: current ? loaded.items : [],
    loading: key !== null && !current,
    serverMessage: current ? loaded.serverMessage : null,
  };
}
