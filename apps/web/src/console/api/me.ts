/** The signed-in user, read by the frame, the routes and the sections that show or hide by role. */
import { useQuery } from '@tanstack/react-query';
import type { ConsoleMe } from '@vitrine/contracts/console';
import { DEFAULT_TIME_ZONE } from '@vitrine/contracts/shop-time';
import { consoleCall, errorStatus, setCsrfToken } from './console-api';

export const ME_KEY = ['console', 'me'] as const;

/** The signed-in user (null when signed out); keeps the CSRF token for later calls. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        const me = await consoleCall<ConsoleMe>('GET', '/api/console/me');
        setCsrfToken(me.csrfToken);
        return me;
      } catch (error) {
        if (errorStatus(error) === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The shop's IANA time zone, the one the console shows its dates in (decision 0043). */
export function useShopTimeZone(shop: string): string {
  return useMe().data?.shops.find((s) => s.slug === shop)?.timeZone ?? DEFAULT_TIME_ZONE;
}
