/**
 * 'Enviar detalhes do produto' (agents, spec §4 "Send-product"): busy while sending, then the toast
 * 'Produto enviado para o contato'; on failure an error toast with the call's message.
 */
import { useCallback, useState } from 'react';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import { showToast } from '../../../stores/toast-store';
import { firstServerMessage } from '../../../lib/api-client';
import { sendProduct, type SendProductInput } from '../api/send-product';

export const PRODUCT_SENT_MESSAGE = 'Produto enviado para o contato';

export function useSendProduct(): { send: (input: SendProductInput) => Promise<boolean>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const send = useCallback(async (input: SendProductInput) => {
    setBusy(true);
    try {
      await sendProduct(input);
      showToast(PRODUCT_SENT_MESSAGE, { id: 'send-product' });
      return true;
    } catch (error) {
      showToast(firstServerMessage(error) ?? CALL_ERRORS.sendProduct, {
        variant: 'error',
        id: 'send-product',
      });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { send, busy };
}
