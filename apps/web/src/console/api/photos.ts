/**
 * A product's photos (docs/decisions/0032-product-photos.md): list, upload with progress, reorder, delete. The
 * upload sends the file's bytes with XMLHttpRequest, the browser API that reports upload progress.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPhoto, ProductPhotos } from '@vitrine/contracts/photos';
import { ConsoleApiError, consoleCall, currentCsrfToken, OFFLINE } from './console-api';

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
export function sendPhoto(
  shop: string,
  code: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<ProductPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path(shop, code));
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-csrf-token', currentCsrfToken());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ConsoleApiError(OFFLINE, 0, 'network'));
    request.onload = () => {
      let json: {
        success?: boolean;
        data?: ProductPhoto;
        errors?: { code: string; message: string }[];
      } | null;
      try {
        json = JSON.parse(request.responseText) as typeof json;
      } catch {
        json = null;
      }
      if (request.status === 201 && json?.success && json.data) return resolve(json.data);
      const error = json?.errors?.[0];
      reject(new ConsoleApiError(error?.message ?? OFFLINE, request.status, error?.code ?? 'unknown'));
    };
    request.send(file);
  });
}

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
