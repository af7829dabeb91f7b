/** The card types of the order (spec §7 `GET /api/order/payment/credit`), loaded once per page. */
import { useEffect, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { CardOption } from '@vitrine/contracts/payment';
import { firstServerMessage } from '../../../lib/api-client';
import { getCardOptions } from '../api/get-card-options';

export type CardOptionsState =
  | { state: 'loading' }
  | { state: 'failed'; message: string; retry: () => void }
  | { state: 'ready'; options: CardOption[] };

export function useCardOptions(): CardOptionsState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<CardOptionsState>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getCardOptions(controller.signal).then(
      (options) => setResult({ state: 'ready', options }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({
          state: 'failed',
          message: firstServerMessage(error) ?? CALL_ERRORS.creditOptions,
          retry: () => {
            setResult({ state: 'loading' });
            setAttempt((n) => n + 1);
          },
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return result;
}
