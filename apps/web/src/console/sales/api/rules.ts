/** Vendas: the shop's coupons (list, create, edit) and gift tiers (list, save, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleCoupon, CouponBody } from '@vitrine/contracts/console-coupons';
import type { ConsoleGiftTier, GiftTierBody } from '@vitrine/contracts/console-gifts';
import { consoleCall } from '../../api/console-api';

const couponsKey = (shop: string) => ['shop', shop, 'coupons'];

export const useCoupons = (shop: string) =>
  useQuery({
    queryKey: couponsKey(shop),
    queryFn: () => consoleCall<{ coupons: ConsoleCoupon[] }>('GET', `/api/console/shops/${shop}/coupons`),
  });

/** Creates (`id` null) or edits a coupon; the list and the audit log are read again. */
export function useSaveCoupon(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CouponBody }) =>
      id
        ? consoleCall<ConsoleCoupon>(
            'PUT',
            `/api/console/shops/${shop}/coupons/${encodeURIComponent(id)}`,
            body,
          )
        : consoleCall<ConsoleCoupon>('POST', `/api/console/shops/${shop}/coupons`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: couponsKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

const giftsKey = (shop: string) => ['shop', shop, 'gifts'];

export const useGiftTiers = (shop: string) =>
  useQuery({
    queryKey: giftsKey(shop),
    queryFn: () => consoleCall<{ tiers: ConsoleGiftTier[] }>('GET', `/api/console/shops/${shop}/gifts`),
  });

function useGiftMutation<T, R>(shop: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: giftsKey(shop) });
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

/** Creates (`id` null) or edits a gift tier. */
export const useSaveGiftTier = (shop: string) =>
  useGiftMutation(shop, ({ id, body }: { id: string | null; body: GiftTierBody }) =>
    id
      ? consoleCall<ConsoleGiftTier>(
          'PUT',
          `/api/console/shops/${shop}/gifts/${encodeURIComponent(id)}`,
          body,
        )
      : consoleCall<ConsoleGiftTier>('POST', `/api/console/shops/${shop}/gifts`, body),
  );

export const useDeleteGiftTier = (shop: string) =>
  useGiftMutation(shop, (id: string) =>
    consoleCall<{ removed: boolean }>('DELETE', `/api/console/shops/${shop}/gifts/${encodeURIComponent(id)}`),
  );
