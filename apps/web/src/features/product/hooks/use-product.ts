/**
 * Loads the product of the page. While another id loads (a redirectable option), the previous product stays
 * on screen with `loading` true, so the page does not flash back to its skeleton.
 */
import { useEffect, useState } from 'react';
import type { Product } from '@vitrine/contracts/catalog';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { getProduct } from '../api/get-product';

export interface ProductState {
  product: Product | null;
  loading: boolean;
  /** Message to show when the product could not be loaded. */
  error: string | null;
  /** The server answered 404: no such product (or hidden). */
  notFound: boolean;
}

interface Loaded {
  id: string;
  product: Product | null;
  error: string | null;
  notFound: boolean;
}

export function useProduct(id: string): ProductState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getProduct(id, controller.signal).then(
      (product) => setLoaded({ id, product, error: null, notFound: false }),
      (error: unknown) => {
        if (isApiCallError(error) && error.aborted) return;
        const notFound = isApiCallError(error) && error.httpStatus === 404;
        setLoaded((previous) => ({
          id,
          product: notFound ? null : (previous?.product ?? null),
          error: firstServerMessage(error) ?? CALL_ERRORS.product,
          notFound,
        }));
      },
    );
    return () => controller.abort();
  }, [id]);

  return {
    product: loaded?.product ?? null,
    loading: loaded?.id !== id,
    error: loaded?.id === id ? loaded.error : null,
    notFound: loaded?.id === id && loaded.notFound,
  };
}
