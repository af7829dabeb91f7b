/**
 * Quantity changes of the order lines, in the cart and the agent checkout (spec §4 "Cart", §9): each line's new quantity shows at once and is
 * sent 1000 ms after the last change (QuantityQueue: latest value wins, sends serialised, each response
 * replaces the order). Removing sends quantity 0 at once; the line is hidden meanwhile. A refused change puts
 * the line back to the server's quantity and shows the server's message when it gave one. A removal (the bin,
 * or 0 typed in the quantity) shows a toast whose 'Desfazer' puts the line back as it was.
 */
import { useEffect, useReducer, useState } from 'react';
import type { Order, OrderItem } from '@vitrine/contracts/order';
import { appActions, useAppStore } from '../app-store';
import { showToast } from '../toast-store';
import { firstServerMessage } from '../../lib/api-client';
import { setOrderLine } from './add-to-cart';
import { QuantityQueue } from './quantity-queue';

/** Spec §9: quantity change debounce. */
export const QUANTITY_DEBOUNCE_MS = 1000;
/** The undo toast stays longer than the others, so it can be reached. */
export const UNDO_TOAST_MS = 8000;

function currentLine(index: number): OrderItem | undefined {
  return useAppStore.getState().order?.items.find((item) => item.index === index);
}

/** Resolves once the order in the store no longer holds `line` (its removal answered), or after `ms`. */
function lineGone(line: OrderItem, ms: number): Promise<void> {
  const holds = () => currentLine(line.index)?.providerId === line.providerId;
  if (!holds()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = useAppStore.subscribe(() => {
      if (!holds()) done();
    });
  });
}

/**
 * Puts a removed line back with its quantity, variant, subscription and preferences: once the removal is
 * answered, as a new line; if the removal failed and the line is still there, by setting its quantity.
 */
async function restoreLine(line: OrderItem, quantity: number): Promise<void> {
  await lineGone(line, 5000);
  const stillThere = currentLine(line.index)?.providerId === line.providerId;
  try {
    const order = await setOrderLine({
      ...(stillThere && { index: line.index }),
      providerId: line.providerId,
      quantity,
      attributes: line.attributes,
      sku: line.sku,
      subscription: line.subscription,
      preferences: line.preferences,
    });
    appActions.setOrder(order);
  } catch (error) {
    showToast(firstServerMessage(error) ?? 'Falha ao adicionar item ao pedido', {
      variant: 'warning',
      id: 'cart-quantity',
    });
  }
}

function sendLine(index: number, quantity: number): Promise<Order> {
  const line = currentLine(index);
  if (!line) return Promise.reject(new Error(`line ${index} is gone`));
  return setOrderLine({
    index,
    providerId: line.providerId,
    quantity,
    attributes: line.attributes,
    sku: line.sku,
    subscription: line.subscription,
  });
}

export interface LineQuantities {
  /** The quantity a line shows (pending value first); 0 for a line being removed. */
  quantityOf: (item: OrderItem) => number;
  setQuantity: (item: OrderItem, quantity: number) => void;
  remove: (item: OrderItem) => void;
  /** Some change waits or is in flight (the confirm button waits for it). */
  busy: boolean;
}

export function useLineQuantities(): LineQuantities {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [queue] = useState(
    () =>
      new QuantityQueue<number, Order>({
        delayMs: QUANTITY_DEBOUNCE_MS,
        send: sendLine,
        onResult: (order) => appActions.setOrder(order),
        onError: (_index, error) => {
          const message = firstServerMessage(error);
          if (message) showToast(message, { variant: 'warning', id: 'cart-quantity' });
        },
        onChange: rerender,
        isUnchanged: (index, quantity) => currentLine(index)?.quantity === quantity,
      }),
  );
  // Leaving the cart sends what is still waiting for its timer.
  useEffect(() => () => queue.dispose(), [queue]);

  return {
    quantityOf: (item) => queue.get(item.index) ?? item.quantity,
    setQuantity: (item, quantity) => {
      if (!item.isGift) queue.set(item.index, quantity);
    },
    remove: (item) => {
      if (item.isGift) return;
      const quantity = queue.get(item.index) ?? item.quantity;
      queue.set(item.index, 0);
      queue.flush(item.index);
      showToast(`Removido do carrinho: ${item.name}`, {
        id: `cart-removed-${item.index}`,
        delayMs: UNDO_TOAST_MS,
        action: { label: 'Desfazer', run: () => void restoreLine(item, quantity) },
      });
    },
    busy: queue.busy,
  };
}
