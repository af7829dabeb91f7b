/**
 * 'Enviar detalhes do produto' (agents, spec §4 "Send-product"): busy while sending, then the toast
 * 'Produto enviado para o contato'; on failure an error toast with the server's message, else the call's.
 */
import { useCallback, useState } from 'react';
import type { SendProductBody } from '@vitrine/contracts/messaging';
import { PRODUCT_SENT_MESSAGE, reportSend, sendProduct } from '../../../stores/send-to-contact';

type SendProductInput = SendProductBody & { providerId: string };

export function useSendProduct(): { send: (input: SendProductInput) => Promise<boolean>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const send = useCallback(async (input: SendProductInput) => {
    setBusy(true);
    try {
      return await reportSend(() => sendProduct(input), 'sendProduct', PRODUCT_SENT_MESSAGE, {
        serverMessageFirst: true,
      });
    } finally {
      setBusy(false);
    }
  }, []);
  return { send, busy };
}
