/** Entrega's external-logistics switch: the same `externalLogistic` setting Configurações' form saves. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleSettings } from '@vitrine/contracts/console-settings';
import type { ExternalLogistic } from '@vitrine/contracts/console-external-logistic';
import { consoleCall } from '../../api/console-api';
import { settingsKey } from '../../api/shop-settings';

const externalUrl = (shop: string) => `/api/console/shops/${shop}/delivery/external-logistic`;
export const useExternalLogistic = (shop: string) =>
  useQuery({
    queryKey: ['shop', shop, 'external-logistic'],
    queryFn: () => consoleCall<ExternalLogistic>('GET', externalUrl(shop)),
  });

export function useSaveExternalLogistic(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExternalLogistic) => consoleCall<ExternalLogistic>('PUT', externalUrl(shop), body),
    // A read still on its way (the page's refetch on mount) would land after the save and undo it on screen.
    onMutate: () => client.cancelQueries({ queryKey: ['shop', shop, 'external-logistic'] }),
    onSuccess: (saved) => {
      client.setQueryData(['shop', shop, 'external-logistic'], saved);
      // Configurações' form starts from the cached settings: give it the new value at once.
      client.setQueryData<ConsoleSettings>(
        settingsKey(shop),
        (old) => old && { ...old, settings: { ...old.settings, externalLogistic: saved.externalLogistic } },
      );
      void client.invalidateQueries({ queryKey: settingsKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}
