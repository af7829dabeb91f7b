/**
 * Add to cart (spec §4, §7 "Add-to-cart"): `POST /api/order/items/` sets one order line to an absolute quantity and
 * answers the updated order, which replaces the current one in the app store; then the toast
 * 'Produto adicionado ao carrinho'. On failure nothing changes and no message is shown.
 *
 *   const { addToCart, busy } = useAddToCart();
 *   const ok = await addToCart({ providerId, quantity: current + 1 });
 *
 * `setOrderLine` is the bare call (the cart's debounced quantities use it and handle the answer themselves).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '@vitrine/contracts/order';
import type { SetItemBody } from '@vitrine/contracts/order-api';
import { apiCall } from '../../lib/api-client';
import { appActions } from '../app-store';
import { showToast } from '../toast-store';

export const ADDED_TO_CART_MESSAGE = 'Produto adicionado ao carrinho';

/** Request body, leaving out what the caller did not give (empty attributes, sku, subscription, index). */
export function setItemBodyOf(input: SetItemBody): SetItemBody {
  const body: SetItemBody = { providerId: input.providerId, quantity: input.quantity };
  if (input.attributes && input.attributes.length > 0) body.attributes = input.attributes;
  if (input.sku) body.sku = input.sku;
  if (input.subscription) body.subscription = input.subscription;
  if (input.index !== undefined && input.index !== null) body.index = input.index;
  if (input.preferences) body.preferences = input.preferences;
  return body;
}

/** `POST /api/order/items/` (bearer): resolves with the updated order; rejects with an `ApiCallError` ('addItem'). */
export function setOrderLine(input: SetItemBody, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('addItem', 'POST', '/api/order/items/', { body: setItemBodyOf(input), signal });
}

/** What the catalogue card and the product page send: the product, its new line quantity, optional details. */
export type AddToCartInput = Pick<
  SetItemBody,
  'providerId' | 'quantity' | 'attributes' | 'sku' | 'subscription'
>;

/** Sends the line and puts the answered order in the store; resolves true when the order was updated. */
export async function addToCart(input: AddToCartInput): Promise<boolean> {
  try {
    appActions.setOrder(await setOrderLine(input));
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

/** Hook form of `addToCart` with a busy flag for the button. */
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
