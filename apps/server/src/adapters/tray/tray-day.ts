import { localDay } from '@vitrine/contracts/shop-time';

/** Tray's own clock: its API speaks São Paulo wall-clock time (decision 0043: a provider's format, kept here). */
export const TRAY_TIME_ZONE = 'America/Sao_Paulo';

/** Tray's day as YYYY-MM-DD (the `modified` filter, the daily budget). */
export function trayDay(at: Date): string {
  return localDay(at, TRAY_TIME_ZONE);
}
