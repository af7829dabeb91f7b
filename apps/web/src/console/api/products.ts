/** A page of the shop's products with filters: Catálogo's list, and the product pickers of Coleções and Brindes. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleProductPage } from '@vitrine/contracts/console-catalog-api';
import { consoleCall } from './console-api';

export type ProductFilters = { q: string; category: string; brand: string; active: '' | 'true' | 'false' };

export const useProductPage = (shop: string, filters: ProductFilters, after: string | null) =>
  useQuery({
    queryKey: ['shop', shop, 'catalog', 'products', filters, after],
    queryFn: () => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      if (after) query.set('after', after);
      return consoleCall<ConsoleProductPage>(
        'GET',
        `/api/console/shops/${shop}/catalog/products?${query.toString()}`,
      );
    },
    placeholderData: keepPreviousData,
  });
