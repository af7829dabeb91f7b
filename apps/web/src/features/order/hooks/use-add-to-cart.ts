/**
 * Add-to-cart (spec §4): sends the line, replaces the current order with the one returned and shows
 * 'Produto adicionado ao carrinho'. On failure nothing changes and no message is shown.
 *
 *   const { addToCart, busy } = useAddToCart();
 *   const ok = await addToCart({ providerId, quantity: current + 1 });
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { appActions } from '../../../stores/app-store';
import { showToast } from '../../../stores/toast-store';
import { addOrderItem, type AddOrderItemInput } from '../api/add-order-item';

export const ADDED_TO_CART_MESSAGE = 'Produto adicionado ao carrinho';

export type AddToCartInput = Pick<
  AddOrderItemInput,
  'providerId' | 'quantity' | 'attributes' | 'sku' | 'subscription'
>;

/** Non-hook form: resolves true when the order was updated. */
export async function addToCart(input: AddToCartInput): Promise<boolean> {
  try {
    const order = await addOrderItem(input);
    appActions.setOrder(order);
    showToast(ADDED_TO_CART_MESSAGE, { id: 'add-to-cart' });
    return true;
  } catch {
    return false;
  }
}

export interface UseAddToCart {
  addToCart: (input: AddToCartInput) => Promise<boolean>;
  /** True while a call of this hook instance runs. */
  busy: boolean;
}

export function useAddToCart(): UseAddToCart {
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const add = useCallback(async (input: AddToCartInput) => {
    setPending((count) => count + 1);
    try {
      return await addToCart(input);
    } finally {
      if (mounted.current) setPending((count) => Math.max(0, count - 1));
    }
  }, []);

  return { addToCart: add, busy: pending > 0 };
}
