/**
 * 5. Dados do contato (spec §2, §5): name, e-mail, optional birth date (dd/mm/yyyy, when enabled), CPF; with
 * the company option the checkbox 'Incluir informações de pessoa jurídica?' reveals CNPJ, Razão Social, Nome
 * Fantasia and Inscrição Estadual. Errors show once a field was left (or a confirm was tried).
 */
import { useState } from 'react';
import { maskCnpj, maskCpf, maskDate } from '@vitrine/contracts/masks';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import type { CheckoutForm } from '../lib/checkout-form';
import type { CustomerErrors, CustomerField } from '../lib/customer-rules';
import { TextField } from '../../../components/form-field';

export interface ContactSectionProps {
  errors: CustomerErrors;
  /** Show every error (after a confirm attempt). */
  showAll: boolean;
  enableCnpj: boolean;
  enableBirthDate: boolean;
}

export function ContactSection({ errors, showAll, enableCnpj, enableBirthDate }: ContactSectionProps) {
  const form = useCheckoutForm();
  const [touched, setTouched] = useState<Set<CustomerField>>(new Set());
  const errorOf = (field: CustomerField) => (showAll || touched.has(field) ? errors[field] : undefined);
  const bind = (field: CustomerField & keyof CheckoutForm, mask?: (value: string) => string) => ({
    value: String(form[field]),
    error: errorOf(field),
    onValue: (value: string) => checkoutActions.patch({ [field]: mask ? mask(value) : value }),
    onBlur: () => setTouched((current) => new Set(current).add(field)),
  });

  return (
    <section className="checkout-section" aria-labelledby="checkout-contact-title">
      <h2 id="checkout-contact-title" className="checkout-section__title">
        Dados do contato
      </h2>
      <div className="checkout-grid">
        <TextField label="Nome" autoComplete="name" {...bind('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" {...bind('email')} />
        {enableBirthDate && (
          <TextField
            label="Data de nascimento (opcional)"
            inputMode="numeric"
            placeholder="dd/mm/aaaa"
            maxLength={10}
            {...bind('birthDate', maskDate)}
          />
        )}
        <TextField
          label="CPF"
          inputMode="numeric"
          placeholder="000.000.000-00"
          {...bind('document', maskCpf)}
        />
      </div>
      {enableCnpj && (
        <>
          <label className="checkout-choice checkout-check">
            <input
              type="checkbox"
              checked={form.isCorporate}
              onChange={(event) => checkoutActions.patch({ isCorporate: event.target.checked })}
            />
            <span>Incluir informações de pessoa jurídica?</span>
          </label>
          {form.isCorporate && (
            <div className="checkout-grid">
              <TextField
                label="CNPJ"
                placeholder="00.000.000/0000-00"
                {...bind('corporateDocument', maskCnpj)}
              />
              <TextField label="Razão Social" {...bind('corporateName')} />
              <TextField label="Nome Fantasia" {...bind('tradeName')} />
              <TextField
                label="Inscrição Estadual"
                value={form.stateInscription}
                onValue={(stateInscription) => checkoutActions.patch({ stateInscription })}
              />
            </div>
          )}
        </>
      )}
      <p className="checkout-note">Dados do contato serão salvos automaticamente após a edição</p>
    </section>
  );
}
