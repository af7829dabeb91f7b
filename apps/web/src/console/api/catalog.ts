/** Catálogo: the category tree, the product list, the product editor and bulk edits (decision 0031). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkEditBody,
  BulkEditResult,
  CategoryPlaceBody,
  CategoryUpdateBody,
  ConsoleCategory,
  ConsoleProductPage,
} from '@vitrine/contracts/console-catalog-api';
import type { ProductInput, ProductSaved } from '@vitrine/contracts/console-catalog';
import { consoleCall } from './console-api';

const base = (shop: string) => `/api/console/shops/${shop}/catalog`;
const categoriesKey = (shop: string) => ['shop', shop, 'catalog', 'categories'];

export const useCategories = (shop: string) =>
  useQuery({
    queryKey: categoriesKey(shop),
    queryFn: async () =>
      (await consoleCall<{ categories: ConsoleCategory[] }>('GET', `${base(shop)}/categories`)).categories,
  });

export type ProductFilters = { q: string; category: string; brand: string; active: '' | 'true' | 'false' };

export const useProductPage = (shop: string, filters: ProductFilters, after: string | null) =>
  useQuery({
    queryKey: ['shop', shop, 'catalog', 'products', filters, after],
    queryFn: () => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      if (after) query.set('after', after);
      return consoleCall<ConsoleProductPage>('GET', `${base(shop)}/products?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

function useCatalogMutation<T, R>(shop: string, call: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['shop', shop, 'catalog'] }),
  });
}

export const useCreateCategory = (shop: string) =>
  useCatalogMutation(shop, (body: { name: string; parentCode: string | null }) =>
    consoleCall<{ code: string }>('POST', `${base(shop)}/categories`, body),
  );

export const useUpdateCategory = (shop: string) =>
  useCatalogMutation(shop, ({ code, ...body }: CategoryUpdateBody & { code: string }) =>
    consoleCall<{ code: string }>('PUT', `${base(shop)}/categories/${code}`, body),
  );

export const usePlaceCategory = (shop: string) =>
  useCatalogMutation(shop, ({ code, ...body }: CategoryPlaceBody & { code: string }) =>
    consoleCall<{ code: string }>('PUT', `${base(shop)}/categories/${code}/place`, body),
  );

export const useBulkEdit = (shop: string) =>
  useCatalogMutation(shop, (body: BulkEditBody) =>
    consoleCall<BulkEditResult>('POST', `${base(shop)}/products/bulk`, body),
  );

const productKey = (shop: string, code: string) => ['shop', shop, 'catalog', 'product', code];

export const useProduct = (shop: string, code: string | null) =>
  useQuery({
    queryKey: productKey(shop, code ?? ''),
    queryFn: () => consoleCall<ProductInput>('GET', `${base(shop)}/products/${code}`),
    enabled: code !== null,
    staleTime: Infinity,
  });

/** Creates (`code` null) or saves a product; answers the parts the server changed. */
export const useSaveProduct = (shop: string, code: string | null) =>
  useCatalogMutation(shop, (body: ProductInput) =>
    code === null
      ? consoleCall<ProductSaved>('POST', `${base(shop)}/products`, body)
      : consoleCall<ProductSaved>('PUT', `${base(shop)}/products/${code}`, body),
  );
