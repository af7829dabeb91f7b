/**
 * Spec §5 "Customer form" on the checkout form's contact fields, with its exact messages (zod-free, so the
 * checkout chunk stays small), and the body `POST /api/customer/update` receives.
 */
import type { CustomerBody } from '@vitrine/contracts/checkout';
import {
  isValidBirthDate,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  VALIDATION_MESSAGES,
} from '@vitrine/contracts/validators';
import type { CheckoutForm } from './checkout-form';

export type CustomerField =
  'name' | 'email' | 'birthDate' | 'document' | 'corporateDocument' | 'corporateName' | 'tradeName';

export type CustomerErrors = Partial<Record<CustomerField, string>>;

export interface CustomerRulesSettings {
  enableCnpj: boolean;
  enableBirthDate: boolean;
}

/** Field errors of the contact fields (empty object: valid). */
export function customerErrors(form: CheckoutForm, settings: CustomerRulesSettings): CustomerErrors {
  const errors: CustomerErrors = {};
  if (!form.name.trim()) errors.name = VALIDATION_MESSAGES.name;
  if (!isValidEmail(form.email.trim())) errors.email = VALIDATION_MESSAGES.email;
  if (settings.enableBirthDate && form.birthDate && !isValidBirthDate(form.birthDate))
    errors.birthDate = VALIDATION_MESSAGES.birthDate;
  if (!isValidCpf(form.document)) errors.document = VALIDATION_MESSAGES.cpf;
  if (settings.enableCnpj && form.isCorporate) {
    if (!form.corporateDocument) errors.corporateDocument = 'CNPJ é obrigatório.';
    else if (!isValidCnpj(form.corporateDocument)) errors.corporateDocument = VALIDATION_MESSAGES.cnpj;
    if (!form.corporateName.trim()) errors.corporateName = 'Insira uma razão social.';
    if (!form.tradeName.trim()) errors.tradeName = 'Insira um nome fantasia.';
  }
  return errors;
}

/** The customer update body for the form (company fields only when the shop and the checkbox allow them). */
export function customerBody(form: CheckoutForm, settings: CustomerRulesSettings): CustomerBody {
  const corporate = settings.enableCnpj && form.isCorporate;
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    document: form.document,
    birthDate: settings.enableBirthDate ? form.birthDate : '',
    isCorporate: corporate,
    corporateDocument: corporate ? form.corporateDocument : null,
    corporateName: corporate ? form.corporateName.trim() : null,
    tradeName: corporate ? form.tradeName.trim() : null,
    stateInscription: corporate ? form.stateInscription.trim() : null,
  };
}

/** A stable key of what would be saved: the auto-save runs only when it changes. */
export function customerKey(body: CustomerBody): string {
  return JSON.stringify(body);
}
