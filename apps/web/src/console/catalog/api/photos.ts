/**
 * A product's photos (docs/decisions/0032-product-photos.md): list, upload with progress (the web client's
 * `apiUpload`), reorder, delete.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPhoto, ProductPhotos } from '@vitrine/contracts/photos';
import { consoleCall, consoleUpload } from '../../api/console-api';

const path = (shop: string, code: string) => `/api/console/shops/${shop}/products/${code}/photos`;
const key = (shop: string, code: string) => ['shop', shop, 'product', code, 'photos'];

/** `code` null: a product not saved yet, which has no photos to ask for. */
export const useProductPhotos = (shop: string, code: string | null) =>
  useQuery({
    queryKey: key(shop, code ?? ''),
    queryFn: () => consoleCall<ProductPhotos>('GET', path(shop, code!)),
    enabled: code !== null,
  });

/** Sends one file; `onProgress` gets 0–1 as its bytes leave. Rejects with the server's pt-BR message. */
export const sendPhoto = (shop: string, code: string, file: File, onProgress: (share: number) => void) =>
  consoleUpload<ProductPhoto>(path(shop, code), file, 'application/octet-stream', onProgress);

export function usePhotoChanges(shop: string, code: string) {
  const client = useQueryClient();
  const saved = (answer: ProductPhotos) => client.setQueryData(key(shop, code), answer);
  return {
    refresh: () => client.invalidateQueries({ queryKey: key(shop, code) }),
    reorder: useMutation({
      mutationFn: (ids: string[]) => consoleCall<ProductPhotos>('PUT', `${path(shop, code)}/order`, { ids }),
      onSuccess: saved,
    }),
    remove: useMutation({
      mutationFn: (imageId: string) => consoleCall<ProductPhotos>('DELETE', `${path(shop, code)}/${imageId}`),
      onSuccess: saved,
    }),
  };
}
