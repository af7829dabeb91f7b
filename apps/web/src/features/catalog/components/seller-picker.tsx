/**
 * The store picker of the agent's seller banner (spec §2 banner, §4 "Choosing a seller"): the shop's sellers
 * (warning toast 'Falha ao carregar lojas' and the server's first message on failure) and, on choice, the seller set
 * on the order — the server clears logistic, day, schedule and payment; the products unlock.
 */
import { useEffect, useState } from 'react';
import type { SellerOption } from '@vitrine/contracts/checkout';
import { SelectField } from '../../../components/form-field';
import { firstServerMessage, isApiCallError } from '../../../lib/api-client';
import { appActions } from '../../../stores/app-store';
import { getSellers } from '../../../stores/order/get-sellers';
import { setSeller } from '../../../stores/order/set-seller';
import { showToast } from '../../../stores/toast-store';

const messageOf = (error: unknown) =>
  firstServerMessage(error) ?? (isApiCallError(error) ? error.message : '');

export function SellerPicker() {
  const [sellers, setSellers] = useState<SellerOption[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [choosing, setChoosing] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getSellers(controller.signal).then(setSellers, (error: unknown) => {
      if (controller.signal.aborted) return;
      setSellers([]);
      setMessage(firstServerMessage(error));
      showToast('Falha ao carregar lojas', { variant: 'warning', id: 'Falha ao carregar lojas' });
    });
    return () => controller.abort();
  }, []);

  const onSeller = (providerId: string) => {
    if (!providerId) return;
    setChoosing(providerId);
    setMessage(null);
    setSeller(providerId).then(appActions.setOrder, (error: unknown) => {
      setChoosing('');
      setMessage(messageOf(error));
    });
  };

  return (
    <div className="catalog__seller-picker">
      <SelectField label="Loja" value={choosing} onValue={onSeller} disabled={choosing !== '' || !sellers}>
        <option value="" disabled>
          {sellers ? 'Selecione a loja' : 'Carregando lojas…'}
        </option>
        {(sellers ?? []).map((seller) => (
          <option key={seller.providerId} value={seller.providerId}>
            {seller.name}
          </option>
        ))}
      </SelectField>
      {message && (
        <p className="catalog__banner-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
