/**
 * The card page's form (spec §3 Card payment data, §5 card-form rules and masks) as pure functions: input
 * normalisation, the complete-form rule, the expiry split and the request bodies. Values are kept as typed
 * (masked); nothing the shopper typed is dropped on invalid input, only characters a field cannot hold.
 */
import type { Address, Customer } from '@vitrine/contracts/contact';
import type { Order } from '@vitrine/contracts/order';
import type { CardPaymentBody } from '@vitrine/contracts/payment';
import { maskCardExpiry, maskCep, maskCnpj, maskCpf } from '@vitrine/contracts/masks';
import { onlyDigits } from '@vitrine/contracts/digits';
import { cardSecurityCodeLength, isValidCep, isValidCnpj, isValidCpf } from '@vitrine/contracts/validators';

export interface CardForm {
  /** Card type (card option providerId); '' until chosen. */
  providerId: string;
  installments: number;
  /** Digits only. */
  number: string;
  name: string;
  /** 'MM/YY'. */
  expiry: string;
  securityCode: string;
  /** CPF, or the read-only CNPJ of a corporate customer when the shop enables CNPJ. */
  document: string;
  zipCode: string;
  address: string;
  addressNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type CardFormField = keyof Omit<CardForm, 'providerId' | 'installments'>;

/** Spec §9 default installments. */
export const DEFAULT_INSTALLMENTS = 1;
/** Longest card number (§9 preview lengths go up to 19). */
export const MAX_CARD_DIGITS = 19;

/** Whether the document is the customer's CNPJ (read-only): corporate customer in a shop with enableCnpj. */
export function usesCnpj(customer: Pick<Customer, 'isCorporate'> | null, enableCnpj: boolean): boolean {
  return enableCnpj && customer?.isCorporate === true;
}

/**
 * Empty card fields; card type and installments of the plan already chosen for the order (the order total
 * includes it), else none and 1; document and billing address from what the customer already gave.
 */
export function initialCardForm(
  customer: Customer | null,
  cnpj: boolean,
  address?: Address,
  plan?: Pick<NonNullable<Order['cardPlan']>, 'providerId' | 'installments'> | null,
): CardForm {
  const document = cnpj ? maskCnpj(customer?.corporateDocument ?? '') : maskCpf(customer?.document ?? '');
  return {
    providerId: plan?.providerId ?? '',
    installments: plan?.installments ?? DEFAULT_INSTALLMENTS,
    number: '',
    name: '',
    expiry: '',
    securityCode: '',
    document,
    zipCode: maskCep(address?.zipCode ?? ''),
    address: address?.street ?? '',
    addressNumber: address?.number ?? '',
    complement: address?.complement ?? '',
    neighborhood: address?.neighborhood ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

/** What a field keeps of a typed value (§5: number digits only; masks for expiry, CPF/CNPJ and CEP). */
export function normaliseField(field: CardFormField, value: string, form: CardForm, cnpj: boolean): string {
  switch (field) {
    case 'number':
      return onlyDigits(value).slice(0, MAX_CARD_DIGITS);
    case 'expiry':
      return maskCardExpiry(value);
    case 'securityCode':
      return onlyDigits(value).slice(0, cardSecurityCodeLength(form.number));
    case 'document':
      return cnpj ? maskCnpj(value) : maskCpf(value);
    case 'zipCode':
      return maskCep(value);
    default:
      return value;
  }
}

/** Applies a typed value; a shorter security code limit (number no longer Amex) trims the code. */
export function changeField(form: CardForm, field: CardFormField, value: string, cnpj: boolean): CardForm {
  const next = { ...form, [field]: normaliseField(field, value, form, cnpj) };
  if (field === 'number') next.securityCode = next.securityCode.slice(0, cardSecurityCodeLength(next.number));
  return next;
}

/** §5: two digits, slash, two digits, and a month 01–12. */
export function isValidExpiry(expiry: string): boolean {
  const match = /^(\d{2})\/\d{2}$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  return month >= 1 && month <= 12;
}

/** §5: expiry split into month and year numbers ('08/29' → 8, 29). */
export function splitExpiry(expiry: string): { month: number; year: number } {
  const [month = '', year = ''] = expiry.split('/');
  return { month: Number(month), year: Number(year) };
}

const filled = (value: string) => value.trim() !== '';

/** The fields that break the spec §5 complete-form rule ('providerId' = no card type chosen), in form order. */
export function cardFormProblems(form: CardForm, cnpj: boolean): (CardFormField | 'providerId')[] {
  const checks: [CardFormField | 'providerId', boolean][] = [
    ['providerId', form.providerId !== ''],
    ['number', filled(form.number)],
    ['name', filled(form.name)],
    ['expiry', isValidExpiry(form.expiry)],
    ['securityCode', form.securityCode.length === cardSecurityCodeLength(form.number)],
    ['document', cnpj ? isValidCnpj(form.document) : isValidCpf(form.document)],
    ['zipCode', isValidCep(form.zipCode)],
    ['address', filled(form.address)],
    ['addressNumber', filled(form.addressNumber)],
    ['neighborhood', filled(form.neighborhood)],
    ['city', filled(form.city)],
    ['state', filled(form.state)],
  ];
  return checks.filter(([, ok]) => !ok).map(([field]) => field);
}

/** Spec §5 complete-form rule; on false the page shows 'Por favor, verifique os campos e tente novamente'. */
export function isCardFormComplete(form: CardForm, cnpj: boolean): boolean {
  return cardFormProblems(form, cnpj).length === 0;
}

/** The card itself as the server receives it: raw number (built-in gateway) or a browser-made token. */
export type CardPart =
  { number: string; securityCode: string } | { cardToken: string; brand?: string; lastFour: string };

export interface Captcha {
  recaptchaKey: string;
  recaptchaToken: string;
}

/** `POST /api/order/payment/credit` body (§3 Card payment data) for a complete form. */
export function cardPaymentBody(form: CardForm, card: CardPart, captcha?: Captcha): CardPaymentBody {
  const { month, year } = splitExpiry(form.expiry);
  const complement = form.complement.trim();
  return {
    providerId: form.providerId,
    installments: form.installments,
    ...card,
    name: form.name.trim(),
    expiryMonth: month,
    expiryYear: year,
    document: form.document,
    zipCode: form.zipCode,
    address: form.address.trim(),
    addressNumber: form.addressNumber.trim(),
    complement: complement === '' ? null : complement,
    neighborhood: form.neighborhood.trim(),
    city: form.city.trim(),
    state: form.state.trim(),
    ...captcha,
  };
}
