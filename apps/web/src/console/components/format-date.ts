import { dateTimeText, dayText } from '@vitrine/contracts/shop-time';

/** '23/11/2026, 21:05' in the shop's time zone (decision 0043; `useShopTimeZone` in api/me.ts gives it). */
export function formatDateTime(iso: string, timeZone: string) {
  return dateTimeText(iso, timeZone, ', ');
}

/** '2026-11-28' → '28/11/2026' (a slot's day, already in the shop's calendar). */
export const formatDay = (day: string) => dayText(day);
