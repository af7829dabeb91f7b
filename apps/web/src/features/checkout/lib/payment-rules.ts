/**
 * Section 6 'Forma de pagamento' (spec §2, §5): which methods show, their names, the pay-on-delivery groups
 * and means, the cash amount rule, and the footer's confirm label.
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { reaisToCents } from '@vitrine/contracts/money';
import type { PaymentOption } from '@vitrine/contracts/checkout';

/** Names of spec §2 section 6 (custom method 7 uses the provider's name). */
const METHOD_NAMES: Record<number, string> = {
  [PaymentMethod.CreditCard]: 'Cartão de Crédito',
  [PaymentMethod.Boleto]: 'Boleto',
  [PaymentMethod.Pix]: 'PIX',
  [PaymentMethod.OnDelivery]: 'Pagar na entrega',
  [PaymentMethod.Link]: 'Link',
  [PaymentMethod.Nubank]: 'Nubank',
  [PaymentMethod.Pagueleve]: 'Pagueleve',
};

const ENABLED_BY: Partial<Record<number, keyof Order>> = {
  [PaymentMethod.CreditCard]: 'enableCreditPayment',
  [PaymentMethod.Boleto]: 'enableBoletoPayment',
  [PaymentMethod.Pix]: 'enablePixPayment',
  [PaymentMethod.Link]: 'enableLinkPayment',
  [PaymentMethod.Nubank]: 'enableNubankPayment',
  [PaymentMethod.Pagueleve]: 'enablePagalevePayment',
};

export interface MethodChoice {
  method: number;
  name: string;
}

/**
 * The methods to offer, in the spec's order: each one the server lists and the order enables; PIX and Boleto
 * hidden when an item is a subscription; 'Pagar na entrega' once when any on-delivery mean exists.
 */
export function visibleMethods(options: PaymentOption[], order: Order): MethodChoice[] {
  const subscription = order.items.some((item) => item.subscription !== null);
  const choices = new Map<number, string>();
  for (const option of options) {
    const flag = ENABLED_BY[option.method];
    if (flag && order[flag] !== true) continue;
    if (subscription && (option.method === PaymentMethod.Pix || option.method === PaymentMethod.Boleto))
      continue;
    if (choices.has(option.method)) continue;
    choices.set(option.method, METHOD_NAMES[option.method] ?? option.name);
  }
  return [...choices].sort(([a], [b]) => a - b).map(([method, name]) => ({ method, name }));
}

/** The name of a method for the footer ('Finalizar e enviar PIX'); custom methods use the option's name. */
export function methodName(method: number | null, options: PaymentOption[]): string {
  if (method === null) return '';
  return METHOD_NAMES[method] ?? options.find((o) => o.method === method)?.name ?? '';
}

/** The pay-on-delivery groups, in the server's order. */
export function deliveryGroups(options: PaymentOption[]): string[] {
  return [...new Set(options.filter((o) => o.payOnDelivery && o.group).map((o) => o.group as string))];
}

/** The pay-on-delivery means of a group. */
export function deliveryMeans(options: PaymentOption[], group: string): PaymentOption[] {
  return options.filter((o) => o.payOnDelivery && o.group === group);
}

/** The group that asks for a cash amount. */
export const CASH_GROUP = 'Dinheiro';

/** 'R$ 150,50' / '150.5' / '150,50' typed → reais, or null when it is not an amount. */
export function parseReais(text: string): number | null {
  const clean = text.replace(/R\$|\s/g, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(clean)) return null;
  return Number(clean.replace(',', '.'));
}

/** An amount in reais as the amount fields show it: '150,50' (the form `parseReais` reads back). */
export function reaisText(reais: number): string {
  return reais.toFixed(2).replace('.', ',');
}

/** Spec §5 cash rule ('O valor deve ser maior que o valor do pedido!'); like the server, at least the total. */
export function cashAmountError(text: string, totalReais: number): string | null {
  const amount = parseReais(text);
  if (amount !== null && reaisToCents(amount) >= reaisToCents(totalReais)) return null;
  return 'O valor deve ser maior que o valor do pedido!';
}

/** Spec §5: a manual credit-card payment link must look like a URL. */
export function paymentLinkError(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')) return null;
  } catch {
    // not a URL
  }
  return 'Insira um link válido';
}

/** The footer's confirm label: 'Receber pedido' when charging is disabled, else 'Finalizar e enviar <método>'. */
export function confirmLabel(disableChargeOrders: boolean, name: string): string {
  return disableChargeOrders ? 'Receber pedido' : `Finalizar e enviar ${name}`.trim();
}
