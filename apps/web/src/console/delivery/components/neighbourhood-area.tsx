/**
 * A delivery area by neighbourhood (Entrega › opção de entrega): the owner may type a CEP of the area and its
 * neighbourhood and city are looked up (the console's CEP route, the CEP adapter behind it) and filled in — when
 * the 8th digit is typed, on Enter or with 'Buscar CEP'. The CEP itself is not stored: the area is the
 * neighbourhood of a city, as the checkout matches it.
 */
import { useState, type KeyboardEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { maskCep } from '@vitrine/contracts/masks';
import type { DeliveryOptionBody } from '@vitrine/contracts/console-delivery';
import { TextField } from '../../../components/form-field';
import { errorText } from '../../api/console-api';
import { lookupCep } from '../api/delivery';
import { FormText } from '../../components/form-fields';

type Lookup = { state: 'idle' | 'searching' } | { state: 'found' | 'failed'; message: string };

export function NeighbourhoodArea({
  shop,
  form,
  index,
}: {
  shop: string;
  form: UseFormReturn<DeliveryOptionBody>;
  index: number;
}) {
  const [cep, setCep] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const find = async (digits: string) => {
    if (digits.length !== 8) {
      setLookup({ state: 'failed', message: 'Informe os 8 dígitos do CEP.' });
      return;
    }
    setLookup({ state: 'searching' });
    try {
      const found = await lookupCep(shop, digits);
      if (!found.neighborhood) throw new Error('Este CEP não tem bairro; informe o bairro à mão.');
      const options = { shouldValidate: true, shouldDirty: true };
      form.setValue(`areas.${index}.neighborhood`, found.neighborhood, options);
      form.setValue(`areas.${index}.city`, found.city, options);
      setLookup({ state: 'found', message: `Encontrado: ${found.neighborhood}, ${found.city}.` });
    } catch (error) {
      setLookup({ state: 'failed', message: errorText(error) });
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void find(cep);
  };
  const searching = lookup.state === 'searching';
  return (
    <>
      <div className="delivery-area__cep">
        <TextField
          label="CEP (opcional)"
          inputMode="numeric"
          autoComplete="off"
          value={maskCep(cep)}
          onValue={(text) => {
            const digits = text.replace(/\D/g, '').slice(0, 8);
            setCep(digits);
            if (digits.length === 8 && digits !== cep) void find(digits);
          }}
          onKeyDown={onKeyDown}
          error={lookup.state === 'failed' ? lookup.message : null}
          hint={lookup.state === 'found' ? lookup.message : 'Preenche o bairro e a cidade.'}
        />
        <button
          type="button"
          className="button button--outline"
          disabled={searching}
          onClick={() => void find(cep)}
        >
          {searching ? 'Buscando…' : 'Buscar CEP'}
        </button>
      </div>
      <p className="console-visually-hidden" role="status">
        {searching ? 'Buscando o CEP…' : lookup.state === 'found' ? lookup.message : ''}
      </p>
      <FormText control={form.control} name={`areas.${index}.neighborhood`} label="Bairro" />
      <FormText control={form.control} name={`areas.${index}.city`} label="Cidade" />
    </>
  );
}
