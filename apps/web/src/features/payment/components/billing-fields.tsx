/**
 * CPF (or the customer's CNPJ, read-only, when corporate and the shop enables CNPJ) and the billing address
 * (spec §2, §5): a valid CEP fills street, neighbourhood, city and state from the lookup.
 */
import type { UseCardForm } from '../hooks/use-card-form';
import type { CardFormField } from '../lib/card-form';
import { TextField } from '../../../components/form-field';

export interface BillingFieldsProps {
  card: UseCardForm;
  cnpj: boolean;
  invalid: ReadonlySet<CardFormField | 'providerId'>;
  disabled: boolean;
}

export function BillingFields({ card, cnpj, invalid, disabled }: BillingFieldsProps) {
  const { form, setField } = card;
  const field = (name: CardFormField) => ({
    value: form[name],
    onValue: (value: string) => setField(name, value),
    invalid: invalid.has(name),
  });
  return (
    <>
      <fieldset className="payment-form__group" disabled={disabled}>
        <legend>Titular</legend>
        {cnpj ? (
          <TextField label="CNPJ" {...field('document')} readOnly placeholder="__.___.___/____-__" />
        ) : (
          <TextField
            label="CPF"
            {...field('document')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="___.___.___-__"
          />
        )}
      </fieldset>
      <fieldset className="payment-form__group" disabled={disabled}>
        <legend>Endereço de cobrança</legend>
        <div className="payment-form__row">
          <TextField
            label="CEP"
            {...field('zipCode')}
            inputMode="numeric"
            autoComplete="billing postal-code"
            placeholder="_____-___"
            aria-describedby={card.lookingUpCep ? 'cep-status' : undefined}
          />
          <p id="cep-status" className="payment-form__hint" role="status">
            {card.lookingUpCep ? 'Buscando endereço...' : ''}
          </p>
        </div>
        <TextField label="Endereço" {...field('address')} autoComplete="billing address-line1" />
        <div className="payment-form__row">
          <TextField label="Número" {...field('addressNumber')} autoComplete="off" />
          <TextField
            label="Complemento (opcional)"
            {...field('complement')}
            autoComplete="billing address-line2"
          />
        </div>
        <TextField label="Bairro" {...field('neighborhood')} autoComplete="off" />
        <div className="payment-form__row">
          <TextField label="Cidade" {...field('city')} autoComplete="billing address-level2" />
          <TextField label="Estado" {...field('state')} autoComplete="billing address-level1" />
        </div>
      </fieldset>
    </>
  );
}
