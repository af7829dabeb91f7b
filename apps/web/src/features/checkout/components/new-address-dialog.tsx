/**
 * 'Novo endereço' (spec §2): type (Casa, Trabalho, Outro; Casa and Trabalho name the address), name*, CEP*
 * (a valid CEP looks the address up), street*, number*, complement, neighborhood* (a select when the lookup
 * lists neighbourhoods), city*, state*. Cancelar / Adicionar ('Salvando...'); problems as warning toasts.
 * Starts empty: the opener mounts a new one (new `key`) each time.
 */
import { useEffect, useState } from 'react';
import type { Address } from '@vitrine/contracts/contact';
import { maskCep } from '@vitrine/contracts/masks';
import { isValidCep } from '@vitrine/contracts/validators';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { addAddress } from '../api/add-address';
import { lookupCep } from '../../../lib/lookup-cep';
import { failureMessage } from '../hooks/order-change';
import {
  ADDRESS_REQUIRED_MESSAGE,
  ADDRESS_TYPE_NAMES,
  addressBody,
  EMPTY_ADDRESS,
  isAddressComplete,
  withType,
  type NewAddressForm,
} from '../lib/new-address';
import { SelectField, TextField } from '../../../components/form-field';

export interface NewAddressDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the contact's address list, the new address last. */
  onAdded: (addresses: Address[]) => void;
}

export function NewAddressDialog({ open, onClose, onAdded }: NewAddressDialogProps) {
  const [form, setForm] = useState<NewAddressForm>(EMPTY_ADDRESS);
  const [neighborhoods, setNeighborhoods] = useState<{ id: string; name: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<NewAddressForm>) => setForm((current) => ({ ...current, ...patch }));

  const cepValid = isValidCep(form.zipCode);
  useEffect(() => {
    if (!cepValid) return;
    const controller = new AbortController();
    lookupCep(form.zipCode, controller.signal).then(
      (found) => {
        setNeighborhoods(found.neighborhoods);
        set({
          street: found.street,
          neighborhood: found.neighborhood,
          neighborhoodId: found.neighborhoodId ?? '',
          city: found.city,
          state: found.state,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setNeighborhoods([]);
        showToast(failureMessage(error), { variant: 'warning', id: 'address-cep' });
      },
    );
    return () => controller.abort();
  }, [cepValid, form.zipCode]);

  const submit = async () => {
    if (!isAddressComplete(form)) {
      showToast(ADDRESS_REQUIRED_MESSAGE, { variant: 'warning', id: 'address-required' });
      return;
    }
    setSaving(true);
    try {
      onAdded(await addAddress(addressBody(form)));
    } catch (error) {
      showToast(failureMessage(error), { variant: 'warning', id: 'address-save' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Novo endereço"
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" form="new-address-form" className="button button--primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Adicionar'}
          </button>
        </>
      }
    >
      <form
        id="new-address-form"
        className="checkout-grid checkout-address-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="checkout-choices checkout-choices--inline checkout-grid__wide">
          <legend className="checkout-block__title">Tipo</legend>
          {ADDRESS_TYPE_NAMES.map((type) => (
            <label key={type} className="checkout-choice">
              <input
                type="radio"
                name="address-type"
                checked={form.type === type}
                onChange={() => setForm(withType(form, type))}
              />
              <span>{type}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label="Nome*"
          value={form.name}
          readOnly={form.type !== 'Outro'}
          onValue={(name) => set({ name })}
        />
        <TextField
          label="CEP*"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          value={form.zipCode}
          onValue={(value) => set({ zipCode: maskCep(value) })}
        />
        <TextField
          label="Rua*"
          autoComplete="address-line1"
          value={form.street}
          onValue={(street) => set({ street })}
        />
        <TextField label="Número*" value={form.number} onValue={(number) => set({ number })} />
        <TextField
          label="Complemento"
          value={form.complement}
          onValue={(complement) => set({ complement })}
        />
        {neighborhoods.length > 0 ? (
          <SelectField
            label="Bairro*"
            value={form.neighborhoodId}
            onValue={(id) =>
              set({ neighborhoodId: id, neighborhood: neighborhoods.find((n) => n.id === id)?.name ?? '' })
            }
          >
            <option value="" disabled>
              Selecione o bairro
            </option>
            {neighborhoods.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="Bairro*"
            value={form.neighborhood}
            onValue={(neighborhood) => set({ neighborhood })}
          />
        )}
        <TextField
          label="Cidade*"
          autoComplete="address-level2"
          value={form.city}
          onValue={(city) => set({ city })}
        />
        <TextField
          label="Estado*"
          autoComplete="address-level1"
          value={form.state}
          onValue={(state) => set({ state })}
        />
      </form>
    </Modal>
  );
}
