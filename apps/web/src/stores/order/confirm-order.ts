/**
 * Customer confirm (spec §4 "Confirm order (customer)"): `GET /api/order/confirm`, then either the WhatsApp
 * chat (`window.location.href = url`, built by the server with the shop number and callback message) or
 * '/confirm'. State: 'loading' while the call runs, 'redirecting' after it succeeded. A failure (e.g. 422
 * with a §5 blocking message) shows the server's message as a toast and reloads the order, so its blocking
 * messages appear. A second call while one runs is ignored.
 *
 *   const { confirm, state } = useConfirmOrder();
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { ConfirmResult } from '@vitrine/contracts/order-api';
import { apiCall, firstServerMessage } from '../../lib/api-client';
import { showToast } from '../toast-store';
import type { ConfirmState } from './confirm-rules';
import { refreshCurrentOrder } from './current-order';

/**
 * `GET /api/order/confirm` (bearer): the customer confirms the current order. Resolves with the confirmed
 * order and where to go next (the WhatsApp chat link or '/confirm'); rejects with 'Falha ao confirmar
 * pedido' — with the §5 blocking message among the server errors (422) when a rule fails.
 */
export function confirmOrder(signal?: AbortSignal): Promise<ConfirmResult> {
  return apiCall<ConfirmResult>('confirmOrder', 'GET', '/api/order/confirm', { signal });
}

export interface UseConfirmOrder {
  confirm: () => Promise<void>;
  state: ConfirmState;
}

export function useConfirmOrder(): UseConfirmOrder {
  const [state, setState] = useState<ConfirmState>('idle');
  const [, navigate] = useLocation();
  const running = useRef(false);

  const confirm = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState('loading');
    try {
      const { redirect } = await confirmOrder();
      setState('redirecting');
      if (redirect.kind === 'whatsapp') {
        window.location.href = redirect.url;
        return; // stays 'redirecting' while the browser leaves
      }
      navigate(redirect.path);
      running.current = false;
      // The confirmed order is no longer current: load the new (empty) one for the cart badge.
      void refreshCurrentOrder();
    } catch (error) {
      running.current = false;
      setState('idle');
      showToast(firstServerMessage(error) ?? CALL_ERRORS.confirmOrder, {
        variant: 'error',
        id: 'confirm-order',
      });
      void refreshCurrentOrder();
    }
  }, [navigate]);

  return { confirm, state };
}
