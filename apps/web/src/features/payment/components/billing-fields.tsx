/**
 * CPF (or the customer's CNPJ, read-only, when corporate and the shop enables CNPJ) and the billing address
 * (spec §2, §5): a valid CEP fills street, neighbourhood, city and state from the lookup.
 */
import type { UseCardForm } from '../hooks/use-card-form';
import type { CardFormField } from '../lib/card-form';
import { FormField } from './form-field';

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
          <FormField label="CNPJ" {...field('document')} readOnly placeholder="__.___.___/____-__" />
        ) : (
          <FormField
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
          <FormField
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
        <FormField label="Endereço" {...field('address')} autoComplete="billing address-line1" />
        <div className="payment-form__row">
          <FormField label="Número" {...field('addressNumber')} autoComplete="off" />
          <FormField
            label="Complemento (opcional)"
            {...field('complement')}
            autoComplete="billing address-line2"
          />
        </div>
        <FormField label="Bairro" {...field('neighborhood')} autoComplete="off" />
        <div className="payment-form__row">
          <FormField label="Cidade" {...field('city')} autoComplete="billing address-level2" />
          <FormField label="Estado" {...field('state')} autoComplete="billing address-level1" />
        </div>
      </fieldset>
    </>
  );
}
