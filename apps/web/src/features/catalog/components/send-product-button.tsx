/**
 * Agents only (loaded lazily): sends the product's details to the contact (spec §4 "Send-product"): busy
 * while sending, toast 'Produto enviado para o contato'; a failure shows the call's catalogue message
 * ('Falha ao enviar detalhes do produto').
 */
import { useState } from 'react';
import type { Product } from '@vitrine/contracts/catalog';
import { PRODUCT_SENT_MESSAGE, reportSend, sendProduct } from '../../../stores/send-to-contact';

export function SendProductButton({ product }: { product: Pick<Product, 'providerId' | 'name'> }) {
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const sendIt = () => sendProduct({ providerId: product.providerId, attributes: [] });
    await reportSend(sendIt, 'sendProduct', PRODUCT_SENT_MESSAGE);
    setBusy(false);
  };

  return (
    <button
      type="button"
      className="button button--outline product-card__send"
      aria-label={busy ? `Enviando ${product.name} para o contato` : `Enviar ${product.name} para o contato`}
      disabled={busy}
      onClick={() => void send()}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M2 21 23 12 2 3v7l15 2-15 2z" />
      </svg>
      {busy ? 'Enviando…' : 'Enviar'}
    </button>
  );
}
