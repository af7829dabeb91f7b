import { paymentMethodsOf } from '@vitrine/contracts/console-payment-methods';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { reaisToCents } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCurrentOrder, orderAmounts } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { changeCheckout } from '../checkout/service.ts';
import { getShop } from '../shop/service.ts';

export type PaymentOptionWire = {
  id: string;
  method: number;
  name: string;
  payOnDelivery: boolean;
  group: string | null;
  providerId: string | null;
};

/** Pay-on-delivery groups and means (group 'Dinheiro' asks for a cash amount). */
export const ON_DELIVERY_OPTIONS: PaymentOptionWire[] = [
  {
    id: 'cash',
    method: PaymentMethod.OnDelivery,
    name: 'Dinheiro',
    payOnDelivery: true,
    group: 'Dinheiro',
    providerId: 'cash',
  },
  {
    id: 'credit-on-delivery',
    method: PaymentMethod.OnDelivery,
    name: 'Crédito na entrega',
    payOnDelivery: true,
    group: 'Cartão',
    providerId: 'credit-on-delivery',
  },
  {
    id: 'debit-on-delivery',
    method: PaymentMethod.OnDelivery,
    name: 'Débito na entrega',
    payOnDelivery: true,
    group: 'Cartão',
    providerId: 'debit-on-delivery',
  },
  {
    id: 'pix-on-delivery',
    method: PaymentMethod.OnDelivery,
    name: 'Pix na entrega',
    payOnDelivery: true,
    group: 'Pix',
    providerId: 'pix-on-delivery',
  },
];

const METHOD_NAMES: [number, string, keyof Order | null][] = [
  [PaymentMethod.CreditCard, 'Cartão de Crédito', 'enableCreditPayment'],
  [PaymentMethod.Boleto, 'Boleto', 'enableBoletoPayment'],
  [PaymentMethod.Pix, 'PIX', 'enablePixPayment'],
  [PaymentMethod.Link, 'Link', 'enableLinkPayment'],
  [PaymentMethod.Nubank, 'Nubank', 'enableNubankPayment'],
  [PaymentMethod.Pagueleve, 'Pagueleve', 'enablePagalevePayment'],
];

/**
 * The options the shop adds beside the order's enable… flags (console 'Pagamentos › Formas de pagamento'): its custom method
 * (7) under the name it gave, when on, and the pay-on-delivery means it takes (all of them until it chooses).
 */
async function shopOptions(db: Db, shopId: string): Promise<PaymentOptionWire[]> {
  return shopOptionsOf((await getShop(db, shopId)).settings);
}

function shopOptionsOf(settings: object): PaymentOptionWire[] {
  const { custom, customName, onDelivery } = paymentMethodsOf(settings);
  const means = ON_DELIVERY_OPTIONS.filter((o) => onDelivery.some((mean) => mean === o.providerId));
  if (!custom || !customName) return means;
  const option: PaymentOptionWire = {
    id: `method-${PaymentMethod.Custom}`,
    method: PaymentMethod.Custom,
    name: customName,
    payOnDelivery: false,
    group: null,
    providerId: null,
  };
  return [option, ...means];
}

/** The methods the order enables (its enable… flags) plus the shop's custom method and pay-on-delivery means. */
export function paymentOptionsOf(order: Order, means: PaymentOptionWire[]): PaymentOptionWire[] {
  const methods = METHOD_NAMES.filter(([, , flag]) => flag && order[flag] === true).map(([method, name]) => ({
    id: `method-${method}`,
    method,
    name,
    payOnDelivery: false,
    group: null,
    providerId: null,
  }));
  return [...methods, ...means];
}

/**
 * Whether the order, as the shop's settings stand now, still offers `method`: a method switched off in the console
 * after an agent chose it is refused at confirm like at the choice.
 */
export function methodOffered(order: Order, shopSettings: object, method: number): boolean {
  return paymentOptionsOf(order, shopOptionsOf(shopSettings)).some((o) => o.method === method);
}

/** The options a placed order offers as the shop's settings stand now (its enable… flags and the shop's own). */
export function placedOrderOptions(order: Order, shopSettings: object): PaymentOptionWire[] {
  return paymentOptionsOf(order, shopOptionsOf(shopSettings));
}

/** Payment options of the current order. */
export async function listPaymentOptions(db: Db, session: SessionContext): Promise<PaymentOptionWire[]> {
  const [order, means] = await Promise.all([getCurrentOrder(db, session), shopOptions(db, session.shopId)]);
  return paymentOptionsOf(order, means);
}

/**
 * Sets the payment method (must be one the order offers: the custom one only while the shop has it on); a
 * non-on-delivery method clears the delivery option.
 */
export async function setPaymentMethod(db: Db, session: SessionContext, method: number): Promise<Order> {
  const [order, means] = await Promise.all([getCurrentOrder(db, session), shopOptions(db, session.shopId)]);
  const offered = paymentOptionsOf(order, means).some((o) => o.method === method);
  if (!offered) throw new AppError('unprocessable', 'paymentMethodUnavailable');
  return changeCheckout(db, session, ({ checkout }) => {
    checkout.paymentMethod = method;
    if (method !== PaymentMethod.OnDelivery) checkout.paymentOption = null;
    if (method === PaymentMethod.CreditCard) checkout.manualPaymentInformation = null;
  });
}

/**
 * Pay on delivery {providerId, type, cashAmount}. Cash: the amount must be at least the total (we read §5 as the
 * confirm rule states, "at least"; the message is the form's 'O valor deve ser maior que o valor do pedido!').
 */
export async function setDeliveryPayment(
  db: Db,
  session: SessionContext,
  body: { providerId: string; cashAmount?: number | null | undefined },
): Promise<Order> {
  const option = ON_DELIVERY_OPTIONS.find((o) => o.providerId === body.providerId);
  if (!option) throw new AppError('notFound', 'paymentOptionNotFound');
  if (!(await shopOptions(db, session.shopId)).includes(option))
    throw new AppError('unprocessable', 'paymentMethodUnavailable');
  const cashCents =
    option.group === 'Dinheiro' && body.cashAmount != null ? reaisToCents(body.cashAmount) : null;
  return changeCheckout(db, session, ({ checkout, itemsCents }) => {
    if (cashCents !== null && cashCents < orderAmounts(checkout, itemsCents).totalCents) {
      throw new AppError('unprocessable', 'cashAmountTooLow');
    }
    checkout.paymentMethod = PaymentMethod.OnDelivery;
    checkout.paymentOption = {
      providerId: option.providerId ?? option.id,
      group: option.group,
      cashAmountCents: cashCents,
    };
  });
}
