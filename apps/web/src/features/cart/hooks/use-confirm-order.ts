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
import { showToast } from '../../../stores/toast-store';
import { firstServerMessage } from '../../../lib/api-client';
import { confirmOrder } from '../../../stores/order/confirm-order';
import { refreshCurrentOrder } from '../../../stores/order/current-order';
import type { ConfirmState } from '../lib/confirm-rules';

export type { ConfirmState } from '../lib/confirm-rules';

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
