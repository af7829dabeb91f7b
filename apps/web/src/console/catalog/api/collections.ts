/** Catálogo › Coleções: the shop's collections and their hand-picked products (decision 0031). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleCollection, ConsoleCollectionDetail } from '@vitrine/contracts/console-collections';
import { consoleCall } from '../../api/console-api';

const base = (shop: string) => `/api/console/shops/${shop}/catalog/collections`;
const key = (shop: string) => ['shop', shop, 'catalog', 'collections'];

export const useCollections = (shop: string) =>
  useQuery({
    queryKey: key(shop),
    queryFn: async () =>
      (await consoleCall<{ collections: ConsoleCollection[] }>('GET', base(shop))).collections,
  });

export const useCollection = (shop: string, code: string) =>
  useQuery({
    queryKey: [...key(shop), code],
    queryFn: () => consoleCall<ConsoleCollectionDetail>('GET', `${base(shop)}/${code}`),
  });

type Change =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; code: string; name: string }
  | { kind: 'place'; code: string; position: number }
  | { kind: 'delete'; code: string }
  | { kind: 'products'; code: string; codes: string[] };

function send(shop: string, change: Change) {
  switch (change.kind) {
    case 'create':
      return consoleCall<{ code: string }>('POST', base(shop), { name: change.name });
    case 'rename':
      return consoleCall<{ code: string }>('PUT', `${base(shop)}/${change.code}`, { name: change.name });
    case 'place':
      return consoleCall<{ code: string }>('PUT', `${base(shop)}/${change.code}/place`, {
        position: change.position,
      });
    case 'delete':
      return consoleCall<{ code: string }>('DELETE', `${base(shop)}/${change.code}`);
    case 'products':
      return consoleCall<{ code: string }>('PUT', `${base(shop)}/${change.code}/products`, {
        codes: change.codes,
      });
  }
}

/** Every collection write; the lists are read again after it. */
export function useCollectionChange(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(shop, change),
    onSettled: () => void client.invalidateQueries({ queryKey: key(shop) }),
  });
}
