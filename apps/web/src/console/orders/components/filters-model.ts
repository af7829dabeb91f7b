/** The board's filters read from the console's URL: a value the server would refuse is left out, not sent. */
import { BOARD_FILTER_KEYS, boardFilters, type BoardFilters } from '@vitrine/contracts/console-orders';

export function filtersFromSearch(params: URLSearchParams): BoardFilters {
  const entries = BOARD_FILTER_KEYS.flatMap((key) => {
    const value = params.get(key);
    if (!value) return [];
    const parsed = boardFilters.shape[key].safeParse(value);
    return parsed.success && parsed.data ? [[key, parsed.data] as const] : [];
  });
  return Object.fromEntries(entries) as BoardFilters;
}

/** The number of filters in use (shown on the phone's 'Filtros' toggle). */
export const activeFilterCount = (filters: BoardFilters) => Object.values(filters).filter(Boolean).length;
