import { useEffect, useState } from 'react';
import type { TrayPublicConfig } from '@vitrine/contracts/tray';
import { getTrayConfig } from '../api/get-tray-config';
import { logTrayError } from '../lib/log-tray-error';

/** The public Tray settings (consumer key, callback address); null while loading or after a failure. */
export function useTrayConfig(): TrayPublicConfig | null {
  const [config, setConfig] = useState<TrayPublicConfig | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getTrayConfig(controller.signal).then(setConfig, logTrayError);
    return () => controller.abort();
  }, []);
  return config;
}
