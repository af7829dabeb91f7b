import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { appActions, useAppStore } from '../app-store';
import { useToastStore } from '../toast-store';
import { ADDED_TO_CART_MESSAGE, addToCart, setItemBodyOf } from './add-to-cart';

const before = { id: 'ord-1', items: [] } as unknown as Order;
const after = { id: 'ord-1', items: [{ providerId: 'P1', quantity: 1 }] } as unknown as Order;

beforeEach(() => {
  appActions.reset('ready');
  appActions.setOrder(before);
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe('addToCart', () => {
  it('posts the line, replaces the order with the returned one and confirms with a toast', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: after, errors: [] })));
    vi.stubGlobal('fetch', fetch);
    await expect(addToCart({ providerId: 'P1', quantity: 1 })).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/order/items/',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ providerId: 'P1', quantity: 1 }) }),
    );
    expect(useAppStore.getState().order).toEqual(after);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([ADDED_TO_CART_MESSAGE]);
  });

  it('changes nothing and says nothing on failure', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: false, data: null, errors: [] }), { status: 400 }),
    );
    await expect(addToCart({ providerId: 'P1', quantity: 1 })).resolves.toBe(false);
    expect(useAppStore.getState().order).toBe(before);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('sends only the details it was given', () => {
    expect(
      setItemBodyOf({
        providerId: 'P1',
        quantity: 2,
        attributes: [],
        sku: '',
        subscription: { recurrenceType: 20, frequency: 1 },
      }),
    ).toEqual({ providerId: 'P1', quantity: 2, subscription: { recurrenceType: 20, frequency: 1 } });
  });
});
