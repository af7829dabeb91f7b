/**
 * Manual freight (spec §2, manual-price shops without configured logistics): 'Grátis' or 'Customizado' with
 * an amount, applied at the chosen pickup store or for the chosen delivery address.
 */
import { useState } from 'react';
import type { ManualLogisticBody } from '@vitrine/contracts/checkout';
import { setManualLogistic } from '../api/set-manual-logistic';
import { changeOrder } from '../hooks/order-change';
import { parseReais } from '../lib/payment-rules';
import { TextField } from '../../../components/form-field';

type Freight = ManualLogisticBody['freight'];

export interface ManualFreightProps {
  type: number;
  storeId: string | null;
  addressIndex: number | null;
  disabled: boolean;
  onError: (message: string) => void;
}

export function ManualFreight({ type, storeId, addressIndex, disabled, onError }: ManualFreightProps) {
  const [freight, setFreight] = useState<Freight>('Grátis');
  const [amount, setAmount] = useState('');
  const value = parseReais(amount);
  const ready = freight === 'Grátis' || value !== null;

  const apply = () => {
    if (!ready) return;
    void changeOrder(() => setManualLogistic({ storeId, type, freight, amount: value ?? 0, addressIndex }), {
      busy: 'Recalculando...',
      onError: { inline: onError },
    });
  };

  return (
    <div className="checkout-block">
      <fieldset className="checkout-choices checkout-choices--inline" disabled={disabled}>
        <legend className="checkout-block__title">Frete</legend>
        {(['Grátis', 'Customizado'] as const).map((option) => (
          <label key={option} className="checkout-choice">
            <input
              type="radio"
              name={`freight-${type}`}
              checked={freight === option}
              onChange={() => setFreight(option)}
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
      <div className="checkout-inline-form">
        {freight === 'Customizado' && (
          <TextField
            label="Valor do frete"
            inputMode="decimal"
            placeholder="0,00"
            value={amount}
            onValue={setAmount}
          />
        )}
        <button
          type="button"
          className="button button--outline"
          disabled={disabled || !ready}
          onClick={apply}
        >
          Aplicar frete
        </button>
      </div>
    </div>
  );
}
