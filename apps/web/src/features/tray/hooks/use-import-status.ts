import { useEffect, useState } from 'react';
import type { TrayImportStatus } from '@vitrine/contracts/tray';
import { getImportStatus } from '../api/get-import-status';
import { importPending } from '../lib/import-status-text';
import { logTrayError } from '../lib/log-tray-error';

const POLL_MS = 2000;

/**
 * The linked store's import, polled every 2 s until it is done or failed; `initial` shows at once. The server
 * answers only with the callback's `apiAddress`.
 */
export function useImportStatus(
  store: string | null,
  apiAddress: string,
  initial: TrayImportStatus | null,
): TrayImportStatus | null {
  const [status, setStatus] = useState<TrayImportStatus | null>(initial);
  useEffect(() => {
    if (!store || (initial && !importPending(initial))) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getImportStatus(store, apiAddress, controller.signal);
        setStatus(next);
        if (!importPending(next)) return;
      } catch (error) {
        logTrayError(error);
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [store, apiAddress, initial]);
  return status;
}
