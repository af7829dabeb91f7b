/**
 * The checkout form of spec §3 ("Checkout form") and the §4 rules that clear its later choices. Pure: the
 * store (hooks/checkout-store.ts) applies these and persists the result.
 */
import type { Customer } from '@vitrine/contracts/contact';
import { maskCnpj, maskCpf } from '@vitrine/contracts/masks';
import type { Order } from '@vitrine/contracts/order';
import { reaisText } from './payment-rules';

/** Checkout form logistic type: 0 store pickup, 1 delivery. */
export const PICKUP = 0;
export const DELIVERY = 1;

export interface CheckoutForm {
  name: string;
  email: string;
  birthDate: string;
  document: string;
  isCorporate: boolean;
  corporateDocument: string;
  corporateName: string;
  tradeName: string;
  stateInscription: string;
  cep: string;
  logisticType: number | null;
  selectedSeller: string;
  selectedLogistic: string;
  priceTableId: string;
  selectedDay: string;
  selectedSchedule: string;
  paymentMethod: number | null;
  paymentOptionGroup: string;
  paymentOptionId: string;
  manualPaymentOption: string;
  cashAmount: string;
  coupon: string;
  deliveryAddressIndex: number | null;
  isInSemiAutomatic: boolean;
}

export const EMPTY_FORM: CheckoutForm = {
  name: '',
  email: '',
  birthDate: '',
  document: '',
  isCorporate: false,
  corporateDocument: '',
  corporateName: '',
  tradeName: '',
  stateInscription: '',
  cep: '',
  logisticType: null,
  selectedSeller: '',
  selectedLogistic: '',
  priceTableId: '',
  selectedDay: '',
  selectedSchedule: '',
  paymentMethod: null,
  paymentOptionGroup: '',
  paymentOptionId: '',
  manualPaymentOption: '',
  cashAmount: '',
  coupon: '',
  deliveryAddressIndex: null,
  isInSemiAutomatic: false,
};

/** What `checkout_data` holds: the form and the session user it belongs to. */
export interface StoredCheckout {
  userId: string;
  form: Partial<CheckoutForm>;
}

/** The stored form when it belongs to `userId` (spec §4: restored only for the same user), else null. */
export function restoredForm(stored: unknown, userId: string | null): Partial<CheckoutForm> | null {
  if (!userId || typeof stored !== 'object' || stored === null) return null;
  const { userId: owner, form } = stored as Partial<StoredCheckout>;
  if (owner !== userId || typeof form !== 'object' || form === null) return null;
  const known = Object.entries(form).filter(
    ([key, value]) => key in EMPTY_FORM && typeof value === typeof EMPTY_FORM[key as keyof CheckoutForm],
  );
  const nullable = (['logisticType', 'paymentMethod', 'deliveryAddressIndex'] as const).filter(
    (key) => typeof form[key] === 'number' || form[key] === null,
  );
  return {
    ...Object.fromEntries(known),
    ...Object.fromEntries(nullable.map((key) => [key, form[key]])),
  } as Partial<CheckoutForm>;
}

/** The customer fields as the session knows them (when nothing was stored for this user). */
export function customerFields(customer: Customer | null | undefined): Partial<CheckoutForm> {
  if (!customer) return {};
  return {
    name: customer.name ?? '',
    email: customer.email ?? '',
    birthDate: customer.birthDate ?? '',
    document: maskCpf(customer.document ?? ''),
    isCorporate: customer.isCorporate,
    corporateDocument: maskCnpj(customer.corporateDocument ?? ''),
    corporateName: customer.corporateName ?? '',
    tradeName: customer.tradeName ?? '',
    stateInscription: customer.stateInscription ?? '',
  };
}

/** A chosen logistic on the order (a limits-only placeholder is none). */
export function chosenLogistic(order: Order | null): Order['logistic'] {
  const logistic = order?.logistic ?? null;
  return logistic && !logistic.limitsOnly && logistic.providerId ? logistic : null;
}

/**
 * The form with the order's server-side choices put over it (the order is the source of truth): logistic
 * type, seller, logistic, price table, coupon, payment, semi-automatic; a cleared choice clears what hangs on it.
 */
export function syncWithOrder(form: CheckoutForm, order: Order): CheckoutForm {
  const logistic = chosenLogistic(order);
  const slot = order.checkout?.slot ?? null;
  const option = order.checkout?.paymentOption ?? null;
  const method = order.payment.method;
  const next: CheckoutForm = {
    ...form,
    logisticType: order.checkout?.logisticType ?? logistic?.type ?? form.logisticType,
    selectedSeller: order.seller?.providerId ?? '',
    selectedLogistic: logistic?.providerId ?? '',
    priceTableId: order.providerPriceTableId ?? '',
    coupon: order.coupon ?? form.coupon,
    paymentMethod: method,
    isInSemiAutomatic: order.isInSemiAutomatic,
  };
  if (!slot) next.selectedSchedule = '';
  else next.selectedDay = slot.day;
  if (method === null) {
    Object.assign(next, {
      paymentOptionGroup: '',
      paymentOptionId: '',
      cashAmount: '',
      manualPaymentOption: '',
    });
  } else if (option) {
    next.paymentOptionId = option.providerId;
    next.paymentOptionGroup = option.group ?? '';
    if (option.cashAmount !== null) next.cashAmount = reaisText(option.cashAmount);
  }
  return next;
}

/** Spec §4: changing the logistic type clears address, logistic and seller (a first choice only sets it). */
export function afterLogisticType(form: CheckoutForm, logisticType: number): CheckoutForm {
  if (form.logisticType === null || form.logisticType === logisticType) return { ...form, logisticType };
  return { ...form, logisticType, deliveryAddressIndex: null, selectedLogistic: '', selectedSeller: '' };
}

/** Spec §4: choosing a seller clears logistic, day, schedule and payment. */
export function afterSeller(form: CheckoutForm, selectedSeller: string): CheckoutForm {
  return {
    ...form,
    selectedSeller,
    selectedLogistic: '',
    selectedDay: '',
    selectedSchedule: '',
    paymentMethod: null,
    paymentOptionGroup: '',
    paymentOptionId: '',
    cashAmount: '',
    manualPaymentOption: '',
  };
}

/** Spec §4: choosing a day clears the schedule (the time select then shows that day's slots). */
export function afterDay(form: CheckoutForm, selectedDay: string): CheckoutForm {
  return { ...form, selectedDay, selectedSchedule: '' };
}
