/** Catálogo: the category tree, the product editor and bulk edits (decision 0031; the product list is api/products.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkEditBody,
  BulkEditResult,
  CategoryPlaceBody,
  CategoryUpdateBody,
  ConsoleCategory,
} from '@vitrine/contracts/console-catalog-api';
import type { ProductInput, ProductSaved } from '@vitrine/contracts/console-catalog';
import { consoleCall } from '../../api/console-api';

const base = (shop: string) => `/api/console/shops/${shop}/catalog`;
const categoriesKey = (shop: string) => ['shop', shop, 'catalog', 'categories'];

export const useCategories = (shop: string) =>
  useQuery({
    queryKey: categoriesKey(shop),
    queryFn: async () =>
      (await consoleCall<{ categories: ConsoleCategory[] }>('GET', `${base(shop)}/categories`)).categories,
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
