/** Vendas: the shop's coupons (list, create, edit), gift tiers (list, save, delete) and Pix receiver (read, save). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleCoupon, CouponBody } from '@vitrine/contracts/console-coupons';
import type { ConsoleGiftTier, GiftTierBody } from '@vitrine/contracts/console-gifts';
import type { PaymentMethods } from '@vitrine/contracts/console-payment-methods';
import type { PixReceiver, PixReceiverBody } from '@vitrine/contracts/console-pix';
import { consoleCall } from '../../api/console-api';

const couponsKey = (shop: string) => ['shop', shop, 'coupons'];
const pixKey = (shop: string) => ['shop', shop, 'pix'];

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

export const usePixReceiver = (shop: string) =>
  useQuery({
    queryKey: pixKey(shop),
    queryFn: () => consoleCall<PixReceiver>('GET', `/api/console/shops/${shop}/pix`),
  });

export function useSavePix(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PixReceiverBody) =>
      consoleCall<PixReceiver>('PUT', `/api/console/shops/${shop}/pix`, body),
    onSuccess: (saved) => {
      client.setQueryData(pixKey(shop), saved);
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

const methodsKey = (shop: string) => ['shop', shop, 'payment-methods'];

export const usePaymentMethods = (shop: string) =>
  useQuery({
    queryKey: methodsKey(shop),
    queryFn: () => consoleCall<PaymentMethods>('GET', `/api/console/shops/${shop}/payment-methods`),
  });

export function useSavePaymentMethods(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentMethods) =>
      consoleCall<PaymentMethods>('PUT', `/api/console/shops/${shop}/payment-methods`, body),
    onSuccess: (saved) => {
      client.setQueryData(methodsKey(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}
