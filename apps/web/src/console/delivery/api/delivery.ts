/** Entrega: the shop's sellers (Lojas), delivery options and schedule (read, save, remove) and a CEP look-up. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CepResult } from '@vitrine/contracts/checkout';
import type {
  DeliveryOption,
  DeliveryOptionBody,
  ScheduleBody,
  ScheduleScope,
  ScheduleView,
  Store,
  StoreBody,
} from '@vitrine/contracts/console-delivery';
import { consoleCall } from '../../api/console-api';

const base = (shop: string) => `/api/console/shops/${shop}/delivery`;
const key = (shop: string, what: string) => ['shop', shop, 'delivery', what];

export const useSellers = (shop: string) =>
  useQuery({
    queryKey: key(shop, 'stores'),
    queryFn: () => consoleCall<{ stores: Store[] }>('GET', `${base(shop)}/stores`),
  });

export const useDeliveryOptions = (shop: string) =>
  useQuery({
    queryKey: key(shop, 'options'),
    queryFn: () => consoleCall<{ options: DeliveryOption[] }>('GET', `${base(shop)}/options`),
  });

/** The query of a schedule's scope: `?optionId=…`, `?storeId=…`, or nothing for the whole shop. */
const scopeQuery = (scope: ScheduleScope) =>
  scope.optionId
    ? `?optionId=${encodeURIComponent(scope.optionId)}`
    : scope.storeId
      ? `?storeId=${encodeURIComponent(scope.storeId)}`
      : '';
const scheduleKey = (shop: string, scope: ScheduleScope) => [...key(shop, 'schedule'), scopeQuery(scope)];

/** The schedule of the whole shop, or of the delivery option or seller `scope` names, with its calendar. */
export const useSchedule = (shop: string, scope: ScheduleScope = {}) =>
  useQuery({
    queryKey: scheduleKey(shop, scope),
    queryFn: () => consoleCall<ScheduleView>('GET', `${base(shop)}/schedule${scopeQuery(scope)}`),
  });

/** Saves (`id` null: creates) or removes (`body` null) a seller or an option; the lists and the audit log reload. */
function useDeliveryWrite<B, T>(shop: string, what: 'stores' | 'options') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: B | null }) => {
      const path = `${base(shop)}/${what}${id ? `/${encodeURIComponent(id)}` : ''}`;
      if (body === null) return consoleCall<T>('DELETE', path);
      return consoleCall<T>(id ? 'PUT' : 'POST', path, body);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['shop', shop, 'delivery'] });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'checklist'] });
    },
  });
}

export const useWriteSeller = (shop: string) => useDeliveryWrite<StoreBody, Store>(shop, 'stores');
export const useWriteOption = (shop: string) =>
  useDeliveryWrite<DeliveryOptionBody, DeliveryOption>(shop, 'options');

export function useSaveSchedule(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => consoleCall<ScheduleView>('PUT', `${base(shop)}/schedule`, body),
    onSuccess: (saved) => {
      // The days shown are the shop's and the list of own schedules changes: the other scopes reload.
      client.setQueryData(scheduleKey(shop, { optionId: saved.optionId, storeId: saved.storeId }), saved);
      void client.invalidateQueries({
        queryKey: key(shop, 'schedule'),
        predicate: (q) => q.queryKey[4] !== scopeQuery({ optionId: saved.optionId, storeId: saved.storeId }),
      });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

export const lookupCep = (shop: string, cep: string) =>
  consoleCall<CepResult>('GET', `${base(shop)}/cep/${encodeURIComponent(cep)}`);
