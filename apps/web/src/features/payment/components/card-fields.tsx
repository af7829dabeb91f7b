/**
 * Card type, installments and card data (spec §2, §5): the number keeps digits only, the expiry is masked
 * __/__, the security code takes 4 digits for numbers starting 34 or 37 and 3 otherwise. Mobile keyboards get
 * the numeric pad and the browser's card autofill (cc-*). No maxLength: a pasted '4111 1111 …' is normalised
 * by the form instead of being cut by the browser.
 */
import { formatReais } from '@vitrine/contracts/money';
import type { CardOption } from '@vitrine/contracts/payment';
import { cardSecurityCodeLength } from '@vitrine/contracts/validators';
import { SelectField, TextField } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import type { CardOptionsState } from '../hooks/use-card-options';
import type { UseCardForm } from '../hooks/use-card-form';
import type { CardFormField } from '../lib/card-form';

export interface CardFieldsProps {
  card: UseCardForm;
  options: CardOptionsState;
  invalid: ReadonlySet<CardFormField | 'providerId'>;
  disabled: boolean;
}

function installmentLabel(plan: CardOption['installments'][number]): string {
  const each = `${plan.count}x de ${formatReais(plan.value)}`;
  return plan.interestFree ? `${each} sem juros` : `${each} (total ${formatReais(plan.total)})`;
}

function CardTypeAndInstallments({ card, options, invalid, disabled }: CardFieldsProps) {
  if (options.state === 'loading') {
    return (
      <div className="payment-form__row" aria-busy="true">
        <Skeleton height={64} shape="block" />
        <Skeleton height={64} shape="block" />
      </div>
    );
  }
  if (options.state === 'failed') {
    return (
      <div className="payment-form__alert" role="alert">
        <p>{options.message}</p>
        <button type="button" className="button button--outline" onClick={options.retry}>
          Tentar novamente
        </button>
      </div>
    );
  }
  const chosen = options.options.find((option) => option.providerId === card.form.providerId);
  return (
    <div className="payment-form__row payment-form__row--wide">
      <SelectField
        label="Tipo do cartão"
        value={card.form.providerId}
        disabled={disabled}
        invalid={invalid.has('providerId')}
        onValue={card.chooseCardType}
      >
        <option value="" disabled>
          Selecione
        </option>
        {options.options.map((option) => (
          <option key={option.providerId} value={option.providerId}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Parcelas"
        value={card.form.installments}
        disabled={disabled || !chosen}
        aria-busy={card.updatingInstallments}
        onValue={(value) => card.chooseInstallments(Number(value))}
      >
        {chosen ? (
          chosen.installments.map((plan) => (
            <option key={plan.count} value={plan.count}>
              {installmentLabel(plan)}
            </option>
          ))
        ) : (
          <option value={1}>Escolha o tipo do cartão</option>
        )}
      </SelectField>
    </div>
  );
}

export function CardFields(props: CardFieldsProps) {
  const { card, invalid, disabled } = props;
  const { form, setField } = card;
  const codeLength = cardSecurityCodeLength(form.number);
  return (
    <fieldset className="payment-form__group" disabled={disabled}>
      <legend>Dados do cartão</legend>
      <CardTypeAndInstallments {...props} />
      <TextField
        label="Número do cartão"
        value={form.number}
        onValue={(value) => setField('number', value)}
        invalid={invalid.has('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="Somente números"
      />
      <TextField
        label="Nome impresso no cartão"
        value={form.name}
        onValue={(value) => setField('name', value)}
        invalid={invalid.has('name')}
        autoComplete="cc-name"
        autoCapitalize="characters"
        maxLength={120}
      />
      <div className="payment-form__row">
        <TextField
          label="Validade"
          value={form.expiry}
          onValue={(value) => setField('expiry', value)}
          invalid={invalid.has('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="__/__"
        />
        <TextField
          label="Código de segurança"
          value={form.securityCode}
          onValue={(value) => setField('securityCode', value)}
          invalid={invalid.has('securityCode')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={'_'.repeat(codeLength)}
        />
      </div>
    </fieldset>
  );
}
