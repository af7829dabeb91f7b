/**
 * Gift choice (spec §4 "Cart"): a click sends the group's full selection (`POST /api/order/gift/`) and the
 * returned order replaces the current one. Clicks are ignored while a gift update is in flight, while
 * `blocked` (a quantity change pending), or when the group is already full.
 */
import { useCallback, useRef, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { GiftGroup, Order } from '@vitrine/contracts/order';
import type { SelectGiftsBody } from '@vitrine/contracts/order-api';
import { apiCall, firstServerMessage } from '../../lib/api-client';
import { appActions } from '../app-store';
import { showToast } from '../toast-store';
import { toggleGift, type AvailableGift } from './gift-selection';

/**
 * `POST /api/order/gift/` (bearer): replaces one gift group's selection with `body.selectedGifts` and
 * resolves with the updated order. Rejects with 'Falha ao adicionar brinde ao pedido' on failure.
 */
export function selectGifts(body: SelectGiftsBody, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('addGift', 'POST', '/api/order/gift/', { body, signal });
}

export interface GiftSelection {
  toggle: (group: GiftGroup, gift: AvailableGift) => Promise<void>;
  /** A gift update is in flight. */
  busy: boolean;
}

export function useGiftSelection(blocked: boolean): GiftSelection {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const toggle = useCallback(
    async (group: GiftGroup, gift: AvailableGift) => {
      if (inFlight.current || blocked) return;
      const body = toggleGift(group, gift);
      if (!body) return;
      inFlight.current = true;
      setBusy(true);
      try {
        appActions.setOrder(await selectGifts(body));
      } catch (error) {
        showToast(firstServerMessage(error) ?? CALL_ERRORS.addGift, { variant: 'warning', id: 'gift' });
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [blocked],
  );

  return { toggle, busy };
}
