import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import type { PaymentOption } from '@vitrine/contracts/checkout';
import {
  cashAmountError,
  confirmLabel,
  deliveryGroups,
  deliveryMeans,
  methodName,
  parseReais,
  reaisText,
  paymentLinkError,
  visibleMethods,
} from './payment-rules';

const method = (m: number, name: string): PaymentOption => ({
  id: `method-${m}`,
  method: m,
  name,
  payOnDelivery: false,
  group: null,
  providerId: null,
});
const onDelivery = (id: string, group: string): PaymentOption => ({
  id,
  method: 5,
  name: id,
  payOnDelivery: true,
  group,
  providerId: id,
});
const options = [
  method(0, 'Cartão de Crédito'),
  method(1, 'Boleto'),
  method(3, 'PIX'),
  method(6, 'Link'),
  onDelivery('cash', 'Dinheiro'),
  onDelivery('credit', 'Cartão'),
  onDelivery('debit', 'Cartão'),
];
const enabled = {
  enableCreditPayment: true,
  enableBoletoPayment: true,
  enablePixPayment: true,
  enableLinkPayment: true,
  enableNubankPayment: false,
  enablePagalevePayment: false,
  items: [{ subscription: null }],
} as unknown as Order;

describe('visibleMethods (spec §2 section 6)', () => {
  it('lists the enabled methods once each, pay on delivery as one', () => {
    expect(visibleMethods(options, enabled).map((m) => m.name)).toEqual([
      'Cartão de Crédito',
      'Boleto',
      'PIX',
      'Pagar na entrega',
      'Link',
    ]);
  });
  it('hides PIX and Boleto with a subscription, and what the order does not enable', () => {
    const order = {
      ...enabled,
      enableLinkPayment: false,
      items: [{ subscription: { recurrenceType: 20, frequency: 1 } }],
    } as unknown as Order;
    expect(visibleMethods(options, order).map((m) => m.method)).toEqual([0, 5]);
  });
  it('names a custom method after its provider', () => {
    const custom = [...options, method(7, 'Vale Refeição')];
    expect(visibleMethods(custom, enabled).at(-1)).toEqual({ method: 7, name: 'Vale Refeição' });
    expect(methodName(7, custom)).toBe('Vale Refeição');
    expect(methodName(null, custom)).toBe('');
  });
});

describe('pay on delivery', () => {
  it('groups and filters the means', () => {
    expect(deliveryGroups(options)).toEqual(['Dinheiro', 'Cartão']);
    expect(deliveryMeans(options, 'Cartão').map((o) => o.id)).toEqual(['credit', 'debit']);
  });
  it('cash must cover the total (spec §5)', () => {
    expect(cashAmountError('100', 100.01)).toBe('O valor deve ser maior que o valor do pedido!');
    expect(cashAmountError('', 10)).toBe('O valor deve ser maior que o valor do pedido!');
    expect(cashAmountError('100,01', 100.01)).toBeNull();
    expect(cashAmountError('R$ 200,00', 100.01)).toBeNull();
  });
  it('reads amounts typed the Brazilian way', () => {
    expect(parseReais('150,5')).toBe(150.5);
    expect(parseReais('150.50')).toBe(150.5);
    expect(parseReais('1.500,00')).toBeNull();
    expect(parseReais('abc')).toBeNull();
  });
  it('writes amounts the way it reads them back', () => {
    expect(reaisText(150.5)).toBe('150,50');
    expect(parseReais(reaisText(0.1 + 0.2))).toBe(0.3);
  });
});

describe('texts', () => {
  it('footer confirm label', () => {
    expect(confirmLabel(false, 'PIX')).toBe('Finalizar e enviar PIX');
    expect(confirmLabel(false, '')).toBe('Finalizar e enviar');
    expect(confirmLabel(true, 'PIX')).toBe('Receber pedido');
  });
  it('manual card payment link must be a URL (spec §5)', () => {
    expect(paymentLinkError('https://pay.example.com/abc')).toBeNull();
    expect(paymentLinkError('pay.example.com')).toBe('Insira um link válido');
    expect(paymentLinkError('javascript:alert(1)')).toBe('Insira um link válido');
  });
});
